import { z } from "zod";
import { findPlayer, replacePlayer } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Counter, Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";

export const incCounterSchema = z.object({
  type: z.literal("inc counter"),
  ...moveBaseShape,
  player: z.string(),
  counter: z.string(),
  amount: z.number(),
});
export type IncCounterMove = z.infer<typeof incCounterSchema>;

/** Counters never pass their maxValue; the change that would is cut at it. */
export function clampCounter(counter: Counter, value: number): number {
  const max = counter.options.maxValue;
  return max === undefined ? value : Math.min(max, value);
}

/** Shared by inc and set: finds the counter, stores the new value, logs the change. */
export function changeCounter(
  situation: Situation,
  move: { player: string; counter: string; type: string } & Parameters<typeof logFor>[0],
  compute: (counter: Counter) => number,
): MoveResult {
  const player = findPlayer(situation, move.player);
  if (player === undefined) return refuse("move/unknown-player");
  const counter = player.counters.find((c) => c.name === move.counter);
  if (counter === undefined) return refuse("move/unknown-counter");
  const value = clampCounter(counter, compute(counter));
  const counters = player.counters.map((c) => (c === counter ? { ...c, value } : c));
  const diff = value - counter.value;
  const text = diff >= 0 ? `gained ${diff} ${counter.name}` : `lost ${-diff} ${counter.name}`;
  return applied(
    replacePlayer(situation, { ...player, counters }),
    logFor(move, text, { targetPlayer: move.player }),
  );
}

export function applyIncCounter(situation: Situation, move: IncCounterMove): MoveResult {
  return changeCounter(situation, move, (c) => c.value + move.amount);
}
