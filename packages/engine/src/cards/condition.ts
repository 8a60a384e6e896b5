import type { CardRow } from "./deck.js";
import { cellText, isTruthy } from "./rows.js";

/**
 * The optional condition of a rule, tested against one card row:
 *
 *   column            the cell is truthy (not empty, "0" or "false")
 *   !column           the cell is not truthy
 *   column=a,b        the cell is one of a, b
 *   column!=a,b       the cell is none of a, b
 *
 * Column names and values are trimmed; values compare without regard to case, because sheet
 * cells drift ("Red", "red") and booleans print as "true" while sheets show "TRUE". "column="
 * matches an empty cell.
 */

export type Condition =
  | { kind: "truthy"; column: string; negate: boolean }
  | { kind: "equals"; column: string; values: string[]; negate: boolean };

export type ConditionParse =
  | { ok: true; value: Condition | null }
  | { ok: false; code: "card/bad-condition" };

/** Parses a condition; an absent or blank condition is null (the rule always applies). */
export function parseCondition(text: string | undefined): ConditionParse {
  const source = (text ?? "").trim();
  if (source === "") return { ok: true, value: null };
  const eq = source.indexOf("=");
  if (eq < 0) {
    const negate = source.startsWith("!");
    const column = (negate ? source.slice(1) : source).trim();
    return column === "" ? invalid() : { ok: true, value: { kind: "truthy", column, negate } };
  }
  const negate = source[eq - 1] === "!";
  const column = source.slice(0, negate ? eq - 1 : eq).trim();
  if (column === "") return invalid();
  const values = source
    .slice(eq + 1)
    .split(",")
    .map((v) => v.trim().toLowerCase());
  return { ok: true, value: { kind: "equals", column, values, negate } };
}

export function conditionHolds(condition: Condition | null, row: CardRow): boolean {
  if (condition === null) return true;
  const cell = row[condition.column];
  const holds =
    condition.kind === "truthy"
      ? isTruthy(cell)
      : condition.values.includes(cellText(cell).trim().toLowerCase());
  return holds !== condition.negate;
}

function invalid(): ConditionParse {
  return { ok: false, code: "card/bad-condition" };
}
