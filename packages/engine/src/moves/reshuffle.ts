import { z } from "zod";
import { DECK_POSITION, DISCARD_POSITION, refreshContainers } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import { shuffle } from "../rng.js";
import type { Component, Situation } from "../situation.js";
import { childrenAt, findComponent, updateComponent } from "../tree.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { hidden } from "./deck-target.js";

export const reshuffleSchema = z.object({
  type: z.literal("reshuffle"),
  ...moveBaseShape,
  /** The deck. */
  componentId: z.string(),
  /** Shuffle the discard pile back in (default true). */
  includeDiscard: z.boolean().optional(),
});
export type ReshuffleMove = z.infer<typeof reshuffleSchema>;

/** Shuffles a deck with the situation's generator, so every replica gets the same order. */
export function applyReshuffle(situation: Situation, move: ReshuffleMove): MoveResult {
  const deck = findComponent(situation.root, move.componentId);
  if (deck === undefined) return refuse("move/unknown-component");
  if (deck.type !== "deck") return refuse("move/not-a-container");
  const discard = move.includeDiscard === false ? [] : childrenAt(deck, DISCARD_POSITION);
  const cards = [...childrenAt(deck, DECK_POSITION), ...discard].map(
    (c): Component => ({ ...hidden(c), childData: { positionName: DECK_POSITION, childPos: null } }),
  );
  const [order, rng] = shuffle(cards, situation.rng);
  const root = updateComponent(situation.root, deck.id, (d) => {
    const children: Component["children"] = { ...d.children, [DECK_POSITION]: order };
    if (move.includeDiscard !== false) children[DISCARD_POSITION] = [];
    return { ...d, children };
  }) as Component;
  const next = refreshContainers({ ...situation, root, rng }, [deck.id]);
  return applied(next, logFor(move, "shuffled the deck", { logDisplayComponent: deck.id }));
}
