// Infinite scroll of the profile's finished tables (spec sections 2 and 9): more is loaded when the
// viewport's bottom edge is within 50 px of the page's bottom.

export const SCROLL_THRESHOLD_PX = 50;

export interface ScrollMetrics {
  /** How far the page is scrolled (window.scrollY). */
  scrollTop: number;
  /** The viewport's height (window.innerHeight). */
  viewportHeight: number;
  /** The page's full height (document.documentElement.scrollHeight). */
  scrollHeight: number;
}

/** Pixels left below the viewport; never negative (overscroll on touch screens). */
export function distanceToBottom({ scrollTop, viewportHeight, scrollHeight }: ScrollMetrics): number {
  return Math.max(0, scrollHeight - (scrollTop + viewportHeight));
}

/** True when the viewport is within the threshold of the bottom, or the page does not scroll at all. */
export function nearBottom(metrics: ScrollMetrics, threshold = SCROLL_THRESHOLD_PX): boolean {
  return distanceToBottom(metrics) <= threshold;
}

/** Whether to ask for the next page now: near the bottom, more to load, and nothing in flight. */
export function shouldLoadMore(
  metrics: ScrollMetrics,
  state: { hasMore: boolean; loading: boolean; failed?: boolean },
): boolean {
  return state.hasMore && !state.loading && !state.failed && nearBottom(metrics);
}
