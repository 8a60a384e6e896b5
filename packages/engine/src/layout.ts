import type { Coord, PositionSet } from "./component-info.js";
import { BOARD_EXTENT_BY_PLAYERS } from "./constants.js";

/** Layout math shared by the renderer and the rules (what is where is never decided twice). */

/** Combined id of a coordinate: '{x}:{y}'. */
export function coordId(coord: Coord): string {
  return `${coord.x}:${coord.y}`;
}

export function parseCoordId(id: string): Coord | null {
  const match = /^(-?\d+(?:\.\d+)?):(-?\d+(?:\.\d+)?)$/.exec(id);
  return match === null ? null : { x: Number(match[1]), y: Number(match[2]) };
}

/** Minimum board extent multiplier for a player count: 1, 1, 1.6, 1.6, 2.2 for 0..4, 2.2 beyond. */
export function boardExtent(playerCount: number): number {
  const last = BOARD_EXTENT_BY_PLAYERS[BOARD_EXTENT_BY_PLAYERS.length - 1] as number;
  return BOARD_EXTENT_BY_PLAYERS[Math.max(0, Math.floor(playerCount))] ?? last;
}

/**
 * Named coordinates of a position set as [slot key, coord]; list coordinates are keyed by index. A set
 * without coords may describe a grid instead (gridCoords): its cells, row by row.
 */
export function positionCoords(set: PositionSet): [string, Coord][] {
  const coords = set.coords;
  if (coords === undefined) return set.gridCoords === undefined ? [] : gridCells(set.gridCoords);
  return Array.isArray(coords) ? coords.map((c, i) => [String(i), c]) : Object.entries(coords);
}

/** A grid of slots, as gridCoords describes it (centre of the first cell, steps, cell counts). */
export interface GridCoords {
  cols: number;
  rows: number;
  /** Centre of the top-left cell; 0 when unset. */
  x: number;
  y: number;
  /** Distance between the centres of neighbouring cells across and down. */
  dx: number;
  dy: number;
}

/** Grids larger than this are a typo, not a board: nothing is laid out rather than a million slots. */
export const GRID_MAX_CELLS = 4096;

/**
 * Reads a position set's gridCoords: {cols, rows, x?, y?, dx?, dy?} (dy defaults to dx, dx to 100).
 * The spec names the field only; a designer writes a grid of slots instead of listing each one, so a
 * chessboard is {cols: 8, rows: 8, x: 50, y: 50, dx: 100}. Anything else reads as no grid.
 */
export function parseGridCoords(value: unknown): GridCoords | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as { [key: string]: unknown };
  const num = (key: string, fallback?: number) => {
    const n = v[key];
    return typeof n === "number" && Number.isFinite(n) ? n : fallback;
  };
  const cols = num("cols");
  const rows = num("rows");
  if (cols === undefined || rows === undefined || !Number.isInteger(cols) || !Number.isInteger(rows))
    return null;
  if (cols < 1 || rows < 1 || cols * rows > GRID_MAX_CELLS) return null;
  const dx = num("dx", 100) as number;
  return { cols, rows, x: num("x", 0) as number, y: num("y", 0) as number, dx, dy: num("dy", dx) as number };
}

/** The cells of a grid keyed '{col}:{row}' (the combined id of the cell's grid coordinate), row by row. */
export function gridCells(value: unknown): [string, Coord][] {
  const grid = parseGridCoords(value);
  if (grid === null) return [];
  const out: [string, Coord][] = [];
  for (let row = 0; row < grid.rows; row++)
    for (let col = 0; col < grid.cols; col++)
      out.push([
        coordId({ x: col, y: row }),
        { x: round(grid.x + col * grid.dx), y: round(grid.y + row * grid.dy) },
      ]);
  return out;
}

/**
 * Offsets of the components of a multi position: spaced by gapSize along multiDirection (radians),
 * squeezed together when the row would be longer than maxSpread. Centred on the position.
 */
export function multiOffsets(
  count: number,
  set: Pick<PositionSet, "gapSize" | "maxSpread" | "multiDirection">,
) {
  if (count <= 0) return [];
  const wanted = set.gapSize ?? 0;
  const maxSpread = set.maxSpread;
  const gap =
    maxSpread !== undefined && count > 1 && wanted * (count - 1) > maxSpread
      ? maxSpread / (count - 1)
      : wanted;
  const direction = set.multiDirection ?? 0;
  const dx = Math.cos(direction) * gap;
  const dy = Math.sin(direction) * gap;
  const centre = (count - 1) / 2;
  const out: Coord[] = [];
  for (let i = 0; i < count; i++) out.push({ x: round((i - centre) * dx), y: round((i - centre) * dy) });
  return out;
}

/** Axial hex coordinates (q, r) of the first `count` cells of a spiral: centre, then ring by ring. */
export function hexSpiral(count: number): { q: number; r: number }[] {
  const cells: { q: number; r: number }[] = [];
  if (count <= 0) return cells;
  cells.push({ q: 0, r: 0 });
  const directions = [
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, 0],
    [-1, 1],
    [0, 1],
  ] as const;
  for (let ring = 1; cells.length < count; ring++) {
    // Each ring starts `ring` steps in direction 4 from the centre and walks six sides of `ring` steps.
    let q = -ring;
    let r = ring;
    for (const [dq, dr] of directions) {
      for (let step = 0; step < ring && cells.length < count; step++) {
        cells.push({ q, r });
        q += dq;
        r += dr;
      }
    }
  }
  return cells;
}

/** Pixel offsets of multi-piles on a hexagonal spiral with piles `spacing` apart (pointy-top hexes). */
export function hexSpiralOffsets(count: number, spacing: number): Coord[] {
  return hexSpiral(count).map(({ q, r }) => ({
    x: round(spacing * (q + r / 2)),
    y: round(spacing * (Math.sqrt(3) / 2) * r),
  }));
}

function round(n: number): number {
  // Trig leaves 1e-16 noise; renderers and tests want stable numbers.
  const rounded = Math.round(n * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
}
