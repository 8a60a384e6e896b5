import { describe, expect, it } from "vitest";
import { distanceToBottom, nearBottom, SCROLL_THRESHOLD_PX, shouldLoadMore } from "./infiniteScroll";

const at = (scrollTop: number) => ({ scrollTop, viewportHeight: 800, scrollHeight: 2000 });

describe("infinite scroll threshold", () => {
  it("is 50 px (spec section 9)", () => {
    expect(SCROLL_THRESHOLD_PX).toBe(50);
  });

  it("measures the distance below the viewport", () => {
    expect(distanceToBottom(at(0))).toBe(1200);
    expect(distanceToBottom(at(1200))).toBe(0);
    expect(distanceToBottom(at(1300))).toBe(0);
  });

  it("fires within 50 px of the bottom, not at 51", () => {
    expect(nearBottom(at(1149))).toBe(false);
    expect(nearBottom(at(1150))).toBe(true);
    expect(nearBottom(at(1199))).toBe(true);
  });

  it("treats a page shorter than the viewport as at the bottom", () => {
    expect(nearBottom({ scrollTop: 0, viewportHeight: 800, scrollHeight: 600 })).toBe(true);
  });

  it("loads only when there is more, nothing in flight and no failure", () => {
    const bottom = at(1200);
    expect(shouldLoadMore(bottom, { hasMore: true, loading: false })).toBe(true);
    expect(shouldLoadMore(bottom, { hasMore: false, loading: false })).toBe(false);
    expect(shouldLoadMore(bottom, { hasMore: true, loading: true })).toBe(false);
    expect(shouldLoadMore(bottom, { hasMore: true, loading: false, failed: true })).toBe(false);
    expect(shouldLoadMore(at(0), { hasMore: true, loading: false })).toBe(false);
  });
});
