import { expect } from "vitest";
import type { PieceLibrary } from "../component-info.js";
import type { Applied, MoveResult } from "../moves/base.js";
import { applyMove, type Move } from "../moves/index.js";
import type { RefusalCode } from "../result.js";
import { defaultSetup } from "../setup.js";
import type { Component, Situation } from "../situation.js";
import { childrenAt, findComponent, walk } from "../tree.js";

/**
 * A small table for tests: a board with keyed slots and a pile, two players with hands and
 * counters, a deck of six cards, a bank of coins and a die.
 */
export const TEST_PIECES: PieceLibrary = {
  meeple: { selectable: true, width: 40 },
  coin: { selectable: true },
  "__card-main": { selectable: true, displayMode: "owningPlayerOnly" },
  table: {
    positions: {
      dims: [1000, 1000],
      board: { coords: { a: { x: 0, y: 0 }, b: { x: 100, y: 0 }, c: { x: 200, y: 0 } } },
      pile: { multi: true, gapSize: 10, maxSpread: 100 },
      meeples: { multi: true, accepts: ["meeple"] },
    },
  },
  "player-area": {
    positions: {
      dims: [400, 200],
      hand: { multi: true, displayMode: "owningPlayerOnly" },
      tableau: { multi: true, displayMode: "opponentCardBack" },
    },
  },
};

export function testSituation(seed = 42): Situation {
  return defaultSetup({
    players: [{ color: "red" }, { color: "blue" }],
    options: {},
    pieces: TEST_PIECES,
    root: {
      id: "table",
      name: "table",
      type: "board",
      children: {
        board: {},
        pile: [],
        meeples: [
          { id: "m1", name: "meeple", type: "token" },
          { id: "m2", name: "meeple", type: "token" },
        ],
        decks: [{ id: "deck", name: "deck", type: "deck", options: { deckName: "main" } }],
        banks: [
          {
            id: "bank",
            name: "bank",
            type: "bank",
            options: { contentNames: ["coin"] },
            children: {
              bank: [
                { id: "coin1", name: "coin", type: "token" },
                { id: "coin2", name: "coin", type: "token" },
              ],
            },
          },
        ],
        dice: [{ id: "die", name: "die", type: "var-display" }],
      },
    },
    playerArea: { name: "player-area", type: "board", children: { hand: [], tableau: [] } },
    counters: [
      { name: "coins", value: 3, options: { maxValue: 10 } },
      { name: "vp", value: 0 },
    ],
    decks: {
      main: {
        cards: ["a", "b", "c", "d", "e"].map((cardId) => ({
          cardId,
          ...(cardId === "e" ? { __copies: 2 } : {}),
        })),
      },
    },
    seed,
  });
}

/** Freezes a value deeply so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Applies a move that must succeed, to a frozen situation (so mutations fail the test). */
export function mustApply(situation: Situation, move: Move): Applied {
  const result = applyMove(deepFreeze(situation), move);
  if (!result.ok) throw new Error(`Refused: ${result.code} ${result.message}`);
  return result.value;
}

export function expectRefusal(result: MoveResult | { ok: boolean }, code: RefusalCode, message?: string) {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect((result as { code: string }).code).toBe(code);
    if (message !== undefined) expect((result as { message: string }).message).toBe(message);
  }
}

/** All component ids of a situation, sorted: the count-conservation check compares these. */
export function componentIds(situation: Situation): string[] {
  const ids: string[] = [];
  walk(situation.root, (c) => ids.push(c.id));
  return ids.sort();
}

export function pileIds(situation: Situation, componentId: string, positionName: string): string[] {
  const component = findComponent(situation.root, componentId);
  return component === undefined ? [] : childrenAt(component, positionName).map((c) => c.id);
}

export function deckTop(situation: Situation): string {
  return pileIds(situation, "deck", "deck").at(-1) as string;
}

export function component(situation: Situation, id: string): Component {
  const found = findComponent(situation.root, id);
  if (found === undefined) throw new Error(`No component ${id}`);
  return found;
}
