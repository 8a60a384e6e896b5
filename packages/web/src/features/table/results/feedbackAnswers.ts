// The feedback form's pure rules (game-table.md sections 3-5): which field a question gets, when the
// dialog opens, what is sent and how saved answers read back.
import type { FeedbackQuestion, TableFeedback } from "@tt/protocol";

export type FieldKind = "textarea" | "text" | "rating" | "yesno";

/** The admin form offers these types; anything else is answered in a text area, the default type. */
export function fieldKind(type: string): FieldKind {
  return type === "text" || type === "rating" || type === "yesno" ? type : "textarea";
}

export const RATING_MAX = 5;
export const YES = "Yes";
export const NO = "No";

/**
 * Section 4: the table has ended (the caller checks), the user has not answered, and there is a form;
 * and the user sat at the table: feedback is the players' (the server takes no one else's).
 */
export function dialogShouldOpen(
  feedback: Pick<TableFeedback, "questions" | "userAnswers"> | undefined,
  seated: boolean,
): boolean {
  return seated && feedback !== undefined && feedback.userAnswers === null && feedback.questions.length > 0;
}

/** The answers to send: the asked questions the user answered, trimmed; blank ones are left out. */
export function answersToSend(
  questions: FeedbackQuestion[],
  draft: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    const text = (draft[q.id] ?? "").trim();
    if (text !== "") out[q.id] = text;
  }
  return out;
}

/**
 * The colour feedback is given as: the user's own seat at the table, never the colour they happen to
 * look through; null for anyone without a seat (spectators, and everyone at a sandbox table, which
 * seats nobody), who give no feedback.
 */
export function feedbackColor(yourSeat: string | null): string | null {
  return yourSeat !== null && yourSeat !== "" ? yourSeat : null;
}

/** Saved answers in the form's order, then answers to questions the form no longer asks, by id. */
export function savedAnswerRows(
  questions: FeedbackQuestion[],
  answers: Record<string, string>,
): { id: string; question: string; answer: string }[] {
  const rows = questions
    .filter((q) => answers[q.id] !== undefined)
    .map((q) => ({ id: q.id, question: q.text || q.id, answer: answers[q.id]! }));
  const asked = new Set(questions.map((q) => q.id));
  for (const [id, answer] of Object.entries(answers))
    if (!asked.has(id)) rows.push({ id, question: id, answer });
  return rows;
}
