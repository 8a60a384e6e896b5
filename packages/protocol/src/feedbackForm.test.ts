import { describe, expect, it } from "vitest";
import {
  FEEDBACK_ANSWER_MAX,
  feedbackConditionHolds,
  submitFeedbackSchema,
  tableFeedbackQuestions,
  unaskedAnswers,
} from "./feedbackForm";

const options = { expansion: true, speed: "fast" };

describe("feedbackConditionHolds", () => {
  it("holds without a condition", () => {
    expect(feedbackConditionHolds(undefined, options)).toBe(true);
    expect(feedbackConditionHolds(null, options)).toBe(true);
    expect(feedbackConditionHolds({}, options)).toBe(true);
  });

  it("reads eq and ne as the option conditions do, every named option at once", () => {
    expect(feedbackConditionHolds({ expansion: { eq: true } }, options)).toBe(true);
    expect(feedbackConditionHolds({ expansion: { eq: false } }, options)).toBe(false);
    expect(feedbackConditionHolds({ speed: { ne: "slow" } }, options)).toBe(true);
    expect(feedbackConditionHolds({ speed: { ne: "fast" } }, options)).toBe(false);
    expect(feedbackConditionHolds({ speed: { eq: "fast", ne: "fast" } }, options)).toBe(false);
    expect(feedbackConditionHolds({ expansion: { eq: true }, speed: { eq: "slow" } }, options)).toBe(false);
  });

  it("takes a bare value as eq, a list as one of, and compares as text", () => {
    expect(feedbackConditionHolds({ speed: "fast" }, options)).toBe(true);
    expect(feedbackConditionHolds({ speed: ["slow", "fast"] }, options)).toBe(true);
    expect(feedbackConditionHolds({ speed: { eq: ["slow", "normal"] } }, options)).toBe(false);
    expect(feedbackConditionHolds({ speed: { ne: ["slow", "normal"] } }, options)).toBe(true);
    expect(feedbackConditionHolds({ expansion: { eq: "true" } }, options)).toBe(true);
  });

  it("treats an option the table lacks as equal to nothing", () => {
    expect(feedbackConditionHolds({ missing: { eq: "x" } }, options)).toBe(false);
    expect(feedbackConditionHolds({ missing: { ne: "x" } }, options)).toBe(true);
  });

  it("never holds for a condition it cannot read", () => {
    expect(feedbackConditionHolds("expansion", options)).toBe(false);
    expect(feedbackConditionHolds([{ expansion: { eq: true } }], options)).toBe(false);
    expect(feedbackConditionHolds({ expansion: { gt: 1 } }, options)).toBe(false);
    expect(feedbackConditionHolds({ speed: { eq: { nested: true } } }, options)).toBe(false);
  });
});

describe("tableFeedbackQuestions", () => {
  it("keeps the questions whose condition holds, by formOrder then id, with defaults filled in", () => {
    const form = {
      late: { text: "Anything else?", type: "textarea", formOrder: 5 },
      fun: { text: "Was it fun?", type: "yesno", formOrder: 1 },
      base: { text: "Base game only", type: "text", formOrder: 0, condition: { expansion: { eq: false } } },
      exp: { text: "Expansion cards?", type: "rating", formOrder: 1, condition: { expansion: { eq: true } } },
      bare: { formOrder: "x", type: " " },
      broken: "not a question",
    };
    const before = JSON.stringify(form);
    expect(tableFeedbackQuestions(form, options)).toEqual([
      { id: "bare", text: "", type: "textarea", formOrder: 0 },
      { id: "exp", text: "Expansion cards?", type: "rating", formOrder: 1 },
      { id: "fun", text: "Was it fun?", type: "yesno", formOrder: 1 },
      { id: "late", text: "Anything else?", type: "textarea", formOrder: 5 },
    ]);
    expect(JSON.stringify(form)).toBe(before);
  });

  it("asks nothing when there is no form", () => {
    expect(tableFeedbackQuestions({}, options)).toEqual([]);
    expect(tableFeedbackQuestions(null, options)).toEqual([]);
  });
});

describe("a feedback submission", () => {
  const asked = tableFeedbackQuestions(
    { fun: { text: "Fun?" }, exp: { text: "Expansion?", condition: { expansion: { eq: true } } } },
    { expansion: false },
  );

  it("names the answers that are no question the table's form asks", () => {
    expect(unaskedAnswers(asked, { fun: "Yes" })).toEqual([]);
    // 'exp' exists in the form, but not for this table's options.
    expect(unaskedAnswers(asked, { fun: "Yes", exp: "4", q9: "?" })).toEqual(["exp", "q9"]);
  });

  it("limits the length of each answer and the number of answers", () => {
    const ok = { tableId: "t1", answers: { fun: "x".repeat(FEEDBACK_ANSWER_MAX) } };
    expect(submitFeedbackSchema.safeParse(ok).success).toBe(true);
    const long = submitFeedbackSchema.safeParse({ tableId: "t1", answers: { fun: "x".repeat(5001) } });
    expect(long.error?.issues[0]?.message).toBe("An answer may be at most 5000 characters.");
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, "a"]));
    const tooMany = submitFeedbackSchema.safeParse({ tableId: "t1", answers: many });
    expect(tooMany.error?.issues[0]?.message).toBe("At most 100 answers can be sent.");
    expect(submitFeedbackSchema.safeParse({ tableId: "t1", answers: { "": "a" } }).success).toBe(false);
  });
});
