import { describe, expect, it } from "vitest";
import {
  clampCoord,
  clampDim,
  clampIndex,
  clampScaleMult,
  clampSpread,
  degreesToRadians,
  parseBaseScale,
  radiansToDegrees,
} from "./clamps";

describe("ranges of section 5", () => {
  it("clamps dims to integers 1..1000", () => {
    expect(clampDim(0)).toBe(1);
    expect(clampDim(1001)).toBe(1000);
    expect(clampDim(12.6)).toBe(13);
  });
  it("clamps max spread and gap size to integers 0..10000", () => {
    expect(clampSpread(-5)).toBe(0);
    expect(clampSpread(10001)).toBe(10000);
    expect(clampSpread(3.4)).toBe(3);
  });
  it("clamps the scale multiplier to 0..100 in steps of 0.1", () => {
    expect(clampScaleMult(-1)).toBe(0);
    expect(clampScaleMult(150)).toBe(100);
    expect(clampScaleMult(1.26)).toBe(1.3);
    expect(clampScaleMult(0.30000000000000004)).toBe(0.3);
  });
  it("clamps coordinates to -10000..10000 and indexes to the list", () => {
    expect(clampCoord(-20000)).toBe(-10000);
    expect(clampCoord(20000)).toBe(10000);
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(9, 3)).toBe(2);
    expect(clampIndex(5, 0)).toBe(0);
  });
  it("parses base scale 0.1..10 with step 0.01 and ignores non-numeric input", () => {
    expect(parseBaseScale("abc")).toBeNull();
    expect(parseBaseScale("")).toBeNull();
    expect(parseBaseScale("0")).toBe(0.1);
    expect(parseBaseScale("11")).toBe(10);
    expect(parseBaseScale("1.234")).toBe(1.23);
    expect(parseBaseScale(2)).toBe(2);
  });
});

describe("direction in degrees, stored in radians", () => {
  it("converts whole degrees 0..359 to radians", () => {
    expect(degreesToRadians(90)).toBeCloseTo(Math.PI / 2);
    expect(degreesToRadians(180)).toBeCloseTo(Math.PI);
    expect(degreesToRadians(400)).toBeCloseTo((359 * Math.PI) / 180);
    expect(degreesToRadians(-10)).toBe(0);
  });
  it("shows stored radians as whole degrees and round-trips", () => {
    expect(radiansToDegrees(Math.PI / 2)).toBe(90);
    expect(radiansToDegrees(-Math.PI / 2)).toBe(270);
    expect(radiansToDegrees(2 * Math.PI)).toBe(0);
    for (const d of [0, 1, 45, 359]) expect(radiansToDegrees(degreesToRadians(d))).toBe(d);
  });
});
