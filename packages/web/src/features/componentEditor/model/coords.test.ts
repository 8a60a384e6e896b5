import { describe, expect, it } from "vitest";
import {
  addCoord,
  coordEntries,
  coordId,
  moveCoord,
  nextCoordName,
  removeCoord,
  reorderCoords,
  saveCoord,
} from "./coords";

const list = () => ({
  coords: [
    { x: 0, y: 0 },
    { x: 10, y: 10 },
    { x: 20, y: 20 },
  ],
});
const named = () => ({ coords: { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } } });

describe("coordinates", () => {
  it("lists list coordinates by index and named ones by name", () => {
    expect(coordEntries(list()).map((e) => e.key)).toEqual(["0", "1", "2"]);
    expect(coordEntries(named()).map((e) => e.key)).toEqual(["a", "b"]);
    expect(coordId({ x: 3, y: 4 })).toBe("3:4");
  });

  it("adds a coordinate, clamped and whole, and names it in a map", () => {
    const before = list();
    const added = addCoord(before, { x: 12.4, y: 20000 });
    expect(added.key).toBe("3");
    expect(coordEntries(added.set)[3]).toEqual({ key: "3", coord: { x: 12, y: 10000 } });
    expect(before).toEqual(list());
    expect(nextCoordName(named())).toBe("p1");
    const inMap = addCoord(named(), { x: -20000, y: 5 });
    expect(inMap).toEqual({ key: "p1", set: { coords: { ...named().coords, p1: { x: -10000, y: 5 } } } });
  });

  it("moves a coordinate to a clicked point", () => {
    expect(moveCoord(list(), "1", { x: 5, y: 6 }).coords).toEqual([
      { x: 0, y: 0 },
      { x: 5, y: 6 },
      { x: 20, y: 20 },
    ]);
    expect(moveCoord(named(), "b", { x: 5, y: 6 }).coords).toEqual({ a: { x: 1, y: 1 }, b: { x: 5, y: 6 } });
    const unchanged = list();
    expect(moveCoord(unchanged, "9", { x: 5, y: 6 })).toBe(unchanged);
  });

  it("reorders a list, clamping the target index", () => {
    expect(reorderCoords(list(), 0, 2).coords).toEqual([
      { x: 10, y: 10 },
      { x: 20, y: 20 },
      { x: 0, y: 0 },
    ]);
    expect(reorderCoords(list(), 2, -3).coords).toEqual([
      { x: 20, y: 20 },
      { x: 0, y: 0 },
      { x: 10, y: 10 },
    ]);
  });

  it("removes a coordinate", () => {
    expect(removeCoord(list(), "0").coords).toEqual([
      { x: 10, y: 10 },
      { x: 20, y: 20 },
    ]);
    expect(removeCoord(named(), "a").coords).toEqual({ b: { x: 2, y: 2 } });
  });
});

describe("saving a coordinate row", () => {
  it("puts a list item at its clamped index with its new point", () => {
    const saved = saveCoord(list(), "0", { key: "7", x: 1, y: 2 });
    expect(saved).toEqual({
      ok: true,
      value: {
        key: "2",
        set: {
          coords: [
            { x: 10, y: 10 },
            { x: 20, y: 20 },
            { x: 1, y: 2 },
          ],
        },
      },
    });
  });

  it("renames a named coordinate in place", () => {
    const saved = saveCoord(named(), "a", { key: "c", x: 1, y: 1 });
    expect(saved.ok && coordEntries(saved.value.set).map((e) => e.key)).toEqual(["c", "b"]);
  });

  it("cannot save over a different named coordinate", () => {
    expect(saveCoord(named(), "a", { key: "b", x: 1, y: 1 })).toEqual({
      ok: false,
      error: "Cannot save over a different named coordinate",
    });
    expect(saveCoord(named(), "a", { key: "a", x: 9, y: 9 }).ok).toBe(true);
  });
});
