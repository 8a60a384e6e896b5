import { describe, expect, it } from "vitest";
import { edgeScrollStep } from "./edgeScroll";

const view = { width: 1200, height: 800 };

describe("edge scrolling", () => {
  it("does nothing in the middle of the window", () => {
    expect(edgeScrollStep(600, 400, view)).toEqual({ dx: 0, dy: 0 });
  });

  it("scrolls 10 px a frame in the outer 100 px band and 20 px in the outer 30 px", () => {
    expect(edgeScrollStep(1200 - 50, 400, view)).toEqual({ dx: 10, dy: 0 });
    expect(edgeScrollStep(1200 - 10, 400, view)).toEqual({ dx: 20, dy: 0 });
    expect(edgeScrollStep(50, 400, view)).toEqual({ dx: -10, dy: 0 });
    expect(edgeScrollStep(10, 400, view)).toEqual({ dx: -20, dy: 0 });
    expect(edgeScrollStep(600, 800 - 10, view)).toEqual({ dx: 0, dy: 20 });
    expect(edgeScrollStep(1195, 795, view)).toEqual({ dx: 20, dy: 20 });
  });

  it("ignores the 55 px top bar and measures the top band below it", () => {
    expect(edgeScrollStep(600, 20, view)).toEqual({ dx: 0, dy: 0 });
    expect(edgeScrollStep(5, 40, view)).toEqual({ dx: 0, dy: 0 });
    expect(edgeScrollStep(600, 55 + 10, view)).toEqual({ dx: 0, dy: -20 });
    expect(edgeScrollStep(600, 55 + 60, view)).toEqual({ dx: 0, dy: -10 });
    expect(edgeScrollStep(600, 55 + 120, view)).toEqual({ dx: 0, dy: 0 });
  });
});
