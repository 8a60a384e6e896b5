import { describe, expect, it } from "vitest";
import { anyValues, identical, sameEntries } from "./same-entries.js";

describe("sameEntries", () => {
  it("holds for the same keys in any order when every pair of values is the same", () => {
    expect(sameEntries({ a: 1, b: 2 }, { b: 2, a: 1 }, identical)).toBe(true);
    expect(sameEntries({}, {}, identical)).toBe(true);
  });

  it("fails on a key either side lacks, or one pair of values that differs", () => {
    expect(sameEntries({ a: 1 }, { a: 1, b: 2 }, identical)).toBe(false);
    expect(sameEntries({ a: 1, b: 2 }, { a: 1 }, identical)).toBe(false);
    expect(sameEntries({ a: 1, b: 2 }, { a: 1, c: 2 }, anyValues)).toBe(false);
    expect(sameEntries({ a: 1, b: 2 }, { a: 1, b: 3 }, identical)).toBe(false);
  });

  it("does not take a key of the prototype for an own key", () => {
    const inherited = Object.create({ a: 1 }) as { a?: number; b: number };
    inherited.b = 2;
    expect(sameEntries({ a: 1, b: 2 }, inherited, identical)).toBe(false);
  });

  it("compares values with the function it is given", () => {
    const sameLength = (x: string, y: string) => x.length === y.length;
    expect(sameEntries({ a: "xy" }, { a: "zw" }, sameLength)).toBe(true);
    expect(sameEntries({ a: "xy" }, { a: "z" }, sameLength)).toBe(false);
  });
});
