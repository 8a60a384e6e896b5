import { z } from "zod";
import { activeState } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";

export const pressStateButtonSchema = z.object({
  type: z.literal("press state button"),
  ...moveBaseShape,
  button: z.string().min(1),
});
export type PressStateButtonMove = z.infer<typeof pressStateButtonSchema>;

/** Checks the button against the active state; the rule module answers the press with moves. */
export function applyPressStateButton(situation: Situation, move: PressStateButtonMove): MoveResult {
  const state = activeState(situation);
  const button = state.buttons.find((b) => b.name === move.button);
  const editButton = state.editModeButtons.find((b) => b.name === move.button);
  if (button === undefined && editButton === undefined) return refuse("move/unknown-button");
  if (button === undefined && move.editMode !== true) return refuse("move/edit-mode-only");
  const pressed = button ?? editButton;
  if (pressed?.disabled === true) return refuse("move/button-disabled");
  return applied(situation, logFor(move, `pressed ${pressed?.text ?? move.button}`));
}
