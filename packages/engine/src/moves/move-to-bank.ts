import { z } from "zod";
import { BANK_POSITION, findBankFor } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Component, Situation } from "../situation.js";
import { findComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { displayName, isRefusal, relocate } from "./place.js";

export const moveToBankSchema = z.object({
  type: z.literal("move to bank"),
  ...moveBaseShape,
  componentId: z.string(),
  /** The bank; by default the bank whose contentNames include the component's name. */
  bankId: z.string().optional(),
});
export type MoveToBankMove = z.infer<typeof moveToBankSchema>;

/** A banked component forgets how it was turned, so it comes out of the bank as new. */
function reset(component: Component): Component {
  const { facedown: _f, cardFlipped: _c, cardUnflippedFor: _u, ...options } = component.options;
  return { ...component, options };
}

export function applyMoveToBank(situation: Situation, move: MoveToBankMove): MoveResult {
  const component = findComponent(situation.root, move.componentId);
  if (component === undefined) return refuse("move/unknown-component");
  const bankId = move.bankId ?? findBankFor(situation, component.name);
  if (bankId === undefined || situation.containers[bankId]?.kind !== "bank") return refuse("move/no-bank");
  const next = relocate(
    situation,
    move.componentId,
    { parentId: bankId, positionName: BANK_POSITION, slot: null },
    reset,
  );
  if (isRefusal(next)) return next;
  return applied(
    next,
    logFor(move, `returned ${displayName(component)} to the bank`, { logDisplayComponent: bankId }),
  );
}
