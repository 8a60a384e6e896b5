// The project options editor's pure rules (admin-decks-editor.md sections 3 and 5): drafts of option
// definitions, display orders, value renames, the protected select default and JSON conditions.
import type { GameOptionDto } from "@tt/protocol";

export const OPTION_SAVED_CLEAR_MS = 2000;
export const DEFAULT_PROTECTED = "A select option's default value cannot be removed.";

export interface ValueDraft {
  displayName: string;
  hiddenDisplay?: string;
  displayOrder: number;
  hidden?: boolean;
}

export interface OptionDraft {
  name: string;
  displayName: string;
  displayOrder: number;
  type: "select" | "checkbox";
  hidden: boolean;
  values: Record<string, ValueDraft>;
  default?: string;
  defaultBool?: boolean;
  /** The condition as the user typed it; parsed on every change. */
  conditionText: string;
  /** The JSON parse error of conditionText, kept until the text parses. */
  conditionError: string | null;
  /** Added in this editor and not saved yet. */
  isNewlyAdded: boolean;
  /** Changed since the last save. */
  dirty: boolean;
}

/** A number of at least 0, else 0. */
export function parseDisplayOrder(input: unknown): number {
  const n =
    typeof input === "number"
      ? input
      : typeof input === "string" && input.trim()
        ? Number(input)
        : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

export function toDraft(name: string, option: GameOptionDto): OptionDraft {
  const draft: OptionDraft = {
    name,
    displayName: option.displayName,
    displayOrder: parseDisplayOrder(option.displayOrder),
    type: option.type,
    hidden: !!option.hidden,
    values: { ...(option.values ?? {}) },
    conditionText: option.condition ? JSON.stringify(option.condition, null, 2) : "",
    conditionError: null,
    isNewlyAdded: false,
    dirty: false,
  };
  if (option.default !== undefined) draft.default = option.default;
  if (option.defaultBool !== undefined) draft.defaultBool = option.defaultBool;
  return draft;
}

/** Drafts of every option, by display order then name. */
export function draftsOf(options: Record<string, GameOptionDto>): OptionDraft[] {
  return Object.entries(options)
    .map(([name, o]) => toDraft(name, o))
    .sort((a, b) => a.displayOrder - b.displayOrder || a.name.localeCompare(b.name));
}

/** Why a new option name cannot be used, or null. */
export function optionNameError(name: string, existing: string[]): string | null {
  const n = name.trim();
  if (!n) return "The option needs a name.";
  if (!/^[\w.-]+$/.test(n)) return "An option name may hold letters, digits, '_', '-' and '.'.";
  if (existing.includes(n)) return "An option with this name already exists.";
  return null;
}

export function newOptionDraft(name: string, displayOrder: number): OptionDraft {
  return {
    name: name.trim(),
    displayName: name.trim(),
    displayOrder: parseDisplayOrder(displayOrder),
    type: "checkbox",
    hidden: false,
    values: {},
    defaultBool: false,
    conditionText: "",
    conditionError: null,
    isNewlyAdded: true,
    dirty: true,
  };
}

const changed = (draft: OptionDraft, patch: Partial<OptionDraft>): OptionDraft => ({
  ...draft,
  ...patch,
  dirty: true,
});

export function editOption(draft: OptionDraft, patch: Partial<OptionDraft>): OptionDraft {
  const next = changed(draft, patch);
  if ("displayOrder" in patch) next.displayOrder = parseDisplayOrder(patch.displayOrder);
  return next;
}

/** Parses the condition text: blank means no condition; a parse error is stored, not thrown. */
export function setConditionText(draft: OptionDraft, text: string): OptionDraft {
  return changed(draft, { conditionText: text, conditionError: conditionError(text) });
}

export function conditionError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value))
      return "The condition must be a JSON object.";
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

export function editValue(draft: OptionDraft, key: string, patch: Partial<ValueDraft>): OptionDraft {
  const current = draft.values[key];
  if (!current) return draft;
  const value = { ...current, ...patch };
  if ("displayOrder" in patch) value.displayOrder = parseDisplayOrder(patch.displayOrder);
  return changed(draft, { values: { ...draft.values, [key]: value } });
}

/** Adds a value; ignored when the key is blank or taken. The first value of a select becomes its default. */
export function addValue(draft: OptionDraft, key: string): OptionDraft {
  const k = key.trim();
  if (!k || draft.values[k]) return draft;
  const orders = Object.values(draft.values).map((v) => v.displayOrder);
  const values = {
    ...draft.values,
    [k]: { displayName: k, displayOrder: orders.length ? Math.max(...orders) + 1 : 0 },
  };
  return changed(draft, draft.default === undefined ? { values, default: k } : { values });
}

/** Renames a value key, keeping its place and the default; ignored if blank, unchanged or taken. */
export function renameValue(draft: OptionDraft, from: string, to: string): OptionDraft {
  const k = to.trim();
  if (!k || k === from || !draft.values[from] || draft.values[k]) return draft;
  const values = Object.fromEntries(
    Object.entries(draft.values).map(([key, v]) => [key === from ? k : key, v]),
  );
  return changed(draft, draft.default === from ? { values, default: k } : { values });
}

/** Removes a value, except a select's default (DEFAULT_PROTECTED). */
export function removeValue(draft: OptionDraft, key: string): { draft: OptionDraft; error: string | null } {
  if (draft.type === "select" && draft.default === key) return { draft, error: DEFAULT_PROTECTED };
  if (!draft.values[key]) return { draft, error: null };
  const { [key]: _gone, ...values } = draft.values;
  return { draft: changed(draft, { values }), error: null };
}

/** Values sorted by display order, then key. */
export function sortedValueKeys(draft: OptionDraft): string[] {
  return Object.entries(draft.values)
    .sort((a, b) => a[1].displayOrder - b[1].displayOrder || a[0].localeCompare(b[0]))
    .map(([k]) => k);
}

/** The definition sent to POST /api/update-option, or why it cannot be sent yet. */
export function toDefinition(
  draft: OptionDraft,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (draft.conditionError) return { ok: false, error: `Condition: ${draft.conditionError}` };
  const value: Record<string, unknown> = {
    displayName: draft.displayName,
    displayOrder: parseDisplayOrder(draft.displayOrder),
    type: draft.type,
  };
  if (draft.hidden) value.hidden = true;
  if (draft.conditionText.trim()) value.condition = JSON.parse(draft.conditionText);
  if (draft.type === "select") {
    value.values = draft.values;
    if (draft.default !== undefined) value.default = draft.default;
  } else if (draft.defaultBool !== undefined) value.defaultBool = draft.defaultBool;
  return { ok: true, value };
}

/** After a successful save: no longer new, nothing unsaved. */
export function markSaved(draft: OptionDraft): OptionDraft {
  return { ...draft, isNewlyAdded: false, dirty: false };
}
