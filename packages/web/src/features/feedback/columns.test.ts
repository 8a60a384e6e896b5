import type { GameOptionDto } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { memoryStore } from "../../lib/storage";
import { answerKeys, cellText, columnsKey, loadChoice, optionKeys, parseChoice, saveChoice } from "./columns";

const opt = (displayOrder: number, extra: Partial<GameOptionDto> = {}): GameOptionDto => ({
  displayName: `O${displayOrder}`,
  displayOrder,
  type: "select",
  ...extra,
});

describe("column choice storage", () => {
  it("round-trips per project", () => {
    const store = memoryStore();
    const choice = { options: ["speed"], stats: ["score"], globalStats: ["rounds"] };
    saveChoice(store, "arnak", choice);
    expect(store.getItem(columnsKey("arnak"))).not.toBeNull();
    expect(loadChoice(store, "arnak")).toEqual(choice);
    expect(loadChoice(store, "seti")).toEqual({ options: [], stats: [], globalStats: [] });
  });

  it("survives junk and drops options the project no longer has", () => {
    expect(parseChoice("{nope")).toEqual({ options: [], stats: [], globalStats: [] });
    expect(parseChoice('{"options":["a","gone",3],"stats":"x"}', ["a"])).toEqual({
      options: ["a"],
      stats: [],
      globalStats: [],
    });
  });
});

describe("cells and columns", () => {
  it("orders the project's options and leaves out playerColors", () => {
    expect(optionKeys({ b: opt(2), a: opt(1), playerColors: opt(0) })).toEqual(["a", "b"]);
  });

  it("shows values readably", () => {
    const speed = opt(1, { values: { fast: { displayName: "Fast game", displayOrder: 1 } } });
    expect(cellText("fast", speed)).toBe("Fast game");
    expect(cellText("slow", speed)).toBe("slow");
    expect(cellText(true)).toBe("Yes");
    expect(cellText(12)).toBe("12");
    expect(cellText(null)).toBe("");
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });

  it("collects answer keys across rows", () => {
    expect(
      answerKeys([
        { feedbackAnswers: { fun: "y", note: "x" } },
        { feedbackAnswers: { balance: "ok", fun: "n" } },
      ]),
    ).toEqual(["fun", "balance"]);
  });
});
