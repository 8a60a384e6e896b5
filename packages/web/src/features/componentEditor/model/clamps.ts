// Number ranges of section 5: each editor field goes through one of these before it is stored.
import {
  BASE_SCALE_MAX,
  BASE_SCALE_MIN,
  BASE_SCALE_STEP,
  COORD_MAX,
  COORD_MIN,
  DIM_MAX,
  DIM_MIN,
  DIRECTION_MAX,
  DIRECTION_MIN,
  SCALE_MULT_MAX,
  SCALE_MULT_MIN,
  SCALE_MULT_STEP,
  SPREAD_MAX,
  SPREAD_MIN,
} from "./limits";

export const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Rounds to a step without binary noise (0.1 * 3 is 0.3, not 0.30000000000000004). */
export function roundToStep(n: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number((Math.round(n / step) * step).toFixed(decimals));
}

/** A dim is an integer from 1 to 1000. */
export const clampDim = (n: number) => clamp(Math.round(n), DIM_MIN, DIM_MAX);

/** Max spread and gap size are integers from 0 to 10000. */
export const clampSpread = (n: number) => clamp(Math.round(n), SPREAD_MIN, SPREAD_MAX);

/** Scale multiplier 0..100 in steps of 0.1. */
export const clampScaleMult = (n: number) =>
  roundToStep(clamp(n, SCALE_MULT_MIN, SCALE_MULT_MAX), SCALE_MULT_STEP);

/** Coordinates from -10000 to 10000. */
export const clampCoord = (n: number) => clamp(n, COORD_MIN, COORD_MAX);

/** An index into a list of `length` items. */
export const clampIndex = (i: number, length: number) => clamp(Math.round(i), 0, Math.max(0, length - 1));

/** Direction typed in whole degrees 0..359, stored in radians. */
export function degreesToRadians(degrees: number): number {
  return (clamp(Math.round(degrees), DIRECTION_MIN, DIRECTION_MAX) * Math.PI) / 180;
}

/** A stored direction shown in whole degrees 0..359 (any turn count folds back into one turn). */
export function radiansToDegrees(radians: number): number {
  const degrees = Math.round((radians * 180) / Math.PI) % 360;
  return degrees < 0 ? degrees + 360 : degrees;
}

/** Base scale as typed: a number clamped to 0.1..10 in steps of 0.01; null (ignored) when not a number. */
export function parseBaseScale(input: string | number): number | null {
  const n = typeof input === "number" ? input : input.trim() === "" ? Number.NaN : Number(input);
  if (!Number.isFinite(n)) return null;
  return roundToStep(clamp(n, BASE_SCALE_MIN, BASE_SCALE_MAX), BASE_SCALE_STEP);
}
