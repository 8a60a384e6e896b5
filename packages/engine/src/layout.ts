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

/** Named coordinates of a position set as [slot key, coord]; list coordinates are keyed by index. */
export function positionCoords(set: PositionSet): [string, Coord][] {
  const coords = set.coords;
  if (coords === undefined) return [];
  return Array.isArray(coords) ? coords.map((c, i) => [String(i), c]) : Object.entries(coords);
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
