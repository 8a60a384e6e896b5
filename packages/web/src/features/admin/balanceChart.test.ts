import { describe, expect, it } from "vitest";
import { barChart } from "./balanceChart";

describe("barChart", () => {
  it("draws each rate as a bar from the baseline, its interval as a whisker on one 0-100% scale", () => {
    const chart = barChart([
      { label: "Seat 1", rate: 0.5, low: 0.4, high: 0.6 },
      { label: "Seat 2", rate: 1, low: 0.9, high: 1 },
    ]);
    const [one, two] = chart.bars;
    expect(one?.y).toBe(chart.baseline - one!.h);
    expect(two!.h).toBe(2 * one!.h);
    // The whisker spans the interval around the bar's top.
    expect(one!.whiskerTop).toBeLessThan(one!.y);
    expect(one!.whiskerBottom).toBeGreaterThan(one!.y);
    expect(two!.whiskerTop).toBe(two!.y);
    // Bars side by side, inside the chart.
    expect(two!.x).toBeGreaterThan(one!.x + one!.w);
    expect(two!.x + two!.w).toBeLessThanOrEqual(chart.width);
  });

  it("keeps a bar and its whisker inside the plot whatever it is given", () => {
    const [bar] = barChart([{ label: "x", rate: 1.5, low: -0.2, high: 2 }]).bars;
    expect(bar!.y).toBeGreaterThanOrEqual(0);
    expect(bar!.whiskerBottom).toBeLessThanOrEqual(barChart([]).baseline);
  });
});
