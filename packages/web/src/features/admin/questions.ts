// The feedback form editor's pure rules (admin-decks-editor.md sections 3 and 5): question rows, unique
// ids and the map POST /api/update-form-questions takes.
import type { FormQuestionDto } from "@tt/protocol";

export interface QuestionRow {
  /** A stable key for React while the id is being edited. */
  key: string;
  id: string;
  text: string;
  type: string;
  formOrder: number;
  /** The condition as JSON text; blank for none. */
  conditionText: string;
}

export const QUESTION_TYPES = ["textarea", "text", "rating", "yesno"] as const;

export function rowsOf(questions: Record<string, FormQuestionDto>): QuestionRow[] {
  return Object.entries(questions)
    .sort((a, b) => a[1].formOrder - b[1].formOrder || a[0].localeCompare(b[0]))
    .map(([id, q]) => ({
      key: id,
      id,
      text: q.text,
      type: q.type || "textarea",
      formOrder: q.formOrder,
      conditionText: q.condition === undefined || q.condition === null ? "" : JSON.stringify(q.condition),
    }));
}

export function newRow(rows: QuestionRow[], key: string): QuestionRow {
  const orders = rows.map((r) => r.formOrder);
  return {
    key,
    id: "",
    text: "",
    type: "textarea",
    formOrder: orders.length ? Math.max(...orders) + 1 : 0,
    conditionText: "",
  };
}

/** Ids that are blank or used more than once (regardless of case and spaces), by row key. */
export function rowErrors(rows: QuestionRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const count = new Map<string, number>();
  for (const r of rows) {
    const id = r.id.trim().toLowerCase();
    count.set(id, (count.get(id) ?? 0) + 1);
  }
  for (const r of rows) {
    const id = r.id.trim();
    if (!id) errors[r.key] = "The id cannot be empty.";
    else if (!/^[\w.-]+$/.test(id)) errors[r.key] = "Letters, digits, '_', '-' and '.' only.";
    else if ((count.get(id.toLowerCase()) ?? 0) > 1) errors[r.key] = "This id is used twice.";
    else if (conditionError(r.conditionText)) errors[r.key] = `Condition: ${conditionError(r.conditionText)}`;
  }
  return errors;
}

function conditionError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The map keyed by question id, with type defaulting to textarea; call only when rowErrors is empty. */
export function toQuestionMap(rows: QuestionRow[]): Record<string, FormQuestionDto> {
  const out: Record<string, FormQuestionDto> = {};
  for (const r of rows) {
    const q: FormQuestionDto = {
      formOrder: Number.isFinite(r.formOrder) ? r.formOrder : 0,
      text: r.text,
      type: r.type.trim() || "textarea",
    };
    if (r.conditionText.trim()) q.condition = JSON.parse(r.conditionText);
    out[r.id.trim()] = q;
  }
  return out;
}
