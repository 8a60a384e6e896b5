import { describe, expect, it } from "vitest";
import { defaultDescribeStat, humanise, inlineValue, statValue } from "./stats.js";

describe("a statistic in words", () => {
  it("turns keys into labels", () => {
    expect(
      ["bellsRung", "coinsEarned", "final_price", "white-king", "score", "PDFSize", "x"].map(humanise),
    ).toEqual(["Bells rung", "Coins earned", "Final price", "White king", "Score", "PDF size", "X"]);
  });

  it("writes values as words and lists, never JSON", () => {
    expect([
      inlineValue(3),
      inlineValue(2.345),
      inlineValue(true),
      inlineValue(null),
      inlineValue("x"),
    ]).toEqual(["3", "2.35", "Yes", "–", "x"]);
    expect(statValue(["short", "sharp"])).toBe("short, sharp");
    expect(
      statValue([
        { good: "silk", cards: 2 },
        { good: "tea", cards: 3 },
      ]),
    ).toEqual(["good silk, cards 2", "good tea, cards 3"]);
    expect(statValue({ red: 12, blue: 9 })).toEqual(["red: 12", "blue: 9"]);
    expect(statValue([])).toBe("none");
    for (const value of [statValue({ a: { b: [1, { c: 2 }] } }), statValue([{ a: { b: 1 } }])])
      expect(JSON.stringify(value)).not.toMatch(/[{}]/);
  });

  it("labels a stat by its key, and a game end's result field by field", () => {
    expect(defaultDescribeStat({ scope: "player", key: "bellsRung", value: 1, owner: "red" })).toEqual([
      { label: "Bells rung", value: "1" },
    ]);
    expect(
      defaultDescribeStat({
        scope: "table",
        key: "result",
        value: { winners: ["red"], scores: { red: 12, blue: 9 }, mode: "free play" },
      }),
    ).toEqual([
      { label: "Winner", value: "red" },
      { label: "Final scores", value: ["red: 12", "blue: 9"] },
      { label: "Mode", value: "free play" },
    ]);
    // Only the table's result is a game end's: a player's 'result' is a stat like any other.
    expect(defaultDescribeStat({ scope: "player", key: "result", value: { won: 2 } })).toEqual([
      { label: "Result", value: ["won: 2"] },
    ]);
  });
});
