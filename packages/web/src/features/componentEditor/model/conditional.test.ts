import type { Json } from "@tt/engine";
import { resolveValue } from "@tt/engine";
import { describe, expect, it } from "vitest";
import {
  addCondition,
  addResult,
  branchesOf,
  branchLabel,
  branchValue,
  checkProblem,
  conditionLabel,
  parseConditionValue,
  removeCondition,
  removeResult,
  selectedResult,
  withBranchValue,
} from "./conditional";
import { keptWhenPlain, propertySpec, removeProperty, setProperty } from "./properties";
import type { Tree } from "./tree";

const width = (): Json => ({
  defaultResult: 540,
  conditionalResults: [{ condition: { size: "7" }, result: 740 }],
});

function value<T>(outcome: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe("condition values", () => {
  it("turns text with commas into a list of trimmed items", () => {
    expect(parseConditionValue(" red , blue,,green ")).toEqual(["red", "blue", "green"]);
    expect(parseConditionValue(" 7 ")).toBe("7");
  });

  it("needs a non-empty key and value and a key not yet checked", () => {
    expect(checkProblem({}, " ", "x")).not.toBeNull();
    expect(checkProblem({}, "k", " ")).not.toBeNull();
    expect(checkProblem({ size: "7" }, "size", "5")).not.toBeNull();
    expect(checkProblem({ size: "7" }, "colour", "red")).toBeNull();
  });

  it("labels a condition", () => {
    expect(conditionLabel({ size: "7", colour: ["red", "blue"] })).toBe("size = 7; colour = red, blue");
  });
});

describe("results by index", () => {
  it("says 'Error: No conditions' for a plain value and 'Error: Selected result not found' out of range", () => {
    expect(selectedResult(540, 0)).toEqual({ ok: false, error: "Error: No conditions" });
    expect(selectedResult(width(), 3)).toEqual({ ok: false, error: "Error: Selected result not found" });
    expect(selectedResult(width(), 0)).toEqual({
      ok: true,
      value: { condition: { size: "7" }, result: 740 },
    });
  });

  it("adds a result copying the default, with no checks yet", () => {
    const before = width();
    expect(addResult(before)).toEqual({
      defaultResult: 540,
      conditionalResults: [
        { condition: { size: "7" }, result: 740 },
        { condition: {}, result: 540 },
      ],
    });
    expect(before).toEqual(width());
  });

  it("removing the only result makes the value plain again", () => {
    expect(value(removeResult(width(), 0))).toBe(540);
    expect(removeResult(width(), 2)).toEqual({ ok: false, error: "Error: Selected result not found" });
  });
});

describe("conditions", () => {
  it("makes a plain value conditional with its first check, in the engine's format", () => {
    const cv = value(addCondition(540, 0, "size", "7, 9"));
    expect(cv).toEqual({
      defaultResult: 540,
      conditionalResults: [{ condition: { size: ["7", "9"] }, result: 540 }],
    });
    // The engine resolves what the editor writes: the result for size 9, the default otherwise.
    const edited = withBranchValue(cv, 0, 740);
    expect(resolveValue(edited, { size: 9 })).toBe(740);
    expect(resolveValue(edited, { size: 5 })).toBe(540);
  });

  it("adds a check to the selected result", () => {
    expect(value(addCondition(width(), 0, "colour", "red"))).toEqual({
      defaultResult: 540,
      conditionalResults: [{ condition: { size: "7", colour: "red" }, result: 740 }],
    });
    expect(addCondition(width(), 0, "size", "9").ok).toBe(false);
    expect(addCondition(width(), 4, "colour", "red")).toEqual({
      ok: false,
      error: "Error: Selected result not found",
    });
  });

  it("removing the last check of a single result makes the value unconditional", () => {
    const before = width();
    expect(value(removeCondition(before, 0, "size"))).toBe(540);
    expect(before).toEqual(width());
  });

  it("removing the last check of one of several results keeps it, flagged", () => {
    const two = addResult(width());
    const after = value(removeCondition(two, 0, "size"));
    expect(selectedResult(after, 0)).toEqual({ ok: true, value: { condition: {}, result: 740 } });
  });

  it("a width without a default result keeps its piece default when its last check or result goes", () => {
    // Reachable through the raw JSON editor: no defaultResult at all.
    const noDefault = (): Json => ({ conditionalResults: [{ condition: { size: "7" }, result: 740 }] });
    const tree = (): Tree => ({ root: {}, board: { width: noDefault() } });
    const kept = keptWhenPlain(propertySpec("width"));
    expect(kept).toBe(100);
    // What the editor does with the answer: undefined removes the property, which width refuses.
    const store = (next: Json | undefined) =>
      next === undefined
        ? removeProperty(tree(), "board", "width")
        : setProperty(tree(), "board", "width", next);
    for (const next of [
      value(removeCondition(noDefault(), 0, "size", kept)),
      value(removeResult(noDefault(), 0, kept)),
    ]) {
      expect(next).toBe(100);
      expect(store(next)).toEqual({ ok: true, value: { root: {}, board: { width: 100 } } });
    }
    // A removable property without a default result simply goes: its piece default applies.
    const image = keptWhenPlain(propertySpec("image"));
    expect(image).toBeUndefined();
    expect(value(removeResult(noDefault(), 0, image))).toBeUndefined();
    expect(keptWhenPlain(propertySpec("height"))).toBe(100);
  });

  it("removing a property removes its conditional cases", () => {
    const tree = {
      root: {},
      board: { width: 10, image: { defaultResult: "a.svg", conditionalResults: [] } },
    };
    expect(value(removeProperty(tree, "board", "image")).board).toEqual({ width: 10 });
  });
});

describe("branches", () => {
  it("lists the default and each result", () => {
    expect(branchesOf(540)).toEqual(["default"]);
    expect(branchesOf(width())).toEqual(["default", 0]);
    expect(branchLabel(width(), 0)).toBe("Result 1 (size = 7)");
    expect(branchLabel(width(), "default")).toBe("Default result");
  });

  it("reads and writes one branch, keeping the conditions", () => {
    expect(branchValue(width(), 0)).toBe(740);
    expect(branchValue(width(), "default")).toBe(540);
    expect(withBranchValue(width(), "default", 500)).toEqual({ ...(width() as object), defaultResult: 500 });
    expect(withBranchValue(12, "default", 13)).toBe(13);
  });
});
