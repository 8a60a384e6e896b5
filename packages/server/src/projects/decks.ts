import { randomBytes } from "node:crypto";
import {
  type CardRule,
  cardIdOf,
  cardRuleSchema,
  type Deck,
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
import { HttpError } from "../http/errors";
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

function deckById(decks: Record<string, Deck>, deckId: string): Deck {
  const deck = Object.values(decks).find((d) => d.id === deckId);
  if (!deck) throw new HttpError(404, "No deck with that id in this project.");
  return deck;
}

async function saveDeck(db: Db, slug: string, deck: Deck): Promise<Deck> {
  // Read-modify-write inside one transaction with the row locked: two designers saving two decks at
  // the same moment must not lose one of them.
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ decks: projects.decks })
      .from(projects)
      .where(eq(projects.slug, slug))
      .for("update");
    const decks = { ...(row?.decks ?? {}) };
    for (const [name, d] of Object.entries(decks)) {
      if (
        d !== null &&
        typeof d === "object" &&
        (d as { id?: string }).id === deck.id &&
        name !== deck.name
      ) {
        delete decks[name];
      }
    }
    decks[deck.name] = deck;
    await tx.update(projects).set({ decks }).where(eq(projects.slug, slug));
  });
  return deck;
}

export async function createDeck(db: Db, project: ProjectRow, deckName: string): Promise<Deck> {
  const decks = decksOf(project);
  if (decks[deckName]) throw new HttpError(400, `A deck named ${deckName} already exists.`);
  if (Object.keys(decks).length >= MAX_DECKS)
    throw new HttpError(400, `A project has at most ${MAX_DECKS} decks.`);
  const deck = deckSchema.parse({
    id: randomBytes(6).toString("hex"),
    name: deckName,
    ...DECK_SHEET_DEFAULTS,
  });
  return saveDeck(db, project.slug, deck);
}

export async function eraseDeck(
  db: Db,
  project: ProjectRow,
  deckId: string,
  storage: DeckStorage,
): Promise<void> {
  const deck = deckById(decksOf(project), deckId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ decks: projects.decks })
      .from(projects)
      .where(eq(projects.slug, project.slug))
      .for("update");
    const decks = { ...(row?.decks ?? {}) };
    delete decks[deck.name];
    await tx.update(projects).set({ decks }).where(eq(projects.slug, project.slug));
  });
  for (const file of Object.keys(deck.assets))
    await storage.delete(deckKey(project.slug, deck.id, file)).catch(() => undefined);
}

/** Rules from a rules sheet: columns layer, rule, arg, arg2 and condition; blank rows skipped. */
export function rulesFrom(rows: Row[]): CardRule[] {
  const rules: CardRule[] = [];
  for (const row of rows) {
    const rule = cardRuleSchema.safeParse(row);
    if (rule.success && rule.data.rule !== "") rules.push(rule.data);
  }
  return rules;
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
    throw new HttpError(
      400,
      `The workbook has no sheet named '${settings.dataSheetName}' (sheets: ${names}).`,
    );
  }
  return deckSchema.parse({
    ...deck,
    name: settings.deckName,
    sheetId: settings.sheetId,
    rulesSheetName: settings.rulesSheetName,
    rulesRevSheetName: settings.rulesRevSheetName,
    dataSheetName: settings.dataSheetName,
    rules: rulesFrom(sheet(settings.rulesSheetName) ?? []),
    rulesRev: rulesFrom(sheet(settings.rulesRevSheetName) ?? []),
    cards: data,
  });
}

export async function updateDeckSheet(
  db: Db,
  project: ProjectRow,
  settings: SheetSettings,
  book: Workbook,
): Promise<Deck> {
  const decks = decksOf(project);
  const deck = deckById(decks, settings.deckId);
  const clash = decks[settings.deckName];
  if (clash && clash.id !== deck.id)
    throw new HttpError(400, `A deck named ${settings.deckName} already exists.`);
  return saveDeck(db, project.slug, deckFromWorkbook(deck, book, settings));
}

/** The .psd's size and layers become the deck's template; its layer images become deck assets. */
export async function updateDeckPsd(
  db: Db,
  storage: DeckStorage,
  project: ProjectRow,
  deckId: string,
  template: PsdTemplate,
): Promise<Deck> {
  const deck = deckById(decksOf(project), deckId);
  const assets = { ...deck.assets };
  // Layer images of an earlier .psd are replaced, not accumulated.
  for (const file of Object.keys(assets)) {
    if (/^layer-\d+-/.test(file) && !(file in template.images)) {
      delete assets[file];
      await storage.delete(deckKey(project.slug, deck.id, file)).catch(() => undefined);
    }
  }
  for (const [file, png] of Object.entries(template.images)) {
    const key = deckKey(project.slug, deck.id, file);
    await storage.put(key, png, "image/png");
    const layer = template.layers.find((l) => l.asset === file);
    assets[file] = {
      url: storage.publicUrl(key),
      aspect: layer && layer.height > 0 ? layer.width / layer.height : 1,
    };
  }
  return saveDeck(db, project.slug, {
    ...deck,
    cardInfo: template.cardInfo,
    layers: template.layers,
    assets,
  });
}

export async function addDeckAssets(
  db: Db,
  storage: DeckStorage,
  project: ProjectRow,
  deckId: string,
  files: { name: string; bytes: Buffer; type: string; aspect: number }[],
): Promise<Deck> {
  const deck = deckById(decksOf(project), deckId);
  const assets = { ...deck.assets };
  for (const f of files) {
    const key = deckKey(project.slug, deck.id, f.name);
    await storage.put(key, f.bytes, f.type);
    assets[f.name] = { url: storage.publicUrl(key), aspect: f.aspect };
  }
  return saveDeck(db, project.slug, { ...deck, assets });
}

export async function eraseDeckAsset(
  db: Db,
  storage: DeckStorage,
  project: ProjectRow,
  deckId: string,
  assetName: string,
): Promise<Deck> {
  const deck = deckById(decksOf(project), deckId);
  if (!(assetName in deck.assets)) throw new HttpError(404, "No asset with that name in this deck.");
  const assets = { ...deck.assets };
  delete assets[assetName];
  await storage.delete(deckKey(project.slug, deck.id, assetName)).catch(() => undefined);
  return saveDeck(db, project.slug, { ...deck, assets });
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
