import { describe, expect, it } from "vitest";
import type { GameOptionDto } from "./lobby";
import {
  defaultOptionValue,
  displayOptions,
  optionConditionHolds,
  resolveOptionValues,
  visibleOptions,
} from "./options";

const select = (values: Record<string, number>, extra: Partial<GameOptionDto> = {}): GameOptionDto => ({
  displayName: "Pick",
  displayOrder: 0,
  type: "select",
  values: Object.fromEntries(
    Object.entries(values).map(([k, o]) => [k, { displayName: k.toUpperCase(), displayOrder: o }]),
  ),
  ...extra,
});

describe("default option values", () => {
  it("takes defaultBool, then default, then false for a checkbox, then the first value by display order", () => {
    expect(
      defaultOptionValue({
        displayName: "c",
        displayOrder: 0,
        type: "checkbox",
        defaultBool: true,
        default: "x",
      }),
    ).toBe(true);
    expect(defaultOptionValue(select({ a: 1, b: 0 }, { default: "a" }))).toBe("a");
    expect(defaultOptionValue({ displayName: "c", displayOrder: 0, type: "checkbox" })).toBe(false);
    expect(defaultOptionValue(select({ a: 2, b: 1, c: 3 }))).toBe("b");
  });
});

describe("conditions", () => {
  it("holds when every referenced option equals eq and differs from ne", () => {
    const o = select({ a: 0 }, { condition: { mode: { eq: "fen" }, fast: { ne: true } } });
    expect(optionConditionHolds(o, { mode: "fen", fast: false })).toBe(true);
    expect(optionConditionHolds(o, { mode: "standard", fast: false })).toBe(false);
    expect(optionConditionHolds(o, { mode: "fen", fast: true })).toBe(false);
  });
});

describe("privileged options", () => {
  const options = {
    secret: { ...select({ a: 0 }), hidden: true },
    pick: select(
      { open: 0, debug: 1 },
      {
        values: {
          open: { displayName: "Open", displayOrder: 0 },
          debug: { displayName: "Debug", displayOrder: 1, hidden: true },
        },
      },
    ),
  };
  it("hides hidden options and values from others", () => {
    expect(Object.keys(visibleOptions(options, false))).toEqual(["pick"]);
    expect(Object.keys(visibleOptions(options, false).pick!.values!)).toEqual(["open"]);
    expect(Object.keys(visibleOptions(options, true))).toEqual(["secret", "pick"]);
  });
  it("refuses a hidden value from a normal user, keeps defaults and drops removed options", () => {
    expect(resolveOptionValues(options, { pick: "debug" }, false)).toEqual({
      ok: false,
      message: "Option 'Pick' has no value 'debug'.",
    });
    expect(resolveOptionValues(options, { pick: "debug", gone: "x" }, true)).toEqual({
      ok: true,
      values: { secret: "a", pick: "debug" },
    });
    expect(resolveOptionValues(options, { secret: "zzz" }, false)).toEqual({
      ok: true,
      values: { secret: "a", pick: "open" },
    });
  });
  it("shows display names on tiles", () => {
    expect(displayOptions(options, { secret: "a", pick: "open" }, false)).toEqual({
      pick: { display_name: "Pick", display_value: "Open", value: "open" },
    });
  });
});
