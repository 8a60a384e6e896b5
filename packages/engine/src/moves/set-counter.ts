import { z } from "zod";
import type { Situation } from "../situation.js";
import { type MoveResult, moveBaseShape } from "./base.js";
import { changeCounter } from "./inc-counter.js";

export const setCounterSchema = z.object({
  type: z.literal("set counter"),
  ...moveBaseShape,
  player: z.string(),
  counter: z.string(),
  value: z.number(),
});
export type SetCounterMove = z.infer<typeof setCounterSchema>;

export function applySetCounter(situation: Situation, move: SetCounterMove): MoveResult {
  return changeCounter(situation, move, () => move.value);
}
