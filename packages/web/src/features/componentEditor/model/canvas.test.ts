import { describe, expect, it } from "vitest";
import {
  canvasToPiece,
  fitScale,
  gridLines,
  moveCursor,
  parseGridCells,
  pieceToCanvas,
  zoomIn,
  zoomOut,
} from "./canvas";

describe("canvas math", () => {
  it("zooms by 1.5 per click", () => {
    expect(zoomIn(1)).toBe(1.5);
    expect(zoomIn(1.5)).toBe(2.25);
    expect(zoomOut(1.5)).toBe(1);
  });

  it("fits the dims into the view", () => {
    expect(fitScale([100, 100], 500)).toBe(5);
    expect(fitScale([1000, 500], 500)).toBe(0.5);
  });

  it("draws a 100 by 100 grid with every tenth line emphasised", () => {
    const lines = gridLines(200);
    expect(lines).toHaveLength(101);
    expect(lines[1]).toEqual({ at: 2, major: false });
    expect(lines.filter((l) => l.major).map((l) => l.at)).toEqual([
      0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200,
    ]);
    expect(gridLines(100, 5).at(-1)).toEqual({ at: 100, major: true });
  });

  it("reads grid sizes, defaulting to 100", () => {
    expect(parseGridCells("20")).toBe(20);
    expect(parseGridCells("x")).toBe(100);
    expect(parseGridCells("0")).toBe(100);
  });

  it("maps canvas pixels to whole, clamped piece coordinates and back", () => {
    expect(canvasToPiece(75, 30, 1.5)).toEqual({ x: 50, y: 20 });
    expect(canvasToPiece(1e9, -1e9, 1)).toEqual({ x: 10000, y: -10000 });
    expect(pieceToCanvas({ x: 50, y: 20 }, 1.5)).toEqual({ x: 75, y: 30 });
  });
});

describe("keyboard cursor", () => {
  it("moves one grid cell per arrow, ten with Shift, inside the piece", () => {
    expect(moveCursor({ x: 50, y: 50 }, "ArrowRight", false, [200, 100])).toEqual({ x: 52, y: 50 });
    expect(moveCursor({ x: 50, y: 50 }, "ArrowUp", true, [200, 100])).toEqual({ x: 50, y: 40 });
    expect(moveCursor({ x: 0, y: 0 }, "ArrowLeft", true, [200, 100])).toEqual({ x: 0, y: 0 });
    expect(moveCursor({ x: 0, y: 0 }, "Enter", false, [200, 100])).toBeNull();
  });
});
