/**
 * The statistics a balance report needs, small and exact: a proportion with its 95% Wilson interval,
 * a two-proportion z-test, and a distribution summary. Pure functions on numbers.
 */

/** The normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  /** Wins; a tie counts as a shared win (1/k to each of k winners), so this may be fractional. */
  wins: number;
  games: number;
  /** wins / games, 0 when there were no games. */
  rate: number;
  /** The 95% Wilson score interval: unlike rate +- 1.96 SE it stays inside [0, 1] and holds for small counts. */
  low: number;
  high: number;
}

export function proportion(wins: number, games: number): Proportion {
  if (games <= 0) return { wins, games: 0, rate: 0, low: 0, high: 1 };
  const p = wins / games;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / games;
  const centre = (p + z2 / (2 * games)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / games + z2 / (4 * games * games))) / denominator;
  return { wins, games, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The standard normal distribution function, by erf (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface Difference {
  /** b.rate - a.rate. */
  difference: number;
  z: number;
  /** Two-sided p-value of the pooled two-proportion z-test; 1 when it cannot be computed. */
  p: number;
  /** p < 0.05. */
  significant: boolean;
}

/** Whether two win rates differ more than chance would explain (pooled two-proportion z-test). */
export function compareProportions(a: Proportion, b: Proportion): Difference {
  const difference = b.rate - a.rate;
  if (a.games === 0 || b.games === 0) return { difference, z: 0, p: 1, significant: false };
  const pooled = (a.wins + b.wins) / (a.games + b.games);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games));
  // Both all wins or all losses: no variance, and nothing to tell apart.
  if (se === 0) return { difference, z: 0, p: 1, significant: false };
  const z = difference / se;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { difference, z, p, significant: p < 0.05 };
}

export interface Bin {
  /** Inclusive. */
  from: number;
  /** Exclusive, except the last bin, which holds the maximum. */
  to: number;
  count: number;
}

export interface Distribution {
  count: number;
  min: number;
  median: number;
  mean: number;
  max: number;
  histogram: Bin[];
}

const MAX_BINS = 10;

export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { count: 0, min: 0, median: 0, mean: 0, max: 0, histogram: [] };
  const sorted = [...values].sort((x, y) => x - y);
  const n = sorted.length;
  const min = sorted[0] as number;
  const max = sorted[n - 1] as number;
  const mid = Math.floor(n / 2);
  const median =
    n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const mean = sorted.reduce((a, v) => a + v, 0) / n;
  // Scores and turns are whole numbers: whole-number bins, so a bin never splits one value.
  const integers = sorted.every(Number.isInteger);
  const width = integers
    ? Math.max(1, Math.ceil((max - min + 1) / MAX_BINS))
    : max === min
      ? 1
      : (max - min) / MAX_BINS;
  const bins = integers ? Math.ceil((max - min + 1) / width) : max === min ? 1 : MAX_BINS;
  const histogram: Bin[] = Array.from({ length: bins }, (_, i) => ({
    from: min + i * width,
    to: min + (i + 1) * width,
    count: 0,
  }));
  for (const v of sorted) {
    const i = Math.min(bins - 1, Math.floor((v - min) / width));
    (histogram[i] as Bin).count++;
  }
  return { count: n, min, median, mean, max, histogram };
}
