import type { Json, JsonObject } from "../json.js";
import type { StatRef, StatRow } from "./types.js";

/**
 * The default module's describeStat: a statistic as the results page words it when the game says
 * nothing of its own. Players read labels, not keys ('Bells rung', not `bellsRung`), and values as
 * words and lists, never JSON.
 */

/** Shown for a stat that is absent or null. */
export const NO_VALUE = "–";

/**
 * A key as words: camelCase, snake_case and kebab-case split, the first letter capitalised
 * ('bellsRung' -> 'Bells rung', 'final_price' -> 'Final price', 'white-king' -> 'White king').
 */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "")
    // An acronym keeps its capitals ('PDF size'); any other word is lower case after the first.
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const text = words.join(" ");
  return text === "" ? key : text.charAt(0).toUpperCase() + text.slice(1);
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function numberText(n: number): string {
  if (Number.isInteger(n)) return String(n);
  // Averages and shares: two decimals at most, no trailing zeros.
  return String(Math.round(n * 100) / 100);
}

/** A value on one line: scalars as words, lists joined by commas, objects as 'name value' pairs. */
export function inlineValue(value: Json | undefined): string {
  if (value === undefined || value === null) return NO_VALUE;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(inlineValue).join(", ");
  const entries = Object.entries(value);
  if (entries.length === 0) return "none";
  return entries.map(([k, v]) => `${humanise(k).toLowerCase()} ${inlineValue(v)}`).join(", ");
}

/**
 * A stat's value as the results page shows it: one line for a scalar or a list of scalars, a list of
 * lines for a list of records (a sale log) or an object (scores by colour: 'red: 12').
 */
export function statValue(value: Json | undefined): string | string[] {
  if (Array.isArray(value) && value.some((item) => typeof item === "object" && item !== null))
    return value.map(inlineValue);
  if (isObject(value) && Object.keys(value).length > 0)
    return Object.entries(value).map(([k, v]) => `${k}: ${inlineValue(v)}`);
  return inlineValue(value);
}

/** Labels of the fields a game end's result usually has (the 'game end' move keeps it as `result`). */
const RESULT_LABELS: { [key: string]: string } = {
  winners: "Winners",
  winner: "Winner",
  scores: "Final scores",
  reason: "How it ended",
};

/** A game end's result, one row per field: 'Winners: red', 'Final scores: red: 12, blue: 9'. */
function resultRows(result: JsonObject): StatRow[] {
  return Object.entries(result).map(([key, value]) => {
    let label = RESULT_LABELS[key] ?? humanise(key);
    if (key === "winners" && Array.isArray(value) && value.length === 1) label = "Winner";
    return { label, value: statValue(value) };
  });
}

export function defaultDescribeStat(stat: StatRef): StatRow[] {
  if (stat.scope === "table" && stat.key === "result" && isObject(stat.value)) return resultRows(stat.value);
  return [{ label: humanise(stat.key), value: statValue(stat.value) }];
}
