import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Component, Situation } from "../situation.js";
import { findComponent, updateComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { revealed } from "./component-reveal.js";

export const revealAllSchema = z.object({
  type: z.literal("reveal all"),
  ...moveBaseShape,
  /** The component whose children are revealed. */
  componentId: z.string(),
  /** Only this position; every position when absent. */
  positionName: z.string().optional(),
  facedown: z.boolean().optional(),
  forPlayers: z.array(z.string()).optional(),
});
export type RevealAllMove = z.infer<typeof revealAllSchema>;

export function applyRevealAll(situation: Situation, move: RevealAllMove): MoveResult {
  if (findComponent(situation.root, move.componentId) === undefined) return refuse("move/unknown-component");
  const root = updateComponent(situation.root, move.componentId, (parent) => {
    const children: Component["children"] = {};
    for (const [name, list] of Object.entries(parent.children)) {
      if (move.positionName !== undefined && name !== move.positionName) {
        children[name] = list;
      } else if (Array.isArray(list)) {
        children[name] = list.map((c) => revealed(c, move));
      } else {
        children[name] = Object.fromEntries(
          Object.entries(list).map(([slot, c]) => [slot, revealed(c, move)]),
        );
      }
    }
    return { ...parent, children };
  }) as Component;
  return applied(
    { ...situation, root },
    logFor(move, "revealed all", { logDisplayComponent: move.componentId }),
  );
}
