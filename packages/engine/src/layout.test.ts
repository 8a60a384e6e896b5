import { describe, expect, it } from "vitest";
import {
  boardExtent,
  coordId,
  hexSpiral,
  hexSpiralOffsets,
  multiOffsets,
  parseCoordId,
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
});
