// The columns a reader chose (options, stats, global stats), remembered per project in local storage.
import type { GameOptionDto } from "@tt/protocol";
import type { KeyValueStore } from "../../lib/storage";
import { cleanNames } from "./feedbackQuery";

export interface ColumnChoice {
  options: string[];
  stats: string[];
  globalStats: string[];
}

export const EMPTY_CHOICE: ColumnChoice = { options: [], stats: [], globalStats: [] };

export function columnsKey(slug: string): string {
  return `feedback-columns-${slug}`;
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? cleanNames(value.filter((v): v is string => typeof v === "string")) : [];
}

/** Reads a stored choice; anything malformed reads as no choice. Options no longer in the project drop out. */
export function parseChoice(stored: string | null, projectOptions?: readonly string[]): ColumnChoice {
  if (!stored) return EMPTY_CHOICE;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return EMPTY_CHOICE;
  }
  if (!value || typeof value !== "object") return EMPTY_CHOICE;
  const v = value as Record<string, unknown>;
  const options = names(v.options);
  return {
    options: projectOptions ? options.filter((o) => projectOptions.includes(o)) : options,
    stats: names(v.stats),
    globalStats: names(v.globalStats),
  };
}

export function loadChoice(store: KeyValueStore, slug: string, projectOptions?: readonly string[]) {
  return parseChoice(store.getItem(columnsKey(slug)), projectOptions);
}

export function saveChoice(store: KeyValueStore, slug: string, choice: ColumnChoice): void {
  store.setItem(columnsKey(slug), JSON.stringify(choice));
}

/** The project's options a reader may add as columns, in display order (playerColors is not one). */
export function optionKeys(options: Record<string, GameOptionDto>): string[] {
  return Object.entries(options)
    .filter(([key]) => key !== "playerColors")
    .sort(([, a], [, b]) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0))
    .map(([key]) => key);
}

/** A cell's text: an option value by its display name, booleans as Yes/No, objects as JSON, null blank. */
export function cellText(value: unknown, option?: GameOptionDto): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return option?.values?.[value]?.displayName ?? value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** The answer keys across the shown rows, in first-seen order (the note has its own column). */
export function answerKeys(rows: readonly { feedbackAnswers: Record<string, string> }[]): string[] {
  return cleanNames(rows.flatMap((r) => Object.keys(r.feedbackAnswers ?? {}))).filter((k) => k !== "note");
}
