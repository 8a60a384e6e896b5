import { describe, expect, it } from "vitest";
import {
  boardExtent,
  coordId,
  hexSpiral,
  hexSpiralOffsets,
  multiOffsets,
  parseCoordId,
  parseGridCoords,
  positionCoords,
} from "./layout.js";

describe("layout", () => {
  it("uses the spec's board extents by player count", () => {
    expect([0, 1, 2, 3, 4, 5].map(boardExtent)).toEqual([1, 1, 1.6, 1.6, 2.2, 2.2]);
  });

  it("formats coordinate ids as {x}:{y}", () => {
    expect(coordId({ x: 10, y: -5 })).toBe("10:-5");
    expect(parseCoordId("10:-5")).toEqual({ x: 10, y: -5 });
    expect(parseCoordId("a")).toBeNull();
  });

  it("spreads multi positions by gap, squeezed to maxSpread, along the direction", () => {
    expect(multiOffsets(3, { gapSize: 10 })).toEqual([
      { x: -10, y: 0 },
      { x: 0, y: 0 },
      { x: 10, y: 0 },
    ]);
    expect(multiOffsets(3, { gapSize: 100, maxSpread: 40 })).toEqual([
      { x: -20, y: 0 },
      { x: 0, y: 0 },
      { x: 20, y: 0 },
    ]);
    expect(multiOffsets(2, { gapSize: 10, multiDirection: Math.PI / 2 })).toEqual([
      { x: 0, y: -5 },
      { x: 0, y: 5 },
    ]);
    expect(multiOffsets(0, {})).toEqual([]);
  });

  it("lays multi-piles on a hexagonal spiral with distinct cells at the right distances", () => {
    const cells = hexSpiral(19);
    expect(cells[0]).toEqual({ q: 0, r: 0 });
    expect(new Set(cells.map((c) => `${c.q},${c.r}`)).size).toBe(19);
    const ringOf = ({ q, r }: { q: number; r: number }) =>
      Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
    expect(cells.map(ringOf)).toEqual([0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    const ring1 = hexSpiralOffsets(7, 10).slice(1);
    for (const p of ring1) expect(Math.hypot(p.x, p.y)).toBeCloseTo(10);
  });

  it("lists coordinates keyed by name or index", () => {
    expect(positionCoords({ coords: [{ x: 1, y: 2 }] })).toEqual([["0", { x: 1, y: 2 }]]);
    expect(positionCoords({ coords: { a: { x: 1, y: 2 } } })).toEqual([["a", { x: 1, y: 2 }]]);
  });

  it("lays out a gridCoords set as slots keyed by their grid coordinate, row by row", () => {
    const cells = positionCoords({ gridCoords: { cols: 3, rows: 2, x: 50, y: 25, dx: 100, dy: 50 } });
    expect(cells).toEqual([
      ["0:0", { x: 50, y: 25 }],
      ["1:0", { x: 150, y: 25 }],
      ["2:0", { x: 250, y: 25 }],
      ["0:1", { x: 50, y: 75 }],
      ["1:1", { x: 150, y: 75 }],
      ["2:1", { x: 250, y: 75 }],
    ]);
    // Square cells when only dx is given; listed coords win over a grid.
    expect(positionCoords({ gridCoords: { cols: 1, rows: 2, dx: 40 } })[1]).toEqual(["0:1", { x: 0, y: 40 }]);
    expect(positionCoords({ coords: [{ x: 1, y: 1 }], gridCoords: { cols: 2, rows: 2 } })).toHaveLength(1);
  });

  it("reads a malformed or oversized grid as no grid", () => {
    for (const bad of [
      null,
      3,
      [8, 8],
      { cols: 8 },
      { cols: 0, rows: 2 },
      { cols: 1.5, rows: 2 },
      { cols: 1000, rows: 1000 },
    ])
      expect(parseGridCoords(bad)).toBeNull();
    expect(positionCoords({ gridCoords: "8x8" })).toEqual([]);
  });
});
