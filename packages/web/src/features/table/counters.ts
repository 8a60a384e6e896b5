// How a player area lists its counters (game-table.md section 3, the counter options): each under
// its parentCounter, with its customIcon, drawn as that many tokens when displayAsComponents says so,
// left out at zero when invisibleIfZero says so. Pure: the area only binds the rows to the DOM.

import type { Counter } from "@tt/engine";
import { assetUrl } from "./layout";

/** More tokens than this read as noise, not as a count: the number is shown beside them instead. */
export const COUNTER_TOKENS_MAX = 20;

export interface CounterRow {
  counter: Counter;
  /** How deep under parent counters (0: a counter of its own). */
  depth: number;
  /** The customIcon's image URL, or "". */
  icon: string;
  /** How many tokens are drawn for the value (displayAsComponents), 0 when none. */
  tokens: number;
  /** Whether the value is written as a number (always, unless the tokens alone say it). */
  showsNumber: boolean;
}

/**
 * The rows of a player's counters: each counter followed by those naming it as parentCounter, in
 * their order, indented one step deeper. A parentCounter naming no counter of the player (or a loop
 * of parents) leaves the counter at the top level, so no counter is ever lost.
 */
export function counterRows(counters: readonly Counter[], slug: string): CounterRow[] {
  const names = new Set(counters.map((c) => c.name));
  const parentOf = (c: Counter) => {
    const parent = c.options.parentCounter;
    return parent !== undefined && parent !== c.name && names.has(parent) ? parent : null;
  };
  // A counter whose parents loop back to it is drawn at the top level.
  const inLoop = (c: Counter) => {
    const seen = new Set([c.name]);
    for (let p = parentOf(c); p !== null; ) {
      if (seen.has(p)) return true;
      seen.add(p);
      const next = counters.find((x) => x.name === p);
      p = next === undefined ? null : parentOf(next);
    }
    return false;
  };
  const top = counters.filter((c) => parentOf(c) === null || inLoop(c));
  const rows: CounterRow[] = [];
  const placed = new Set<string>();
  const visit = (c: Counter, depth: number) => {
    if (placed.has(c.name)) return;
    placed.add(c.name);
    if (!(c.options.invisibleIfZero === true && c.value === 0)) rows.push(row(c, depth, slug));
    for (const child of counters) if (parentOf(child) === c.name && !inLoop(child)) visit(child, depth + 1);
  };
  for (const c of top) visit(c, 0);
  return rows;
}

function row(counter: Counter, depth: number, slug: string): CounterRow {
  const asTokens = counter.options.displayAsComponents === true;
  const whole = Number.isInteger(counter.value) && counter.value >= 0;
  const tokens = asTokens && whole ? Math.min(counter.value, COUNTER_TOKENS_MAX) : 0;
  return {
    counter,
    depth,
    icon: assetUrl(slug, counter.options.customIcon ?? ""),
    tokens,
    // Tokens alone say a small whole count; a large, negative or fractional one is also written.
    showsNumber: !asTokens || !whole || counter.value > COUNTER_TOKENS_MAX || counter.value === 0,
  };
}
