// The math of the preview canvases (admin-decks-editor.md sections 2, 9): fitting the piece's dims into
// the view, zoom by a factor of 1.5 per click, the grid lines (every tenth emphasised) and the mapping
// between canvas pixels and piece coordinates. No DOM here: the canvas components draw what this says.
import type { Coord } from "@tt/engine";
import { clamp } from "./clamps";
import { clampPoint } from "./coords";
import { DEFAULT_GRID, GRID_MAJOR_EVERY, ZOOM_FACTOR } from "./limits";

/** The canvas shows the piece at most this many CSS pixels wide or high at zoom 1. */
export const VIEW_PX = 560;
export const ZOOM_MIN = ZOOM_FACTOR ** -4;
export const ZOOM_MAX = ZOOM_FACTOR ** 6;

export const fitScale = ([w, h]: [number, number], view = VIEW_PX) => Math.min(view / w, view / h);

export const zoomIn = (zoom: number) => Math.min(ZOOM_MAX, zoom * ZOOM_FACTOR);
export const zoomOut = (zoom: number) => Math.max(ZOOM_MIN, zoom / ZOOM_FACTOR);

export interface GridLine {
  /** Offset in piece units from the top or left edge. */
  at: number;
  major: boolean;
}

/** `cells` cells across `extent` units: cells + 1 lines, each tenth one (and both edges) major. */
export function gridLines(extent: number, cells = DEFAULT_GRID): GridLine[] {
  const n = Math.max(1, Math.round(cells));
  const lines: GridLine[] = [];
  for (let i = 0; i <= n; i++)
    lines.push({ at: (extent * i) / n, major: i % GRID_MAJOR_EVERY === 0 || i === n });
  return lines;
}

/** A grid size as typed: a whole number of cells from 1 to 1000, else the default 100. */
export function parseGridCells(text: string): number {
  const n = Math.round(Number(text));
  return Number.isFinite(n) && n >= 1 ? clamp(n, 1, 1000) : DEFAULT_GRID;
}

/** A click at canvas pixels (relative to the canvas' top-left corner) as a piece coordinate. */
export const canvasToPiece = (px: number, py: number, scale: number): Coord =>
  clampPoint({ x: px / scale, y: py / scale });

export const pieceToCanvas = (c: Coord, scale: number): Coord => ({ x: c.x * scale, y: c.y * scale });

/**
 * The keyboard cursor of a canvas: arrows move it one grid cell (ten with Shift), kept inside the
 * piece; Enter or Space then acts as a click there. Null for other keys.
 */
export function moveCursor(
  cursor: Coord,
  key: string,
  shift: boolean,
  [w, h]: [number, number],
  cells = DEFAULT_GRID,
): Coord | null {
  const step = (shift ? GRID_MAJOR_EVERY : 1) / Math.max(1, cells);
  const dx = { ArrowLeft: -1, ArrowRight: 1 }[key] ?? 0;
  const dy = { ArrowUp: -1, ArrowDown: 1 }[key] ?? 0;
  if (dx === 0 && dy === 0) return null;
  return {
    x: clamp(Math.round(cursor.x + dx * step * w), 0, w),
    y: clamp(Math.round(cursor.y + dy * step * h), 0, h),
  };
}
