import { describe, expect, it } from "vitest";
import { nextFloat, nextInt, seedRng, shuffle } from "./rng.js";

describe("rng", () => {
  it("is deterministic and never mutates its state", () => {
    const rng = Object.freeze(seedRng(7));
    const [a, next] = nextFloat(rng);
    expect(nextFloat(rng)[0]).toBe(a);
    expect(next).not.toEqual(rng);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(1);
  });

  it("draws integers in range and shuffles to a permutation", () => {
    let rng = seedRng(1);
    for (let i = 0; i < 100; i++) {
      const [n, next] = nextInt(rng, 6);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(6);
      rng = next;
    }
    const [order] = shuffle([1, 2, 3, 4, 5], seedRng(3));
    expect([...order].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
