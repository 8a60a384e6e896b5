// Edge scrolling (game-table.md section 9): with the pointer near a window edge the page scrolls
// towards it, 10 px a frame in the outer 100 px band and 20 px a frame in the outer 30 px. The top
// 55 px are the top bar: pointing at its controls must not scroll the page.

export const EDGE_SCROLL = {
  bands: [100, 30],
  speeds: [10, 20],
  topBar: 55,
} as const;

export interface Viewport {
  width: number;
  height: number;
}

/** Pixels per frame for a distance from an edge: 0 outside the bands. */
function speedAt(distance: number): number {
  if (distance < 0) return 0;
  if (distance < EDGE_SCROLL.bands[1]) return EDGE_SCROLL.speeds[1];
  if (distance < EDGE_SCROLL.bands[0]) return EDGE_SCROLL.speeds[0];
  return 0;
}

/** The scroll of one animation frame for a pointer at (x, y) in window coordinates. */
export function edgeScrollStep(x: number, y: number, viewport: Viewport): { dx: number; dy: number } {
  if (y < EDGE_SCROLL.topBar) return { dx: 0, dy: 0 };
  const dx = speedAt(viewport.width - x) - speedAt(x);
  // The top band starts below the top bar, so the bar's own height does not count as edge.
  const dy = speedAt(viewport.height - y) - speedAt(y - EDGE_SCROLL.topBar);
  return { dx, dy };
}
