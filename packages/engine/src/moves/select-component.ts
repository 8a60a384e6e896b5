import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { hasComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";

export const selectComponentSchema = z.object({
  type: z.literal("select component"),
  ...moveBaseShape,
  /** The seat whose selection changes. */
  seat: z.string(),
  /** null clears the selection. */
  componentId: z.string().nullable(),
});
export type SelectComponentMove = z.infer<typeof selectComponentSchema>;

/** Rules use this to force a selection (e.g. the card just drawn); plain clicks select locally. */
export function applySelectComponent(situation: Situation, move: SelectComponentMove): MoveResult {
  if (move.componentId !== null && !hasComponent(situation.root, move.componentId)) {
    return refuse("move/unknown-component");
  }
  const next = { ...situation, selected: { ...situation.selected, [move.seat]: move.componentId } };
  return applied(next, logFor(move, ""));
}
