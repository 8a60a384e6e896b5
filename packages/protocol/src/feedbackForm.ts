import { z } from "zod";

// The feedback form a table asks (game-table.md section 5: 'A feedback question is shown only if its
// condition matches table options'), and what POST /api/submit-feedback takes (section 7). Shared so
// the server answers and the browser reasons alike.

/** The longest answer to one feedback question (and the longest reader's note), in characters. */
export const FEEDBACK_ANSWER_MAX = 5000;
/** A form asks no more questions than this; a submission with more answers is no real one. */
export const FEEDBACK_ANSWERS_MAX = 100;

/** A question of an ended table's feedback form (game-table.md section 3, Feedback). */
export interface FeedbackQuestion {
  id: string;
  text: string;
  /** textarea (the default), text, rating or yesno; an unknown type is answered as textarea. */
  type: string;
  formOrder: number;
}

/**
 * POST /api/submit-feedback: a seated player's answers (question id -> text), or a feedback reader's
 * note on someone's row ({user, answers: {note}}). The colour, when sent, must be the sender's seat.
 */
export const submitFeedbackSchema = z.object({
  tableId: z.string().min(1).max(50),
  user: z.string().max(100).optional(),
  color: z.string().max(20).optional(),
  answers: z
    .record(
      z.string().min(1).max(100),
      z.string().max(FEEDBACK_ANSWER_MAX, `An answer may be at most ${FEEDBACK_ANSWER_MAX} characters.`),
    )
    .refine((answers) => Object.keys(answers).length <= FEEDBACK_ANSWERS_MAX, {
      message: `At most ${FEEDBACK_ANSWERS_MAX} answers can be sent.`,
    }),
});
export type FeedbackSubmission = z.input<typeof submitFeedbackSchema>;

/** The answered ids that are no question of the form the table asks (unknown, or not for its options). */
export function unaskedAnswers(
  questions: readonly FeedbackQuestion[],
  answers: Record<string, string>,
): string[] {
  const asked = new Set(questions.map((q) => q.id));
  return Object.keys(answers).filter((id) => !asked.has(id));
}

type OptionValues = Record<string, string | boolean>;

/**
 * Whether a question's condition holds for a table's option values. The condition has the shape of an
 * option condition (admin form placeholder `{"expansion": {"eq": true}}`): every named option must
 * equal `eq` and differ from `ne`. Designers type it as free JSON, so two shorthands are read too: a
 * bare value means `eq`, a list means 'one of'; and values compare as text (`"true"` matches a ticked
 * checkbox). No condition holds always; one the rules cannot read holds never, so a malformed
 * condition hides its question instead of putting it in front of every player.
 */
export function feedbackConditionHolds(condition: unknown, options: OptionValues): boolean {
  if (condition === undefined || condition === null) return true;
  if (!isPlainObject(condition)) return false;
  return Object.entries(condition).every(([key, rule]) => ruleHolds(rule, options[key]));
}

function ruleHolds(rule: unknown, current: string | boolean | undefined): boolean {
  if (Array.isArray(rule)) return oneOf(rule, current);
  if (!isPlainObject(rule)) return oneOf([rule], current);
  const hasEq = "eq" in rule;
  const hasNe = "ne" in rule;
  if (!hasEq && !hasNe) return false;
  if (hasEq && !oneOf(listOf(rule.eq), current)) return false;
  if (hasNe && oneOf(listOf(rule.ne), current)) return false;
  return true;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** An option the table does not have equals nothing (so `ne` holds and `eq` does not). */
function oneOf(values: unknown[], current: string | boolean | undefined): boolean {
  if (current === undefined) return false;
  return values.some(
    (v) => (typeof v === "string" || typeof v === "boolean") && String(v) === String(current),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The questions a table asks, from the project's stored form (question id -> {text, type, formOrder,
 * condition}): those whose condition holds for the table's options, by formOrder then id. Read
 * defensively, as the form is stored JSON.
 */
export function tableFeedbackQuestions(formQuestions: unknown, options: OptionValues): FeedbackQuestion[] {
  if (!isPlainObject(formQuestions)) return [];
  const out: FeedbackQuestion[] = [];
  for (const [id, raw] of Object.entries(formQuestions)) {
    if (!isPlainObject(raw) || !feedbackConditionHolds(raw.condition, options)) continue;
    const order = Number(raw.formOrder);
    out.push({
      id,
      text: typeof raw.text === "string" ? raw.text : "",
      type: typeof raw.type === "string" && raw.type.trim() !== "" ? raw.type.trim() : "textarea",
      formOrder: Number.isFinite(order) ? order : 0,
    });
  }
  return out.sort((a, b) => a.formOrder - b.formOrder || a.id.localeCompare(b.id));
}
