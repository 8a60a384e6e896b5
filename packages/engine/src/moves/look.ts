import { z } from "zod";
import { ownerOf } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Component, Situation } from "../situation.js";
import { findComponent, updateComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { displayName } from "./place.js";

export const lookSchema = z.object({
  type: z.literal("look"),
  ...moveBaseShape,
  /** The component whose contents the player looks through (a deck, a bank, a hand's area). */
  componentId: z.string(),
  /** Only this position; every position when absent. */
  positionName: z.string().optional(),
});
export type LookMove = z.infer<typeof lookSchema>;

/**
 * A player looks through what lies in a component, in edit mode (DESIGN.md 'Hidden information'):
 * from now on they see the face of every piece in it, as if each had been shown to them, until it is
 * shuffled or turned face down again. Edit mode itself shows nothing; this is the explicit act, and
 * its log line ('looked at deck') is read by everyone. The turn reveals hidden information, so it
 * cannot be undone.
 */
export function applyLook(situation: Situation, move: LookMove): MoveResult {
  const target = findComponent(situation.root, move.componentId);
  if (target === undefined) return refuse("move/unknown-component");
  const seat = move.sourcePlayer;
  if (seat === undefined) return refuse("move/unknown-player");
  if (move.positionName !== undefined && target.children[move.positionName] === undefined)
    return refuse("move/bad-position");
  const shown = (c: Component): Component => {
    const seen = c.options.cardUnflippedFor ?? [];
    return seen.includes(seat) ? c : { ...c, options: { ...c.options, cardUnflippedFor: [...seen, seat] } };
  };
  const root = updateComponent(situation.root, move.componentId, (parent) => {
    const children: Component["children"] = {};
    for (const [name, list] of Object.entries(parent.children)) {
      if (move.positionName !== undefined && name !== move.positionName) children[name] = list;
      else if (Array.isArray(list)) children[name] = list.map(shown);
      else children[name] = Object.fromEntries(Object.entries(list).map(([slot, c]) => [slot, shown(c)]));
    }
    return { ...parent, children };
  }) as Component;
  return applied(
    { ...situation, root },
    logFor(move, `looked at ${lookedAt(situation, target)}`, { logDisplayComponent: move.componentId }),
  );
}

/**
 * What the log line says was looked at, for every player to read: a player's area is their hand
 * ('blue's hand'), a piece in one is theirs ('blue's deck'), anything else its own name.
 */
function lookedAt(situation: Situation, target: Component): string {
  const player = situation.players.find((p) => p.area === target.id);
  if (player !== undefined) return `${player.color}'s hand`;
  const owner = ownerOf(situation, target.id);
  return owner === null ? displayName(target) : `${owner}'s ${displayName(target)}`;
}
