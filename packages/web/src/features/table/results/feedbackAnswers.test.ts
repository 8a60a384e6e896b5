import type { FeedbackQuestion } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import {
  answersToSend,
  dialogShouldOpen,
  feedbackColor,
  fieldKind,
  savedAnswerRows,
} from "./feedbackAnswers";

const questions: FeedbackQuestion[] = [
  { id: "fun", text: "Was it fun?", type: "yesno", formOrder: 0 },
  { id: "stars", text: "", type: "rating", formOrder: 1 },
  { id: "more", text: "Anything else?", type: "essay", formOrder: 2 },
];

describe("the feedback form", () => {
  it("gives each question type its field, a text area for unknown types", () => {
    expect(questions.map((q) => fieldKind(q.type))).toEqual(["yesno", "rating", "textarea"]);
    expect(fieldKind("text")).toBe("text");
  });

  it("opens the dialog only for a seated player, a loaded form with questions and no saved answers", () => {
    expect(dialogShouldOpen(undefined, true)).toBe(false);
    expect(dialogShouldOpen({ questions, userAnswers: null }, true)).toBe(true);
    expect(dialogShouldOpen({ questions: [], userAnswers: null }, true)).toBe(false);
    expect(dialogShouldOpen({ questions, userAnswers: { fun: "Yes" } }, true)).toBe(false);
    // A spectator is never asked.
    expect(dialogShouldOpen({ questions, userAnswers: null }, false)).toBe(false);
  });

  it("sends the answered questions, trimmed, and nothing for questions the table does not ask", () => {
    const draft = { fun: "Yes", stars: "  ", more: "  Loved it \n", stale: "old" };
    expect(answersToSend(questions, draft)).toEqual({ fun: "Yes", more: "Loved it" });
    expect(answersToSend(questions, {})).toEqual({});
  });

  it("gives feedback as the user's own seat only, never a colour looked through", () => {
    expect(feedbackColor("red")).toBe("red");
    expect(feedbackColor(null)).toBeNull();
    expect(feedbackColor("")).toBeNull();
  });

  it("reads saved answers back in form order, then answers to questions no longer asked", () => {
    expect(savedAnswerRows(questions, { old: "gone", more: "x", stars: "4" })).toEqual([
      { id: "stars", question: "stars", answer: "4" },
      { id: "more", question: "Anything else?", answer: "x" },
      { id: "old", question: "old", answer: "gone" },
    ]);
  });
});
