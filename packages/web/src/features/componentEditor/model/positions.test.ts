import { describe, expect, it } from "vitest";
import {
  addSet,
  applyDraft,
  asPositions,
  dimsOf,
  draftChanged,
  draftOf,
  draftProblem,
  type Positions,
  parseDims,
  parseDimsText,
  removeSet,
  renameSet,
  setNameProblem,
  setNames,
} from "./positions";

const positions = (): Positions => ({
  dims: [420, 140],
  supply: { coords: [{ x: 210, y: 70 }], multi: true, gapSize: 40 },
  discard: { coords: { a: { x: 1, y: 1 } } },
});

describe("position set names (section 5)", () => {
  it("refuses an empty, reserved or taken name", () => {
    expect(setNameProblem(positions(), "  ")).toBe("Name cannot be empty");
    expect(setNameProblem(positions(), "dims")).toBe("Name is reserved");
    expect(setNameProblem(positions(), "supply")).toBe("Name already exists");
    expect(setNameProblem(positions(), "hand")).toBeNull();
  });
  it("refuses a rename starting with '__'", () => {
    expect(setNameProblem(positions(), "__x", "supply")).toBe('Cannot start with "__"');
    expect(setNameProblem(positions(), "__x")).toBeNull();
  });
});

describe("adding, renaming, removing sets", () => {
  it("adds a set with a list or a map of coordinates", () => {
    const before = positions();
    const list = addSet(before, " hand ");
    expect(list.ok && list.value.hand).toEqual({ coords: [] });
    const map = addSet(before, "slots", true);
    expect(map.ok && map.value.slots).toEqual({ coords: {} });
    expect(addSet(before, "dims")).toEqual({ ok: false, error: "Name is reserved" });
    expect(before).toEqual(positions());
  });

  it("renames a set where it stands", () => {
    const result = renameSet(positions(), "supply", "stock");
    expect(result.ok && Object.keys(result.value)).toEqual(["dims", "stock", "discard"]);
    expect(result.ok && result.value.stock).toEqual(positions().supply);
    expect(renameSet(positions(), "supply", "discard")).toEqual({ ok: false, error: "Name already exists" });
    expect(renameSet(positions(), "supply", "")).toEqual({ ok: false, error: "Name cannot be empty" });
  });

  it("removes a set but never dims", () => {
    const result = removeSet(positions(), "discard");
    expect(result.ok && setNames(result.value)).toEqual(["supply"]);
    expect(removeSet(positions(), "dims")).toEqual({ ok: false, error: "Name is reserved" });
  });

  it("reads anything else as default positions", () => {
    expect(asPositions(undefined)).toEqual({ dims: [100, 100] });
    expect(setNames(positions())).toEqual(["supply", "discard"]);
  });
});

describe("dims", () => {
  it("needs a two-element array, else 'Incorrect dims'", () => {
    expect(parseDims([1, 2, 3])).toEqual({ ok: false, error: "Incorrect dims" });
    expect(parseDims("100")).toEqual({ ok: false, error: "Incorrect dims" });
    expect(parseDims([100, "x"])).toEqual({ ok: false, error: "Incorrect dims" });
  });
  it("clamps each dim to an integer 1..1000", () => {
    expect(parseDims([0, 5000])).toEqual({ ok: true, value: [1, 1000] });
    expect(parseDims([10.4, "20"])).toEqual({ ok: true, value: [10, 20] });
  });
  it("reads typed dims as JSON or 'w x h'", () => {
    expect(parseDimsText("[540, 540]")).toEqual({ ok: true, value: [540, 540] });
    expect(parseDimsText("300 x 200")).toEqual({ ok: true, value: [300, 200] });
    expect(parseDimsText("300, 200")).toEqual({ ok: true, value: [300, 200] });
    expect(parseDimsText("300")).toEqual({ ok: false, error: "Incorrect dims" });
  });
  it("falls back to 100 x 100", () => {
    expect(dimsOf({})).toEqual([100, 100]);
    expect(dimsOf(positions())).toEqual([420, 140]);
  });
});

describe("a set's fields", () => {
  it("shows the stored direction in degrees and stores typed degrees in radians", () => {
    const set = { coords: [], multiDirection: Math.PI / 2 };
    expect(draftOf(set).direction).toBe("90");
    const saved = applyDraft(set, { ...draftOf(set), direction: "180" });
    expect(saved.multiDirection).toBeCloseTo(Math.PI);
  });

  it("clamps numbers and leaves out empty fields", () => {
    const set = { coords: [], gapSize: 5, multi: true };
    const saved = applyDraft(set, {
      accepts: ["stone"],
      multi: false,
      gapSize: "",
      maxSpread: "20000",
      direction: "",
      scaleMult: "1.26",
    });
    expect(saved).toEqual({ coords: [], accepts: ["stone"], maxSpread: 10000, scaleMult: 1.3 });
    expect(set).toEqual({ coords: [], gapSize: 5, multi: true });
  });

  it("is valid only with numbers in number fields, and changed only when saving would change it", () => {
    const set = { coords: [], gapSize: 5 };
    const draft = draftOf(set);
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem({ ...draft, gapSize: "wide" })).toBe("Gap size must be a number");
    expect(draftChanged(set, draft)).toBe(false);
    expect(draftChanged(set, { ...draft, gapSize: "5.0" })).toBe(false);
    expect(draftChanged(set, { ...draft, gapSize: "6" })).toBe(true);
    expect(draftChanged(set, { ...draft, multi: true })).toBe(true);
  });
});
