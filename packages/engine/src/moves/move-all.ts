import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { childrenAt, findComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape, placementShape } from "./base.js";
import { isRefusal, relocate, toPlacement } from "./place.js";

export const moveAllSchema = z.object({
  type: z.literal("move all"),
  ...moveBaseShape,
  /** The component whose position is emptied. */
  componentId: z.string(),
  sourcePositionName: z.string(),
  ...placementShape,
});
export type MoveAllMove = z.infer<typeof moveAllSchema>;

/** Moves every component of one position to another, keeping their order. */
export function applyMoveAll(situation: Situation, move: MoveAllMove): MoveResult {
  const source = findComponent(situation.root, move.componentId);
  if (source === undefined) return refuse("move/unknown-component");
  const ids = childrenAt(source, move.sourcePositionName).map((c) => c.id);
  let next = situation;
  const keyed = move.positionIndex !== undefined;
  for (const [i, id] of ids.entries()) {
    // A keyed destination takes one component per slot: number the slots from the given one.
    const at = toPlacement(
      keyed && typeof move.positionIndex === "number"
        ? { ...move, positionIndex: move.positionIndex + i }
        : move,
    );
    const result = relocate(next, id, at);
    if (isRefusal(result)) return result;
    next = result;
  }
  return applied(
    next,
    logFor(move, `moved ${ids.length} components`, { logDisplayComponent: move.destinationId }),
  );
}
