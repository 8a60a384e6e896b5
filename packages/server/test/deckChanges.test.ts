import type { Deck } from "@tt/engine";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/connect";
import { projects } from "../src/db/schema";
import { type PsdTemplate, parsePsd } from "../src/decks/psd";
import type { Workbook } from "../src/decks/xlsx";
import {
  addDeckAssets,
  createDeck,
  DECK_ERASED,
  type DeckStorage,
  decksOf,
  eraseDeck,
  eraseDeckAsset,
  updateDeckPsd,
  updateDeckSheet,
} from "../src/projects/decks";
import type { ProjectRow } from "../src/projects/load";
import { seedProjects } from "../src/projects/projects";
import { buildPsd } from "./fixtures/psdFixture";
import { freshDatabase } from "./harness";

// Deck changes that overlap (admin-decks-editor.md section 7: a .psd upload, a sheet update, asset
// uploads and erasures on the same deck). A .psd upload stores its layer images before it saves the
// deck, and can wait a long time in the parse queue; whatever lands meanwhile must survive it, and a
// deck erased meanwhile must stay erased. The storage here holds files in memory and can hold a
// put back until the test lets it go, which puts the other request exactly inside the upload.

const SLUG = "template-cards";
let database: Database;
let parsed: PsdTemplate;

beforeAll(async () => {
  database = await freshDatabase();
  await seedProjects(database.db);
  const read = parsePsd(buildPsd());
  if (!read.ok) throw new Error(read.message);
  parsed = read.value;
});
afterAll(() => database.close());

class HeldStorage implements DeckStorage {
  readonly files = new Map<string, Buffer>();
  private held: { started: () => void; release: Promise<void> } | null = null;

  /** The next put waits for `release`; the answer resolves once that put has started. */
  holdNextPut(release: Promise<void>): Promise<void> {
    return new Promise((started) => {
      this.held = { started, release };
    });
  }
  async put(key: string, bytes: Buffer): Promise<void> {
    const held = this.held;
    if (held) {
      this.held = null;
      held.started();
      await held.release;
    }
    this.files.set(key, bytes);
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
  publicUrl(key: string): string {
    return `/${key}`;
  }
  names(deck: Deck): string[] {
    const prefix = `projects/${SLUG}/decks/${deck.id}/`;
    return [...this.files.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }
}

function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

async function project(): Promise<ProjectRow> {
  const [row] = await database.db.select().from(projects).where(eq(projects.slug, SLUG));
  return row!;
}

async function deckNamed(name: string): Promise<Deck | undefined> {
  return decksOf(await project())[name];
}

const template = (): PsdTemplate => parsed;

const book: Workbook = {
  sheets: {
    data: [
      { ID: "c1", title: "Fox" },
      { ID: "c2", title: "Owl" },
    ],
    rules: [{ layer: "title", rule: "set_innerHTML", arg: "{title}" }],
  },
};
const sheetSettings = (deck: Deck) => ({
  deckId: deck.id,
  deckName: deck.name,
  sheetId: "",
  rulesSheetName: "rules",
  rulesRevSheetName: "rules_rev",
  dataSheetName: "data",
});
const icon = (name: string) => ({ name, bytes: Buffer.from(name), type: "image/png", aspect: 2 });

describe("deck changes that overlap", () => {
  it("keep a sheet update and an asset upload that land while a .psd upload is under way", async () => {
    const storage = new HeldStorage();
    const deck = await createDeck(database.db, await project(), "Racing");
    // The upload read the project, parsed its file, and is storing the first layer image...
    const release = gate();
    const seenByUpload = await project();
    const holding = storage.holdNextPut(release.opened);
    const upload = updateDeckPsd(database.db, storage, seenByUpload, deck.id, template());
    await holding;
    // ...when the designer's sheet update and an icon upload land.
    await updateDeckSheet(database.db, await project(), sheetSettings(deck), book);
    await addDeckAssets(database.db, storage, await project(), deck.id, [icon("coin.png")]);
    release.open();
    const saved = await upload;

    const stored = (await deckNamed("Racing"))!;
    expect(stored).toEqual(saved);
    expect(stored.cards.map((c) => c.title)).toEqual(["Fox", "Owl"]);
    expect(stored.rules).toHaveLength(1);
    expect(stored.layers.map((l) => l.name)).toEqual(["background", "art", "title", "text"]);
    expect(Object.keys(stored.assets).sort()).toEqual([
      "coin.png",
      "layer-0-background.png",
      "layer-1-art.png",
    ]);
    expect(storage.names(stored).sort()).toEqual(Object.keys(stored.assets).sort());
  });

  it("keep an asset erased while a .psd upload is under way erased", async () => {
    const storage = new HeldStorage();
    const deck = await createDeck(database.db, await project(), "Erasing");
    await addDeckAssets(database.db, storage, await project(), deck.id, [icon("old.png")]);
    const release = gate();
    const seenByUpload = await project();
    const holding = storage.holdNextPut(release.opened);
    const upload = updateDeckPsd(database.db, storage, seenByUpload, deck.id, template());
    await holding;
    await eraseDeckAsset(database.db, storage, await project(), deck.id, "old.png");
    release.open();
    await upload;
    const stored = (await deckNamed("Erasing"))!;
    expect(stored.assets["old.png"]).toBeUndefined();
    expect(stored.layers).toHaveLength(4);
  });

  it("refuse to bring back a deck erased while a .psd upload or an asset upload was under way", async () => {
    const storage = new HeldStorage();
    const deck = await createDeck(database.db, await project(), "Doomed");
    const release = gate();
    const seenByUpload = await project();
    const holding = storage.holdNextPut(release.opened);
    const upload = updateDeckPsd(database.db, storage, seenByUpload, deck.id, template());
    const uploadOutcome = upload.catch((err: Error & { kind?: string }) => err);
    await holding;
    await eraseDeck(database.db, await project(), deck.id, storage);
    release.open();
    const failure = await uploadOutcome;
    // A conflict (the deck's routes answer it with 409: http/errors.ts maps the kinds).
    expect(failure).toMatchObject({ kind: "conflict", message: DECK_ERASED });
    expect(await deckNamed("Doomed")).toBeUndefined();
    // The layer images it stored belong to nothing and are gone again.
    expect(storage.names(deck)).toEqual([]);

    // The same for an asset upload, and for changes that start after the erasure from a stale read.
    const again = await createDeck(database.db, await project(), "Doomed");
    const stale = await project();
    await eraseDeck(database.db, await project(), again.id, storage);
    await expect(addDeckAssets(database.db, storage, stale, again.id, [icon("a.png")])).rejects.toMatchObject(
      {
        kind: "conflict",
        message: DECK_ERASED,
      },
    );
    expect(storage.names(again)).toEqual([]);
    await expect(updateDeckSheet(database.db, stale, sheetSettings(again), book)).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(eraseDeckAsset(database.db, storage, stale, again.id, "a.png")).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(await deckNamed("Doomed")).toBeUndefined();
  });

  it("remove only the previous .psd's own layer images, never an asset uploaded under a like name", async () => {
    const storage = new HeldStorage();
    const deck = await createDeck(database.db, await project(), "Layered");
    await updateDeckPsd(database.db, storage, await project(), deck.id, template());
    // The designer's own image, named as a .psd layer image would be.
    await addDeckAssets(database.db, storage, await project(), deck.id, [icon("layer-7-mine.png")]);
    // A .psd with only the background: the art layer's image goes, the designer's image stays.
    const full = template();
    const smaller: PsdTemplate = {
      ...full,
      layers: full.layers.filter((l) => l.name !== "art"),
      images: { "layer-0-background.png": full.images["layer-0-background.png"]! },
    };
    await updateDeckPsd(database.db, storage, await project(), deck.id, smaller);
    const stored = (await deckNamed("Layered"))!;
    expect(Object.keys(stored.assets).sort()).toEqual(["layer-0-background.png", "layer-7-mine.png"]);
    expect(storage.names(stored).sort()).toEqual(["layer-0-background.png", "layer-7-mine.png"]);
  });
});
