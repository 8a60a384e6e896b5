import { activeState } from "../access.js";
import { counterButton } from "../module/default.js";
import { resolveModule } from "../module/resolve.js";
import type { RuleModule } from "../module/types.js";
import type { Move } from "../moves/index.js";
import type { Situation } from "../situation.js";
import { childrenAt, findComponent, walk } from "../tree.js";
import type { Action } from "../turn/actions.js";
import { TEST_PIECES, testSituation } from "./fixture.js";

/**
 * A tiny game for property tests: players alternate; each placement passes the turn, scores a
 * point, and every third one rolls the die. Its actions are drawn from numbers so fast-check can
 * shrink them, and are legal by construction most of the time (refusals are fine too).
 */
export const testGame: RuleModule = resolveModule({
  name: "test-game",
  setup: () => testSituation(),
  gameEvent(situation, move, turn): Move[] {
    if (move.type !== "component move" || turn.seat === "alwaysactive") return [];
    const next = situation.players.find((p) => p.color !== turn.seat)?.color ?? turn.seat;
    const follow: Move[] = [
      { type: "inc counter", player: turn.seat, counter: "vp", amount: 1 },
      { type: "set gamestate", state: { name: "play", activePlayer: next } },
    ];
    if (situation.evaledMoves % 3 === 0) {
      follow.push({
        type: "randomize variable",
        componentId: "die",
        variable: "face",
        values: { min: 1, max: 6 },
      });
    }
    return follow;
  },
});

export const TEST_PROJECT = { pieces: TEST_PIECES };

const PILES: [string, string][] = [
  ["table", "pile"],
  ["area-red", "hand"],
  ["area-red", "tableau"],
  ["area-blue", "hand"],
  ["area-blue", "tableau"],
];

function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

function movable(situation: Situation): string[] {
  const ids: string[] = [];
  walk(situation.root, (c) => {
    if (c.type === "token" || c.type === "card") ids.push(c.id);
  });
  return ids;
}

export type Choice = [number, number, number];

/** Turns three numbers into the actions of one turn, looking at the current situation. */
export function actionsFor(
  situation: Situation,
  [kind, a, b]: Choice,
): { actions: Action[]; editMode: boolean } {
  const [destinationId, positionName] = pick(PILES, b) as [string, string];
  switch (kind % 8) {
    case 0:
    case 1:
    case 2: {
      const id = pick(movable(situation), a) ?? "m1";
      return {
        actions: [
          { kind: "click component", componentId: id },
          { kind: "click position", destinationId, positionName },
        ],
        editMode: kind % 8 === 2,
      };
    }
    case 3:
      return {
        actions: [
          { kind: "open deck", deckId: "deck" },
          { kind: "click position", destinationId, positionName },
        ],
        editMode: false,
      };
    case 4: {
      const card = pick(
        childrenAt(
          findComponent(situation.root, positionName === "pile" ? "table" : destinationId) ?? situation.root,
          positionName,
        ).filter((c) => c.type === "card"),
        a,
      );
      const move =
        card === undefined
          ? { type: "reshuffle", componentId: "deck" }
          : { type: a % 2 === 0 ? "discard" : "put to bottom", componentId: card.id };
      return { actions: [{ kind: "raw move", move }], editMode: true };
    }
    case 5:
      return {
        actions: [
          {
            kind: "press button",
            componentId: a % 2 === 0 ? "area-red" : "area-blue",
            button: counterButton("coins", (b % 5) - 2),
          },
        ],
        editMode: false,
      };
    case 6:
      return {
        actions: [
          { kind: "raw move", move: { type: "reshuffle", componentId: "deck", includeDiscard: b % 2 === 0 } },
        ],
        editMode: true,
      };
    default:
      return {
        actions: [
          {
            kind: "raw move",
            move: {
              type: "component create",
              name: "coin",
              componentType: "token",
              destinationId,
              positionName,
            },
          },
        ],
        editMode: true,
      };
  }
}

/** The seat whose turn it is (the first colour of a list). */
export function seatToPlay(situation: Situation): string {
  const active = activeState(situation).activePlayer;
  const seat = Array.isArray(active) ? active[0] : active;
  return seat === undefined || seat === "everyone" || seat === "rival" ? "red" : seat;
}
