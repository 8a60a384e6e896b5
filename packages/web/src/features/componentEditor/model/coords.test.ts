import { describe, expect, it } from "vitest";
import {
  addCoord,
  coordEntries,
  coordId,
  followSelection,
  freeSpot,
  moveCoord,
  nextCoordName,
  removeCoord,
  reorderCoords,
  saveCoord,
  saveCoordRow,
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

  it("puts a new coordinate at the centre, else at the nearest free point round it", () => {
    expect(freeSpot({}, [420, 140])).toEqual({ x: 210, y: 70 });
    const centreTaken = { coords: [{ x: 210, y: 70 }] };
    // The first ring of a grid a tenth of each dim: up and to the left first.
    expect(freeSpot(centreTaken, [420, 140])).toEqual({ x: 168, y: 56 });
    expect(freeSpot({ coords: { a: { x: 50, y: 50 } } }, [100, 100])).toEqual({ x: 40, y: 40 });
    // Each added coordinate gets an id of its own, past the 121 points of the grid too.
    let set = {};
    const ids = new Set<string>();
    for (let i = 0; i < 130; i++) {
      const spot = freeSpot(set, [100, 100]);
      ids.add(coordId(spot));
      set = addCoord(set, spot).set;
    }
    expect(ids.size).toBe(130);
    const before = list();
    freeSpot(before, [20, 20]);
    expect(before).toEqual(list());
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

describe("the row selected for moving", () => {
  /** The coordinate a selection names in a set. */
  const named = (set: ReturnType<typeof list>, selected: string | null) =>
    coordEntries(set).find((e) => e.key === selected)?.coord;

  it("follows its coordinate when the edit row saves another coordinate to a new index", () => {
    // Coordinate 2 (20, 20) is selected; row 0 is saved to index 2, which moves (20, 20) to index 1.
    const saved = saveCoordRow(list(), "0", { key: "2", x: 5, y: 5 }, "2");
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.value.selected).toBe("1");
    expect(named(saved.value.set as ReturnType<typeof list>, saved.value.selected)).toEqual({ x: 20, y: 20 });
    // The other way: row 2 saved to index 0 pushes the selected (0, 0) from index 0 to 1.
    const back = saveCoordRow(list(), "2", { key: "0", x: 20, y: 20 }, "0");
    expect(back.ok && back.value.selected).toBe("1");
  });

  it("moves with the saved row itself, stays when nothing moved, and is kept when none", () => {
    expect(saveCoordRow(list(), "0", { key: "2", x: 0, y: 0 }, "0")).toMatchObject({
      ok: true,
      value: { selected: "2" },
    });
    expect(saveCoordRow(list(), "1", { key: "1", x: 11, y: 11 }, "2")).toMatchObject({
      ok: true,
      value: { selected: "2" },
    });
    expect(saveCoordRow(list(), "0", { key: "2", x: 0, y: 0 }, null)).toMatchObject({
      ok: true,
      value: { selected: null },
    });
  });

  it("takes the new name of a renamed coordinate in a map, and keeps another selection", () => {
    const map = { coords: { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } } };
    expect(saveCoordRow(map, "a", { key: "c", x: 1, y: 1 }, "a")).toMatchObject({ value: { selected: "c" } });
    expect(saveCoordRow(map, "a", { key: "c", x: 1, y: 1 }, "b")).toMatchObject({ value: { selected: "b" } });
    expect(saveCoordRow(map, "a", { key: "b", x: 1, y: 1 }, "a")).toEqual({
      ok: false,
      error: "Cannot save over a different named coordinate",
    });
  });

  it("follows its coordinate through reorders in either direction", () => {
    expect(followSelection("1", 0, 2)).toBe("0");
    expect(followSelection("0", 0, 2)).toBe("2");
    expect(followSelection("1", 2, 0)).toBe("2");
    expect(followSelection("3", 0, 2)).toBe("3");
    expect(followSelection(null, 0, 2)).toBeNull();
  });
});
