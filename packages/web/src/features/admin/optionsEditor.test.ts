import type { GameOptionDto } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import {
  addValue,
  DEFAULT_PROTECTED,
  draftsOf,
  editOption,
  markSaved,
  newOptionDraft,
  optionNameError,
  parseDisplayOrder,
  removeValue,
  renameValue,
  setConditionText,
  toDefinition,
  toDraft,
} from "./optionsEditor";

const speed: GameOptionDto = {
  displayName: "Speed",
  displayOrder: 1,
  type: "select",
  default: "normal",
  values: {
    normal: { displayName: "Normal", displayOrder: 0 },
    fast: { displayName: "Fast", displayOrder: 1 },
  },
};

describe("display order", () => {
  it("is a number of at least 0, else 0", () => {
    expect(parseDisplayOrder("3")).toBe(3);
    expect(parseDisplayOrder(2.5)).toBe(2.5);
    expect(parseDisplayOrder("-1")).toBe(0);
    expect(parseDisplayOrder("abc")).toBe(0);
    expect(parseDisplayOrder("")).toBe(0);
    expect(editOption(toDraft("speed", speed), { displayOrder: -4 }).displayOrder).toBe(0);
  });
});

describe("values", () => {
  it("ignores a rename that is blank, unchanged or taken, and follows the default", () => {
    const d = toDraft("speed", speed);
    expect(renameValue(d, "fast", "  ")).toBe(d);
    expect(renameValue(d, "fast", "fast")).toBe(d);
    expect(renameValue(d, "fast", "normal")).toBe(d);
    const renamed = renameValue(d, "normal", "slow");
    expect(Object.keys(renamed.values)).toEqual(["slow", "fast"]);
    expect(renamed.default).toBe("slow");
    expect(renamed.dirty).toBe(true);
  });

  it("refuses to remove a select's default value", () => {
    const d = toDraft("speed", speed);
    expect(removeValue(d, "normal")).toEqual({ draft: d, error: DEFAULT_PROTECTED });
    const { draft, error } = removeValue(d, "fast");
    expect(error).toBeNull();
    expect(Object.keys(draft.values)).toEqual(["normal"]);
  });

  it("adds values after the others; the first one becomes the default", () => {
    const d = { ...newOptionDraft("mode", 0), type: "select" as const, defaultBool: undefined };
    const one = addValue(d, "a");
    expect(one.default).toBe("a");
    const two = addValue(one, "b");
    expect(two.values.b).toEqual({ displayName: "b", displayOrder: 1 });
    expect(addValue(two, "b")).toBe(two);
  });
});

describe("conditions", () => {
  it("keeps the JSON parse error until the text parses", () => {
    const d = setConditionText(toDraft("speed", speed), '{"expansion": ');
    expect(d.conditionError).toBeTruthy();
    expect(d.conditionText).toBe('{"expansion": ');
    expect(toDefinition(d).ok).toBe(false);
    expect(setConditionText(d, "[1]").conditionError).toBe("The condition must be a JSON object.");
    const ok = setConditionText(d, '{"expansion": {"eq": true}}');
    expect(ok.conditionError).toBeNull();
    expect(toDefinition(ok)).toMatchObject({ ok: true, value: { condition: { expansion: { eq: true } } } });
    expect(toDefinition(setConditionText(d, "  "))).toMatchObject({ ok: true });
  });
});

describe("new options and saving", () => {
  it("marks new options until saved", () => {
    const d = newOptionDraft("extra", 3);
    expect(d).toMatchObject({ isNewlyAdded: true, dirty: true, type: "checkbox" });
    expect(markSaved(d)).toMatchObject({ isNewlyAdded: false, dirty: false });
    expect(toDefinition(d)).toEqual({
      ok: true,
      value: { displayName: "extra", displayOrder: 3, type: "checkbox", defaultBool: false },
    });
  });

  it("checks new names", () => {
    expect(optionNameError("", [])).toBe("The option needs a name.");
    expect(optionNameError("a b", [])).toMatch(/letters/);
    expect(optionNameError("speed", ["speed"])).toBe("An option with this name already exists.");
    expect(optionNameError("extra", ["speed"])).toBeNull();
  });

  it("sorts drafts by display order and sends a select with its values", () => {
    const drafts = draftsOf({ speed, on: { displayName: "On", displayOrder: 0, type: "checkbox" } });
    expect(drafts.map((d) => d.name)).toEqual(["on", "speed"]);
    expect(toDefinition(drafts[1]!)).toEqual({
      ok: true,
      value: {
        displayName: "Speed",
        displayOrder: 1,
        type: "select",
        values: speed.values,
        default: "normal",
      },
    });
  });
});
