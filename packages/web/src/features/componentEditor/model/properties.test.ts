import { PIECE_DEFAULTS } from "@tt/engine";
import { describe, expect, it } from "vitest";
import {
  mayRemoveProperty,
  newPropertyProblem,
  PROPERTY_CATALOGUE,
  parseJsonValue,
  parseNumber,
  propertyRows,
  propertySpec,
  removeProperty,
  setProperty,
} from "./properties";

describe("the property catalogue", () => {
  it("lists every piece property of section 3 with its default, in order", () => {
    const section3 = PROPERTY_CATALOGUE.slice(0, Object.keys(PIECE_DEFAULTS).length);
    expect(Object.fromEntries(section3.map((p) => [p.name, p.default]))).toEqual({
      width: 100,
      height: 100,
      x: 0,
      y: 0,
      displayHeight: 100,
      scaleMult: 1,
      selectable: false,
      editModeSelectable: false,
      displayMode: "owningPlayerOnly",
      displayLastOnly: false,
      image: "",
      cardBack: "",
      positions: { dims: [100, 100] },
      clipPath: "",
      filter: "",
      clickableAreas: {},
      transform: "",
      zIndex: 100,
      borderRadius: 40,
    });
  });

  it("gives each property its editor", () => {
    expect(propertySpec("width").kind).toBe("number");
    expect(propertySpec("selectable").kind).toBe("boolean");
    expect(propertySpec("image").kind).toBe("image");
    expect(propertySpec("positions").kind).toBe("positions");
    expect(propertySpec("clickableAreas").kind).toBe("clickableAreas");
    expect(propertySpec("clipPath").kind).toBe("clipPath");
    expect(propertySpec("filter").kind).toBe("filter");
    expect(propertySpec("displayMode").kind).toBe("displayMode");
    expect(propertySpec("somethingCustom")).toEqual({ name: "somethingCustom", kind: "json", default: null });
  });

  it("adds the piece's own game-specific properties after the catalogue", () => {
    const rows = propertyRows({ width: 5, zeta: 1, alpha: "a" });
    expect(rows.slice(-2).map((r) => r.name)).toEqual(["alpha", "zeta"]);
  });
});

describe("setting and removing", () => {
  const tree = () => ({ root: {}, stone: { width: 70, height: 70, image: "s.svg" } });

  it("sets a property without touching the input", () => {
    const before = tree();
    const after = setProperty(before, "stone", "zIndex", 5);
    expect(after.ok && after.value.stone).toEqual({ width: 70, height: 70, image: "s.svg", zIndex: 5 });
    expect(before).toEqual(tree());
  });

  it("never removes width or height", () => {
    expect(mayRemoveProperty("width")).toBe(false);
    expect(mayRemoveProperty("height")).toBe(false);
    expect(removeProperty(tree(), "stone", "width").ok).toBe(false);
    expect(removeProperty(tree(), "stone", "height").ok).toBe(false);
    const after = removeProperty(tree(), "stone", "image");
    expect(after.ok && after.value.stone).toEqual({ width: 70, height: 70 });
  });

  it("refuses an unknown piece", () => {
    expect(setProperty(tree(), "nope", "x", 1).ok).toBe(false);
  });

  it("checks a new property name", () => {
    expect(newPropertyProblem({ a: 1 }, " ")).not.toBeNull();
    expect(newPropertyProblem({ a: 1 }, "a")).not.toBeNull();
    expect(newPropertyProblem({ a: 1 }, "b")).toBeNull();
    expect(newPropertyProblem({}, "zIndex")).not.toBeNull();
  });
});

describe("typed input", () => {
  it("ignores non-numeric input", () => {
    expect(parseNumber("12.5")).toBe(12.5);
    expect(parseNumber("abc")).toBeNull();
    expect(parseNumber("")).toBeNull();
  });
  it("parses JSON values", () => {
    expect(parseJsonValue("[1,2]")).toEqual([1, 2]);
    expect(parseJsonValue("null")).toBeNull();
    expect(parseJsonValue("{")).toBeUndefined();
  });
});
