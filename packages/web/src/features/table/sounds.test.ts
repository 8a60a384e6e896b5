import { recordTurn, type Situation } from "@tt/engine";
import { registry } from "@tt/games";
import { describe, expect, it } from "vitest";
import { globalVolume, soundsFor } from "./sounds";
import { chessStart, pieces, SLUG } from "./testkit";

const square = (name: string) => ({
  kind: "click position" as const,
  destinationId: "board",
  positionName: "squares",
  positionIndex: name,
});

function after(s: Situation, seat: string, piece: string, to: string): Situation {
  const result = recordTurn(
    s,
    0,
    {
      seat,
      timestamp: 1,
      turnUID: "u",
      actions: [{ kind: "click component", componentId: piece }, square(to)],
    },
    registry.moduleFor(SLUG),
    { pieces, options: {} },
  );
  if (!result.ok) throw new Error(result.message);
  return result.value.outcome.situation;
}

describe("soundsFor", () => {
  const start = chessStart();
  const white = String((start.globals.sides as { white: string }).white);
  const black = white === "red" ? "blue" : "red";
  const moved = after(start, white, "white-pawn-e2", "e4");

  it("taps wood for a piece that moves, and rings for the seat whose turn it becomes", () => {
    expect(soundsFor(start, moved, black)).toEqual(["wood tap", "ding"]);
    expect(soundsFor(start, moved, white)).toEqual(["wood tap"]);
    expect(soundsFor(start, moved, "spectator")).toEqual(["wood tap"]);
  });

  it("is silent when nothing moved", () => {
    expect(soundsFor(moved, moved, black)).toEqual([]);
  });

  it("plays a card for a card and a gain for a counter that went up, not down", () => {
    const withCard: Situation = {
      ...start,
      root: {
        ...start.root,
        children: {
          ...start.root.children,
          table: [
            {
              id: "c1",
              name: "card",
              type: "card",
              options: {},
              children: {},
              parent: "root",
              childData: { positionName: "table", childPos: null },
            },
          ],
        },
      },
    };
    const moved2: Situation = {
      ...withCard,
      root: {
        ...withCard.root,
        children: {
          ...withCard.root.children,
          table: [],
          hand: [
            {
              id: "c1",
              name: "card",
              type: "card",
              options: {},
              children: {},
              parent: "root",
              childData: { positionName: "hand", childPos: null },
            },
          ],
        },
      },
    };
    expect(soundsFor(withCard, moved2, "spectator")).toEqual(["card play"]);
    const counted = (n: number): Situation => ({
      ...start,
      players: start.players.map((p) => ({ ...p, counters: [{ name: "coins", value: n, options: {} }] })),
    });
    expect(soundsFor(counted(1), counted(3), "spectator")).toEqual(["plastic gain"]);
    expect(soundsFor(counted(3), counted(1), "spectator")).toEqual([]);
  });
});

describe("globalVolume", () => {
  const store = (v: string | null) => ({ getItem: () => v });
  it("reads the stored volume, clamped, with 0.5 by default", () => {
    expect(globalVolume(store(null))).toBe(0.5);
    expect(globalVolume(store("0.25"))).toBe(0.25);
    expect(globalVolume(store("7"))).toBe(1);
    expect(globalVolume(store("-1"))).toBe(0);
    expect(globalVolume(store("loud"))).toBe(0.5);
  });
});
