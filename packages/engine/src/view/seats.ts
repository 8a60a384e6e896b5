import type { Situation } from "../situation.js";

/**
 * The colours seated before or after a turn, each once, in the order they first appear (before's
 * players, then after's new ones): the viewers whose sight a turn's flags and id re-issue compare.
 * Plain loops: this runs at every turn, and there are at most a dozen seats.
 */
export function seatsOf(before: Situation, after: Situation): string[] {
  const out: string[] = [];
  for (const p of before.players) if (!out.includes(p.color)) out.push(p.color);
  if (after.players !== before.players)
    for (const p of after.players) if (!out.includes(p.color)) out.push(p.color);
  return out;
}
