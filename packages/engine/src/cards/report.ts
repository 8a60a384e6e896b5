import type { CardRow, Deck } from "./deck.js";
import { renderCardDetailed } from "./render.js";
import { cardIdOf } from "./rows.js";

/**
 * What is wrong with a deck, said when it is uploaded rather than found later in the viewer's debug
 * mode (issue 18: errors at upload): each row the table and print skip (no ID), and every problem
 * the card renderer meets drawing each card's front and back (an unknown rule, a layer the .psd does
 * not have, a missing icon or image, a bad number or condition), each once, with the sheet rows it
 * happens on. The same renderer draws the viewer, the table and the PDF, so this is what they show.
 */

/** Cards checked at most: a report, not a second upload; a bigger deck says how many were checked. */
export const REPORT_MAX_CARDS = 500;
/**
 * Rule applications at most (cards x rules of both sides): the report runs on the server's event
 * loop at each upload, so a deck of 500 cards and 2,000 rules a side must not stall every table.
 */
export const REPORT_MAX_RULE_RUNS = 100_000;
/** Lines at most in a report. */
export const REPORT_MAX_LINES = 50;

/** A row's number in its sheet: as read (sheetRows), else counted from row 2 below the header. */
const rowOf = (numbers: number[] | undefined, index: number) => numbers?.[index] ?? index + 2;

function rowsText(rows: number[], total: number): string {
  if (rows.length === total && total > 1) return "every card";
  const shown = rows.slice(0, 10).join(", ");
  const more = rows.length > 10 ? ` and ${rows.length - 10} more` : "";
  return `${rows.length === 1 ? "card row" : "card rows"} ${shown}${more}`;
}

export function deckReport(
  deck: Pick<
    Deck,
    | "cards"
    | "cardInfo"
    | "layers"
    | "rules"
    | "rulesRev"
    | "assets"
    | "sheetRows"
    | "sheetNotes"
    | "psdNotes"
  >,
): string[] {
  const lines: string[] = [...(deck.psdNotes ?? []), ...(deck.sheetNotes ?? [])];
  const cards = deck.cards as CardRow[];
  const sheetRow = (i: number) => rowOf(deck.sheetRows?.cards, i);
  cards.forEach((row, i) => {
    if (cardIdOf(row) === null)
      lines.push(`Row ${sheetRow(i)} has no ID: it is left out of the table and print.`);
  });
  // A {column} a rule fills from the card's row, where the data sheet has no such column: the
  // renderer fills it with nothing, silently.
  const columns = new Set(cards.flatMap((row) => Object.keys(row)));
  for (const [rules, rev] of [
    [deck.rules, false],
    [deck.rulesRev, true],
  ] as const) {
    rules.forEach((rule, i) => {
      const unknown = new Set<string>();
      for (const arg of [rule.arg, rule.arg2])
        for (const [, name] of (arg ?? "").matchAll(/\{([^{}[\]]+)\}/g))
          if (name !== undefined && !columns.has(name)) unknown.add(name);
      const where = `${rev ? "Reverse rules" : "Rules"} row ${rowOf(rev ? deck.sheetRows?.rulesRev : deck.sheetRows?.rules, i)}`;
      for (const name of unknown) lines.push(`${where}: the data sheet has no column '${name}'.`);
    });
  }
  // Before a .psd there are no layers to check the rules against: the viewer says so already.
  if (deck.cardInfo === null || deck.layers.length === 0) return cap(lines);
  const found = new Map<string, number[]>();
  const perCard = Math.max(1, deck.rules.length + deck.rulesRev.length);
  const limit = Math.max(1, Math.min(REPORT_MAX_CARDS, Math.floor(REPORT_MAX_RULE_RUNS / perCard)));
  const checked = cards.slice(0, limit);
  const sides = deck.rulesRev.length > 0 ? [false, true] : [false];
  checked.forEach((row, i) => {
    if (cardIdOf(row) === null) return;
    for (const rev of sides) {
      for (const problem of renderCardDetailed(deck as Deck, row, { rev }).problems) {
        // Which rule, by its row in the rules sheet (or the reverse rules sheet).
        const ruleRow =
          problem.rule === undefined
            ? undefined
            : rowOf(rev ? deck.sheetRows?.rulesRev : deck.sheetRows?.rules, problem.rule);
        const where = ruleRow === undefined ? "" : `${rev ? "Reverse rules" : "Rules"} row ${ruleRow}: `;
        const key = `${rev && where === "" ? "Back: " : ""}${where}${problem.message}`;
        const rows = found.get(key) ?? [];
        if (rows.at(-1) !== sheetRow(i)) rows.push(sheetRow(i));
        found.set(key, rows);
      }
    }
  });
  const withId = checked.filter((row) => cardIdOf(row) !== null).length;
  for (const [message, rows] of found) lines.push(`${message} (${rowsText(rows, withId)})`);
  if (cards.length > limit) lines.push(`Checked the first ${limit} of ${cards.length} cards.`);
  return cap(lines);
}

function cap(lines: string[]): string[] {
  if (lines.length <= REPORT_MAX_LINES) return lines;
  return [...lines.slice(0, REPORT_MAX_LINES), `... and ${lines.length - REPORT_MAX_LINES} more.`];
}
