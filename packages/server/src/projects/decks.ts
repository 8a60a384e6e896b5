import { randomBytes } from "node:crypto";
import {
  type CardRule,
  cardIdOf,
  cardRuleSchema,
  type Deck,
  type DeckFont,
  type DeckInfo,
  deckSchema,
  parseDeck,
} from "@tt/engine";
import { DECK_SHEET_DEFAULTS } from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connect";
import { projects } from "../db/schema";
import type { PsdTemplate } from "../decks/psd";
import type { Row, Workbook } from "../decks/xlsx";
import { DomainError } from "../errors";
import type { ProjectRow } from "./load";

// A project's decks (admin-decks-editor.md sections 2, 3 and 7): created by name, filled from a
// spreadsheet (rules, reverse rules and card rows) and a .psd (card size, layers, layer images), with
// assets of their own. Stored in projects.decks keyed by deck name. Shipped games store their decks
// there as the engine's DeckInfo (cards + cardInfo, no id): decksOf reads both shapes as Deck.

/** Where deck files live in storage; the same key scheme on disk and on S3. */
export const deckKey = (slug: string, deckId: string, file: string) =>
  `projects/${slug}/decks/${deckId}/${file}`;

/** The part of storage decks need (put, delete, a URL for the browser); src/storage implements it. */
export interface DeckStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
}

export const MAX_DECKS = 50;

function shippedDeck(name: string, info: DeckInfo): Deck {
  return deckSchema.parse({
    id: name,
    name,
    cardInfo: info.cardInfo ?? null,
    // The engine's card rows carry cardId; the spreadsheet's identity column is ID.
    cards: info.cards.map((c) => {
      const row: Record<string, string | number | boolean | null> = { ID: c.cardId };
      for (const [k, v] of Object.entries(c)) {
        if (k === "cardId") continue;
        row[k] =
          v === null || typeof v !== "object" ? (v as string | number | boolean | null) : JSON.stringify(v);
      }
      return row;
    }),
  });
}

/** Every deck of the project, by name, as the viewer and the table read them. */
export function decksOf(project: Pick<ProjectRow, "decks">): Record<string, Deck> {
  const out: Record<string, Deck> = {};
  for (const [name, raw] of Object.entries(project.decks ?? {})) {
    if (raw !== null && typeof raw === "object" && "id" in raw) {
      const parsed = parseDeck(raw);
      if (parsed.ok) out[name] = parsed.value;
    } else if (raw !== null && typeof raw === "object" && Array.isArray((raw as DeckInfo).cards)) {
      out[name] = shippedDeck(name, raw as DeckInfo);
    }
  }
  return out;
}

/** What the rules see at a table: rows keyed by cardId (the ID column, else the row number). */
export function deckInfoOf(deck: Deck): DeckInfo {
  return {
    ...(deck.cardInfo ? { cardInfo: deck.cardInfo } : {}),
    cards: deck.cards.map((row, i) => ({ ...row, cardId: cardIdOf(row) ?? String(i + 1) })),
  };
}

/** Every deck as the engine reads it (deck name -> rows and card size). */
export function deckInfosOf(decks: Record<string, Deck>): Record<string, DeckInfo> {
  return Object.fromEntries(Object.entries(decks).map(([name, deck]) => [name, deckInfoOf(deck)]));
}

function deckById(decks: Record<string, Deck>, deckId: string): Deck {
  const deck = Object.values(decks).find((d) => d.id === deckId);
  if (!deck) throw new DomainError("not-found", "No deck with that id in this project.");
  return deck;
}

/** The answer to a change of a deck that another request erased while this one was under way. */
export const DECK_ERASED = "This deck was deleted meanwhile: the change was not saved.";

/**
 * Every deck change is a read-modify-write of the deck as it is now: the project row is locked, the deck
 * re-read by id, `change` applied to that fresh copy and the result written. A change built from the deck
 * as the request first read it would overwrite whatever landed while the request waited (a .psd parse
 * queued behind another takes seconds), and could bring back a deck erased meanwhile.
 */
async function changeDeck(
  db: Db,
  slug: string,
  deckId: string,
  change: (deck: Deck) => Deck,
): Promise<{ before: Deck; after: Deck }> {
  return editDecks(db, slug, (stored) => {
    const current = decksOf({ decks: stored });
    const before = Object.values(current).find((d) => d.id === deckId);
    if (!before) throw new DomainError("conflict", DECK_ERASED);
    const after = change(before);
    const clash = current[after.name];
    if (clash && clash.id !== deckId)
      throw new DomainError("bad-request", `A deck named ${after.name} already exists.`);
    // A rename moves the deck to its new key.
    delete stored[before.name];
    stored[after.name] = after;
    return { before, after };
  });
}

/** Runs `edit` on a copy of the project's stored decks with its row locked, then writes that copy. */
async function editDecks<T>(
  db: Db,
  slug: string,
  edit: (stored: NonNullable<ProjectRow["decks"]>) => T,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ decks: projects.decks })
      .from(projects)
      .where(eq(projects.slug, slug))
      .for("update");
    const stored = { ...(row?.decks ?? {}) };
    const result = edit(stored);
    await tx.update(projects).set({ decks: stored }).where(eq(projects.slug, slug));
    return result;
  });
}

export async function createDeck(db: Db, project: ProjectRow, deckName: string): Promise<Deck> {
  const deck = deckSchema.parse({
    id: randomBytes(6).toString("hex"),
    name: deckName,
    ...DECK_SHEET_DEFAULTS,
  });
  // The name and the count are checked against the decks under the lock, not as first read.
  await editDecks(db, project.slug, (stored) => {
    const decks = decksOf({ decks: stored });
    if (decks[deckName]) throw new DomainError("bad-request", `A deck named ${deckName} already exists.`);
    if (Object.keys(decks).length >= MAX_DECKS)
      throw new DomainError("bad-request", `A project has at most ${MAX_DECKS} decks.`);
    stored[deckName] = deck;
  });
  return deck;
}

export async function eraseDeck(
  db: Db,
  project: ProjectRow,
  deckId: string,
  storage: DeckStorage,
): Promise<void> {
  deckById(decksOf(project), deckId);
  // The deck as it is under the lock: its name may have changed and its assets grown since the first read.
  const erased = await editDecks(db, project.slug, (stored) => {
    const deck = Object.values(decksOf({ decks: stored })).find((d) => d.id === deckId);
    if (!deck) throw new DomainError("conflict", DECK_ERASED);
    delete stored[deck.name];
    return deck;
  });
  await removeFiles(storage, project.slug, erased.id, Object.keys(erased.assets));
}

async function removeFiles(
  storage: DeckStorage,
  slug: string,
  deckId: string,
  files: string[],
): Promise<void> {
  for (const file of files) await storage.delete(deckKey(slug, deckId, file)).catch(() => undefined);
}

/** Rules from a rules sheet: columns layer, rule, arg, arg2 and condition; blank rows skipped. */
export function rulesFrom(rows: Row[]): CardRule[] {
  return rulesWithRows(rows).rules;
}

/**
 * The rules of a sheet with the sheet row number of each (`numbers`: each row's, as read), and the rows
 * that hold something but no rule, which are left out.
 */
function rulesWithRows(rows: Row[], numbers?: number[]) {
  const rules: CardRule[] = [];
  const kept: number[] = [];
  const skipped: number[] = [];
  rows.forEach((row, i) => {
    const rule = cardRuleSchema.safeParse(row);
    if (rule.success && rule.data.rule !== "") {
      rules.push(rule.data);
      kept.push(numbers?.[i] ?? i + 2);
    } else skipped.push(numbers?.[i] ?? i + 2);
  });
  return { rules, kept, skipped };
}

export interface SheetSettings {
  deckId: string;
  deckName: string;
  sheetId: string;
  rulesSheetName: string;
  rulesRevSheetName: string;
  dataSheetName: string;
}

/**
 * A deck's rules, reverse rules and cards, read from a workbook by the settings' sheet names. The data
 * sheet must exist; missing rule sheets leave the deck without rules (a deck of plain data is fine).
 */
export function deckFromWorkbook(deck: Deck, book: Workbook, settings: SheetSettings): Deck {
  const sheet = (name: string) => book.sheets[name];
  const data = sheet(settings.dataSheetName);
  if (data === undefined) {
    const names = Object.keys(book.sheets).join(", ") || "none";
    throw new DomainError(
      "bad-request",
      `The workbook has no sheet named '${settings.dataSheetName}' (sheets: ${names}).`,
    );
  }
  const numbers = (name: string) => book.rowNumbers?.[name];
  const rules = rulesWithRows(sheet(settings.rulesSheetName) ?? [], numbers(settings.rulesSheetName));
  const rulesRev = rulesWithRows(
    sheet(settings.rulesRevSheetName) ?? [],
    numbers(settings.rulesRevSheetName),
  );
  // What reading left out, kept with the deck (engine deckReport lists it first).
  const notes = [settings.dataSheetName, settings.rulesSheetName, settings.rulesRevSheetName].flatMap(
    (name) => book.notes?.[name] ?? [],
  );
  for (const [name, skipped] of [
    [settings.rulesSheetName, rules.skipped],
    [settings.rulesRevSheetName, rulesRev.skipped],
  ] as const)
    if (skipped.length > 0)
      notes.push(
        `Sheet '${name}': ${skipped.length === 1 ? "row" : "rows"} ${skipped.join(", ")} ${skipped.length === 1 ? "holds" : "hold"} no rule, left out.`,
      );
  const cardRows = numbers(settings.dataSheetName);
  return deckSchema.parse({
    ...deck,
    name: settings.deckName,
    sheetId: settings.sheetId,
    rulesSheetName: settings.rulesSheetName,
    rulesRevSheetName: settings.rulesRevSheetName,
    dataSheetName: settings.dataSheetName,
    rules: rules.rules,
    rulesRev: rulesRev.rules,
    cards: data,
    sheetRows: {
      ...(cardRows === undefined ? {} : { cards: cardRows }),
      rules: rules.kept,
      rulesRev: rulesRev.kept,
    },
    sheetNotes: notes,
  });
}

export async function updateDeckSheet(
  db: Db,
  project: ProjectRow,
  settings: SheetSettings,
  book: Workbook,
): Promise<Deck> {
  const deck = deckById(decksOf(project), settings.deckId);
  const { after } = await changeDeck(db, project.slug, deck.id, (current) =>
    deckFromWorkbook(current, book, settings),
  );
  return after;
}

/** The .psd's own images: the files its image layers show. Assets uploaded by hand are not among them. */
function psdImagesOf(deck: Deck): Set<string> {
  return new Set(deck.layers.flatMap((l) => (l.asset === undefined ? [] : [l.asset])));
}

/**
 * The .psd's size and layers become the deck's template; its layer images become deck assets, and the
 * images of the previous .psd that the new one lacks are removed. Which images came from a .psd is read
 * from the template (each image layer names its file), never guessed from a file name: a designer's own
 * asset named like a layer image stays.
 */
export async function updateDeckPsd(
  db: Db,
  storage: DeckStorage,
  project: ProjectRow,
  deckId: string,
  template: PsdTemplate,
): Promise<Deck> {
  const deck = deckById(decksOf(project), deckId);
  const added: Deck["assets"] = {};
  for (const [file, png] of Object.entries(template.images)) {
    const key = deckKey(project.slug, deck.id, file);
    await storage.put(key, png, "image/png");
    const layer = template.layers.find((l) => l.asset === file);
    added[file] = {
      url: storage.publicUrl(key),
      aspect: layer && layer.height > 0 ? layer.width / layer.height : 1,
    };
  }
  const { before, after } = await changeOrCleanUp(db, storage, project.slug, deck.id, added, (current) => {
    const assets = { ...current.assets };
    for (const file of psdImagesOf(current)) delete assets[file];
    return {
      ...current,
      cardInfo: template.cardInfo,
      layers: template.layers,
      psdNotes: template.notes,
      assets: { ...assets, ...added },
    };
  });
  const dropped = [...psdImagesOf(before)].filter((file) => !(file in after.assets));
  await removeFiles(storage, project.slug, deck.id, dropped);
  return after;
}

/** changeDeck for a change that stored files first: if the deck is gone by now, they belong to nothing. */
async function changeOrCleanUp(
  db: Db,
  storage: DeckStorage,
  slug: string,
  deckId: string,
  stored: Deck["assets"],
  change: (deck: Deck) => Deck,
): Promise<{ before: Deck; after: Deck }> {
  try {
    return await changeDeck(db, slug, deckId, change);
  } catch (err) {
    if (err instanceof DomainError && err.message === DECK_ERASED)
      await removeFiles(storage, slug, deckId, Object.keys(stored));
    throw err;
  }
}

export async function addDeckAssets(
  db: Db,
  storage: DeckStorage,
  project: ProjectRow,
  deckId: string,
  files: { name: string; bytes: Buffer; type: string; aspect: number; font?: DeckFont }[],
): Promise<Deck> {
  const deck = deckById(decksOf(project), deckId);
  const added: Deck["assets"] = {};
  for (const f of files) {
    const key = deckKey(project.slug, deck.id, f.name);
    await storage.put(key, f.bytes, f.type);
    added[f.name] = { url: storage.publicUrl(key), aspect: f.aspect, ...(f.font ? { font: f.font } : {}) };
  }
  const { after } = await changeOrCleanUp(db, storage, project.slug, deck.id, added, (current) => ({
    ...current,
    assets: { ...current.assets, ...added },
  }));
  return after;
}

export async function eraseDeckAsset(
  db: Db,
  storage: DeckStorage,
  project: ProjectRow,
  deckId: string,
  assetName: string,
): Promise<Deck> {
  deckById(decksOf(project), deckId);
  const { after } = await changeDeck(db, project.slug, deckId, (current) => {
    if (!(assetName in current.assets))
      throw new DomainError("not-found", "No asset with that name in this deck.");
    const assets = { ...current.assets };
    delete assets[assetName];
    return { ...current, assets };
  });
  // Deleted once the deck no longer names it, so no answer lists a file that is gone.
  await removeFiles(storage, project.slug, deckId, [assetName]);
  return after;
}

/** The project's data sheet, from an upload or the linked sheet; tables read it at start. */
export async function saveDataSheet(
  db: Db,
  slug: string,
  book: Workbook,
  dataSheetId?: string,
): Promise<void> {
  await db
    .update(projects)
    .set({ dataSheet: book.sheets, ...(dataSheetId === undefined ? {} : { dataSheetId }) })
    .where(eq(projects.slug, slug));
}
