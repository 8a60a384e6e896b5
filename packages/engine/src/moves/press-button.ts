import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { hasComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";

export const pressButtonSchema = z.object({
  type: z.literal("press button"),
  ...moveBaseShape,
  /** The component (or player area) showing the button. */
  componentId: z.string(),
  button: z.string().min(1),
});
export type PressButtonMove = z.infer<typeof pressButtonSchema>;

/**
 * A press changes nothing by itself: it is recorded so the rule module's game-event evaluation can
 * answer it with moves, and so replay shows it.
 */
export function applyPressButton(situation: Situation, move: PressButtonMove): MoveResult {
  if (!hasComponent(situation.root, move.componentId)) return refuse("move/unknown-component");
  return applied(
    situation,
    logFor(move, `pressed ${move.button}`, { logDisplayComponent: move.componentId }),
  );
}
