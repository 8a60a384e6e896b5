import type { RngState } from "./situation.js";

/**
 * Seeded generator kept inside the situation (mulberry32): the same log gives the same shuffles on
 * the server, in every browser and in replay. Each draw returns the next state instead of mutating.
 */
export function seedRng(seed: number): RngState {
  return { state: seed >>> 0 };
}

/** A float in [0, 1) and the advanced state. */
export function nextFloat(rng: RngState): [number, RngState] {
  const state = (rng.state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return [value, { state }];
}

/** An integer in [0, n). */
export function nextInt(rng: RngState, n: number): [number, RngState] {
  const [f, next] = nextFloat(rng);
  return [Math.floor(f * n), next];
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(items: readonly T[], rng: RngState): [T[], RngState] {
  const out = items.slice();
  let state = rng;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = nextInt(state, i + 1);
    state = next;
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return [out, state];
}
