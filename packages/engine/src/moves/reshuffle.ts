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
  /**
   * The outcome: the shuffled pile's ids, bottom to top. Recorded by the server when it shuffles;
   * a move that carries it replays that order and draws nothing.
   */
  order: z.array(z.string()).optional(),
});
export type ReshuffleMove = z.infer<typeof reshuffleSchema>;

/**
 * Shuffles a deck with the situation's generator (the server's), recording the order it drew; a
 * move that already carries its order (a recorded one, replayed anywhere) puts the cards in it.
 */
export function applyReshuffle(situation: Situation, move: ReshuffleMove): MoveResult {
  const deck = findComponent(situation.root, move.componentId);
  if (deck === undefined) return refuse("move/unknown-component");
  if (deck.type !== "deck") return refuse("move/not-a-container");
  const discard = move.includeDiscard === false ? [] : childrenAt(deck, DISCARD_POSITION);
  const cards = [...childrenAt(deck, DECK_POSITION), ...discard].map(
    (c): Component => ({ ...hidden(c), childData: { positionName: DECK_POSITION, childPos: null } }),
  );
  let order: Component[];
  let rng = situation.rng;
  if (move.order !== undefined) {
    const byId = new Map(cards.map((c) => [c.id, c]));
    if (move.order.length !== cards.length || new Set(move.order).size !== cards.length)
      return refuse("move/invalid", ["The recorded order does not match the deck."]);
    const placed = move.order.map((id) => byId.get(id));
    if (placed.some((c) => c === undefined))
      return refuse("move/invalid", ["The recorded order does not match the deck."]);
    order = placed as Component[];
    // The generator moves on as if it had drawn this order: every replica of the log keeps the same
    // state (the server's is the only one that matters; a view's is a constant, see view/view.ts).
    rng = shuffle(cards, situation.rng)[1];
  } else {
    [order, rng] = shuffle(cards, situation.rng);
  }
  const root = updateComponent(situation.root, deck.id, (d) => {
    const children: Component["children"] = { ...d.children, [DECK_POSITION]: order };
    if (move.includeDiscard !== false) children[DISCARD_POSITION] = [];
    return { ...d, children };
  }) as Component;
  const next = refreshContainers({ ...situation, root, rng }, [deck.id]);
  const resolved = move.order === undefined ? { ...move, order: order.map((c) => c.id) } : undefined;
  return applied(next, logFor(move, "shuffled the deck", { logDisplayComponent: deck.id }), resolved);
}
