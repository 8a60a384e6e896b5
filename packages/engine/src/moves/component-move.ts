import { z } from "zod";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape, placementShape } from "./base.js";
import { displayName, isRefusal, relocate, toPlacement } from "./place.js";

export const componentMoveSchema = z.object({
  type: z.literal("component move"),
  ...moveBaseShape,
  componentId: z.string(),
  ...placementShape,
});
export type ComponentMove = z.infer<typeof componentMoveSchema>;

/** Puts a component (with everything on it) at a position of another component. */
export function applyComponentMove(situation: Situation, move: ComponentMove): MoveResult {
  let name = move.componentId;
  const next = relocate(situation, move.componentId, toPlacement(move), (moving) => {
    name = displayName(moving);
    return moving;
  });
  if (isRefusal(next)) return next;
  return applied(next, logFor(move, `moved ${name}`, { logDisplayComponent: move.componentId }));
}
