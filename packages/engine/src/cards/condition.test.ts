import { describe, expect, it } from "vitest";
import { conditionHolds, parseCondition } from "./condition.js";
import type { CardRow } from "./deck.js";

function holds(condition: string, row: CardRow): boolean {
  const parsed = parseCondition(condition);
  if (!parsed.ok) throw new Error(`bad condition ${condition}`);
  return conditionHolds(parsed.value, row);
}

describe("rule conditions", () => {
  const row: CardRow = { type: "Action", cost: 3, rare: "x", empty: "", off: "0" };

  it("always holds without a condition", () => {
    expect(parseCondition(undefined)).toEqual({ ok: true, value: null });
    expect(holds("  ", row)).toBe(true);
  });

  it("tests a column for truthiness, or its absence with !", () => {
    expect(holds("rare", row)).toBe(true);
    expect(holds("empty", row)).toBe(false);
    expect(holds("off", row)).toBe(false);
    expect(holds("missing", row)).toBe(false);
    expect(holds("!rare", row)).toBe(false);
    expect(holds("! empty", row)).toBe(true);
  });

  it("compares with = and != against one value or a comma list, trimmed and without case", () => {
    expect(holds("type=Action", row)).toBe(true);
    expect(holds("type = action", row)).toBe(true);
    expect(holds("type=Event", row)).toBe(false);
    expect(holds("type=Event, Action", row)).toBe(true);
    expect(holds("cost=1,2,3", row)).toBe(true);
    expect(holds("cost!=1,2,3", row)).toBe(false);
    expect(holds("type!=Event", row)).toBe(true);
    expect(holds("empty=", row)).toBe(true);
    expect(holds("missing=", row)).toBe(true);
  });

  it("refuses a condition without a column as a value", () => {
    expect(parseCondition("=x")).toEqual({ ok: false, code: "card/bad-condition" });
    expect(parseCondition("!=x").ok).toBe(false);
    expect(parseCondition("!").ok).toBe(false);
  });
});
