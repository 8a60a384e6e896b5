// What the positions editor draws over its canvas (sections 2, 9): every coordinate of every set as a dot
// of the chosen size (small 1, medium 4, large 16 px), the current set in red with its keys written
// beside the dots when they are big enough to read, and a ring round the coordinate selected for moving.

import { coordEntries } from "./coords";
import { DOT_SIZES } from "./limits";
import { type Positions, setNames, setOf } from "./positions";

export type DotSize = keyof typeof DOT_SIZES;

/** The part of a 2D canvas context the drawing uses (a test records the calls). */
export type DotCanvas = Pick<
  CanvasRenderingContext2D,
  "beginPath" | "arc" | "fill" | "stroke" | "fillText" | "fillStyle" | "strokeStyle" | "lineWidth" | "font"
>;

export const CURRENT_COLOR = "#d32f2f";
export const OTHER_COLOR = "rgba(25, 118, 210, 0.7)";

export function drawPositions(
  ctx: DotCanvas,
  scale: number,
  positions: Positions,
  current: string,
  moving: string | null,
  dot: DotSize,
): void {
  const radius = DOT_SIZES[dot];
  for (const name of setNames(positions)) {
    const isCurrent = name === current;
    for (const { key, coord } of coordEntries(setOf(positions, name) ?? {})) {
      const [x, y] = [coord.x * scale, coord.y * scale];
      ctx.fillStyle = isCurrent ? CURRENT_COLOR : OTHER_COLOR;
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, Math.PI * 2);
      ctx.fill();
      if (isCurrent && key === moving) {
        ctx.strokeStyle = CURRENT_COLOR;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(x, y, radius + 5, 0, Math.PI * 2);
        ctx.stroke();
      }
      // A 1 px dot has no room for its key.
      if (isCurrent && radius >= DOT_SIZES.medium) {
        ctx.fillStyle = "#000";
        ctx.font = "11px sans-serif";
        ctx.fillText(key, x + radius + 2, y - radius - 2);
      }
    }
  }
}
