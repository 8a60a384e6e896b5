import { type Action, activeState, type JsonObject, replayMarks, type Situation, walk } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { type GameTable, playTable } from "../../testing/driver";
import { stonesEach, templateBoard } from "./index";
import { BOARD_ID, boardSize, cellNames, GRID, occupied, pointsFor, supplyOf } from "./rules";

const COLORS = ["red", "blue", "green", "yellow"];

function ids(s: Situation): string[] {
  const out: string[] = [];
  walk(s.root, (c) => out.push(c.id));
  return out.sort();
}

const place = (stone: string, cell: string): Action[] => [
  { kind: "click component", componentId: stone },
  { kind: "click position", destinationId: BOARD_ID, positionName: GRID, positionIndex: cell },
];
const score: Action[] = [{ kind: "press state button", button: "score" }];

/** Plays every turn greedily (the empty cell worth most, the first of equals) until the game ends. */
function playOut(t: GameTable): number {
  let turns = 0;
  while (!t.situation.ended) {
    const s = t.situation;
    const seat = String(activeState(s).activePlayer);
    const taken = occupied(s);
    const free = cellNames(boardSize(s)).filter((c) => taken[c] === undefined);
    const worth = (c: string) => pointsFor(s, c, seat);
    const cell = free.reduce((best, c) => (worth(c) > worth(best) ? c : best), free[0] as string);
    t.play(seat, place(supplyOf(s, seat)[0] as string, cell)).play(seat, score);
    turns++;
  }
  return turns;
}

describe("template: board game", () => {
  it("sets up for every player count and option set", () => {
    const optionSets: JsonObject[] = [
      {},
      { size: "7", ending: "fill" },
      { target: "15", manualScore: true },
      { quickTest: true },
    ];
    for (let n = 2; n <= 4; n++) {
      for (const options of optionSets) {
        const s = playTable(templateBoard, { players: COLORS.slice(0, n), options }).situation;
        expect(activeState(s).name).toBe("place");
        expect(activeState(s).activePlayer).toBe("red");
        for (const p of s.players) expect(supplyOf(s, p.color)).toHaveLength(stonesEach(options, n));
        expect(boardSize(s)).toBe(Number(options.size ?? 5));
      }
    }
  });

  it("plays a scripted turn: place, score with neighbours, next player", () => {
    playTable(templateBoard, { players: ["red", "blue"] })
      .play("red", place("stone-red-1", "c3"))
      .expect((s) => expect(activeState(s).name).toBe("score"))
      .play("red", score)
      .play("blue", place("stone-blue-1", "a1"))
      .play("blue", score)
      .play("red", place("stone-red-2", "c4"))
      .play("red", score)
      .expect((s) => {
        expect(s.players.map((p) => p.counters[0]?.value)).toEqual([3, 1]);
        expect(s.players[0]?.stats.turnScores).toEqual([1, 2]);
        expect(activeState(s).activePlayer).toBe("blue");
      });
  });

  it("logs each turn in one line in words: the stone and its cell, the points scored", () => {
    const t = playTable(templateBoard, { players: ["red", "blue"] })
      .play("red", place("stone-red-1", "c3"))
      .play("red", score)
      .play("blue", place("stone-blue-1", "c4"))
      .play("blue", score);
    expect(
      t.holder.turns().map((turn) => turn.lines.map((l) => `${l.event.sourcePlayer} ${l.message}`)),
    ).toEqual([
      ["red moved stone-red to c3 on the board"],
      ["red gained 1 score"],
      ["blue moved stone-blue to c4 on the board"],
      ["blue gained 1 score"],
    ]);
  });

  for (const [n, options] of [
    [2, {}],
    [4, { target: "6" }],
    [2, { ending: "fill", size: "7" }],
    [4, { ending: "fill" }],
    [3, { quickTest: true }],
  ] as [number, JsonObject][]) {
    it(`plays a complete game for ${n} players with ${JSON.stringify(options)}`, () => {
      const t = playTable(templateBoard, { players: COLORS.slice(0, n), options });
      const start = ids(t.situation);
      const turns = playOut(t);
      const s = t.situation;
      expect(s.ended).toBe(true);
      expect(ids(s)).toEqual(start);
      const result = s.stats.result as { winners: string[]; scores: { [c: string]: number } };
      const best = Math.max(...Object.values(result.scores));
      expect(result.winners.every((w) => result.scores[w] === best)).toBe(true);
      for (const p of s.players) {
        expect(p.stats.score).toBe(p.counters[0]?.value);
        expect(p.stats.placed ?? 0).toBe(Object.values(occupied(s)).filter((c) => c === p.color).length);
      }
      // Either someone reached the target, or a player had no stone left to place.
      const target = options.ending === "fill" ? Number.POSITIVE_INFINITY : Number(options.target ?? 10);
      const outOfStones = s.players.some((p) => supplyOf(s, p.color).length === 0);
      expect(best >= target || outOfStones).toBe(true);
      expect(turns).toBeGreaterThan(2);
      if (!options.quickTest && options.ending !== "fill")
        expect(best).toBeGreaterThanOrEqual(Number(options.target ?? 10));
    });
  }

  it("refuses illegal actions with the spec's messages", () => {
    playTable(templateBoard, { players: ["red", "blue"] })
      .refused("blue", place("stone-blue-1", "a1"), "You cannot play now: Wait for your turn")
      // Another player's stone is not clickable: the click is ignored, so nothing is selected.
      .refused("red", place("stone-blue-1", "a1"), "Select a component first.")
      .refused(
        "red",
        [
          { kind: "click component", componentId: "stone-red-1" },
          { kind: "click position", destinationId: "area-red", positionName: "supply" },
        ],
        "Cannot make move: Place your stone on a cell of the board.",
      )
      .refused("red", score, "Unknown button.")
      .refused(
        "red",
        [{ kind: "press state button", button: "skip" }],
        "This button can only be used in edit mode.",
      )
      .play("red", place("stone-red-1", "a1"))
      .refused("red", place("stone-red-2", "b1"), "Select a component first.")
      .play("red", score)
      .refused("blue", place("stone-blue-1", "a1"), "Cannot make move: That cell is taken.")
      .play("blue", [{ kind: "press state button", button: "skip" }], { editMode: true })
      .expect((s) => expect(activeState(s).activePlayer).toBe("red"));
  });

  it("marks each new round on the replay bar", () => {
    const t = playTable(templateBoard, { players: ["red", "blue"], seed: 3 });
    const turn = (seat: string, stone: string, cell: string) =>
      t.play(seat, place(stone, cell)).play(seat, score);
    turn("red", "stone-red-1", "a1");
    turn("blue", "stone-blue-1", "e5");
    turn("red", "stone-red-2", "a3");
    expect(replayMarks(t.events)).toEqual([
      { step: 0, label: "S" },
      { step: 4, label: "Round 2" },
      { step: 6, label: "E" },
    ]);
  });

  it("undoes a turn and is deterministic", () => {
    const run = () =>
      playTable(templateBoard, { players: ["red", "blue", "green"], seed: 3 })
        .play("red", place("stone-red-1", "b2"))
        .undo("red")
        .play("red", place("stone-red-2", "b3"))
        .play("red", score);
    const a = run();
    expect(occupied(a.situation)).toEqual({ b3: "red" });
    // Placing a stone and scoring hide nothing and roll nothing: undoable, no marks yet.
    expect(a.events.every((e) => e.kind === "undo" || !e.preventUndo)).toBe(true);
    expect(a.situation).toEqual(run().situation);
    expect(a.at(2)).toEqual(a.at(0));
  });
});
