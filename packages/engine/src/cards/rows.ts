import type { CardRow, Deck } from "./deck.js";

/**
 * Card rows of the data sheet: identity, copies and exclusion (admin-decks-editor.md section 3),
 * and how a cell reads as text or as a yes/no. Templates, conditions and layer_visible all use
 * cellText and isTruthy, so a cell means the same thing wherever a rule reads it.
 */

/** Upper bound of __copies: a typo like 10000 must not produce a 10000-page PDF. */
export const MAX_COPIES = 1000;

/** A cell as text: missing and null read as "", numbers and booleans as JavaScript prints them. */
export function cellText(value: CardRow[string] | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

/** Empty, "0" and "false" (any case, spaces ignored) are false; any other text is true. */
export function isTruthy(value: CardRow[string] | undefined): boolean {
  const text = cellText(value).trim().toLowerCase();
  return text !== "" && text !== "0" && text !== "false";
}

/** The card's id from its "ID" column ("id" also accepted), or null when it has none. */
export function cardIdOf(row: CardRow): string | null {
  const id = cellText(row.ID ?? row.id).trim();
  return id === "" ? null : id;
}

/**
 * What the card is called: its "name" column (any case) when the sheet has one and the cell is not
 * empty, else its ID; null when it has neither. The viewer lists cards by it and the table reads it
 * out (a screen reader hears 'Red Fox card', not 'c17 card').
 */
export function cardNameOf(row: CardRow): string | null {
  for (const key of Object.keys(row)) {
    if (key.toLowerCase() !== "name") continue;
    const name = cellText(row[key]).trim();
    if (name !== "") return name;
  }
  return cardIdOf(row) ?? (row.cardId === undefined ? null : cellText(row.cardId).trim() || null);
}

/**
 * Copies of a card from __copies or __count: a number or numeric text, floored and clamped to
 * 0..MAX_COPIES. Missing, empty or non-numeric means the default, one copy.
 */
export function copiesOf(row: CardRow): number {
  const raw = row.__copies ?? row.__count;
  if (raw === null || raw === undefined || typeof raw === "boolean") return 1;
  const text = String(raw).trim();
  const n = Number(text);
  if (text === "" || !Number.isFinite(n)) return 1;
  return Math.min(MAX_COPIES, Math.max(0, Math.floor(n)));
}

/** A card marked x in _exclude is left out of prints. */
export function excluded(row: CardRow): boolean {
  const mark = row._exclude;
  return typeof mark === "string" && mark.trim().toLowerCase() === "x";
}

export interface ExpandOptions {
  /** 'Every card only once': at most one copy of each card. */
  everyCardOnce?: boolean;
  /** Printing skips cards marked _exclude. */
  forPrint?: boolean;
}

export interface CardCopy {
  row: CardRow;
  /** Index of the row in deck.cards. */
  index: number;
  /** 0-based copy number. */
  copy: number;
}

/** Every card copy in deck order, as the print view lays them out. Cards with 0 copies never appear. */
export function expandCards(deck: Pick<Deck, "cards">, options: ExpandOptions = {}): CardCopy[] {
  const out: CardCopy[] = [];
  deck.cards.forEach((row, index) => {
    if (options.forPrint === true && excluded(row)) return;
    const copies = options.everyCardOnce === true ? Math.min(1, copiesOf(row)) : copiesOf(row);
    for (let copy = 0; copy < copies; copy++) out.push({ row, index, copy });
  });
  return out;
}
