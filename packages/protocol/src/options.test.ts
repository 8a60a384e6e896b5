import { describe, expect, it } from "vitest";
import type { GameOptionDto } from "./lobby";
import {
  defaultOptionValue,
  displayOptions,
  optionConditionHolds,
  resolveOptionValues,
  visibleOptions,
  visibleOptionValues,
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
  it("shows a table's values without hidden options or hidden values to others", () => {
    const values = { secret: "a", pick: "debug" };
    expect(visibleOptionValues(options, values, false)).toEqual({});
    expect(visibleOptionValues(options, { secret: "a", pick: "open" }, false)).toEqual({ pick: "open" });
    expect(visibleOptionValues(options, values, true)).toEqual(values);
    expect(values).toEqual({ secret: "a", pick: "debug" });
  });
  it("leaves out values the project no longer describes, for others", () => {
    const values = { gone: "x", pick: "removed", flag: "yes" };
    const withFlag = {
      ...options,
      flag: { displayName: "Flag", displayOrder: 2, type: "checkbox" as const },
    };
    expect(visibleOptionValues(withFlag, values, false)).toEqual({});
    expect(visibleOptionValues(withFlag, { ...values, flag: true }, false)).toEqual({ flag: true });
    expect(visibleOptionValues(withFlag, values, true)).toEqual(values);
  });
  it("shows neither the value nor a display of a hidden value to others", () => {
    expect(displayOptions(options, { secret: "a", pick: "debug" }, false)).toEqual({});
    const staff = {
      ...options.pick,
      values: {
        ...options.pick.values,
        debug: { ...options.pick.values!.debug!, hiddenDisplay: "Debug (staff)" },
      },
    };
    expect(displayOptions({ ...options, pick: staff }, { secret: "a", pick: "debug" }, true)).toEqual({
      secret: { display_name: "Pick", display_value: "A", value: "a" },
      pick: { display_name: "Pick", display_value: "Debug (staff)", value: "debug" },
    });
  });
  it("reads conditions on the values the user may see", () => {
    const conditional = {
      ...options,
      extra: { ...select({ x: 0 }), condition: { secret: { eq: "a" } } },
    };
    const values = { secret: "a", pick: "open", extra: "x" };
    expect(Object.keys(displayOptions(conditional, values, false))).toEqual(["pick"]);
    expect(Object.keys(displayOptions(conditional, values, true))).toEqual(["extra", "pick", "secret"]);
  });
});
