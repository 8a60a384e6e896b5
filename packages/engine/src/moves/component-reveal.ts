import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Component, Situation } from "../situation.js";
import { updateComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { displayName } from "./place.js";

export const componentRevealSchema = z.object({
  type: z.literal("component reveal"),
  ...moveBaseShape,
  componentId: z.string(),
  /** Target state: false shows the face (default), true turns it face down again. */
  facedown: z.boolean().optional(),
  /** Shows the face only to these colours, leaving it face down for the others. */
  forPlayers: z.array(z.string()).optional(),
  /** Turns a two-sided card over (its reverse image), independent of being face down. */
  flip: z.boolean().optional(),
});
export type ComponentRevealMove = z.infer<typeof componentRevealSchema>;

export function revealed(
  component: Component,
  move: Pick<ComponentRevealMove, "facedown" | "forPlayers" | "flip">,
) {
  const options = { ...component.options };
  if (move.forPlayers !== undefined) {
    const seen = new Set([...(options.cardUnflippedFor ?? []), ...move.forPlayers]);
    options.cardUnflippedFor = [...seen];
    options.facedown = true;
  } else {
    options.facedown = move.facedown ?? false;
    if (!options.facedown) delete options.cardUnflippedFor;
  }
  if (move.flip === true) options.cardFlipped = options.cardFlipped !== true;
  return { ...component, options };
}

export function applyComponentReveal(situation: Situation, move: ComponentRevealMove): MoveResult {
  let name = move.componentId;
  const root = updateComponent(situation.root, move.componentId, (c) => {
    name = displayName(c);
    return revealed(c, move);
  });
  if (root === undefined) return refuse("move/unknown-component");
  let text = `revealed ${name}`;
  if (move.forPlayers !== undefined) text = `showed ${name} to ${move.forPlayers.join(", ")}`;
  else if (move.facedown === true) text = `flipped ${name} face down`;
  return applied({ ...situation, root }, logFor(move, text, { logDisplayComponent: move.componentId }));
}
