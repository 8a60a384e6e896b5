import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSituation, serializeSituation } from "../schema.js";
import type { Situation } from "../situation.js";
import { fold, planUndo, type TableEvent, tableEventSchema, turnEvent } from "../table/events.js";
import { createSnapshotCache, situationAt } from "../table/replay.js";
import { evaluateTurn } from "../turn/evaluate.js";
import { componentIds } from "./fixture.js";
import { actionsFor, type Choice, seatToPlay, TEST_PROJECT, testGame } from "./test-game.js";

const choice = fc.tuple(fc.nat(40), fc.nat(40), fc.nat(40)) as fc.Arbitrary<Choice>;
/** A step is a turn, or (about one in six) an undo request by the seat to play. */
const step = fc.oneof(
  { weight: 5, arbitrary: choice.map((c) => ({ turn: c })) },
  { weight: 1, arbitrary: fc.constant({ undo: true as const }) },
);

interface Played {
  start: Situation;
  events: TableEvent[];
  /** Situation after each event, computed step by step. */
  after: Situation[];
  /** Situations before each turn still in effect, to check what undo restores. */
  undoChecks: { restored: Situation; expected: Situation }[];
}

function play(seed: number, steps: ({ turn: Choice } | { undo: true })[]): Played {
  const start = testGame.setup({
    players: [],
    options: {},
    pieces: {},
    root: { name: "x", type: "board" },
    decks: {},
    seed,
  });
  const events: TableEvent[] = [];
  const after: Situation[] = [];
  const before = new Map<number, Situation>();
  const undoChecks: Played["undoChecks"] = [];
  let live = start;
  for (const [i, s] of steps.entries()) {
    if ("undo" in s) {
      const planned = planUndo(events, live, { seat: seatToPlay(live), timestamp: i, editMode: i % 2 === 0 });
      if (!planned.ok) continue;
      events.push(planned.value);
      live = fold(start, events);
      const oldest = planned.value.undone[planned.value.undone.length - 1] as number;
      undoChecks.push({ restored: live, expected: before.get(oldest) as Situation });
    } else {
      const { actions, editMode } = actionsFor(live, s.turn);
      const seat = seatToPlay(live);
      const turn = { seat, timestamp: i, turnUID: `t${i}`, actions, editMode };
      const result = evaluateTurn(live, turn, testGame, TEST_PROJECT);
      if (!result.ok || result.value.moves.length === 0) continue;
      before.set(events.length, live);
      events.push(
        turnEvent(events.length, turn, result.value.moves, { replayMarks: i % 5 === 0 ? ["m"] : [] }),
      );
      live = result.value.situation;
    }
    after.push(live);
  }
  return { start, events, after, undoChecks };
}

// About 2,800 runs in all: enough to find ordering bugs, quick enough for every test run.
const runs = { numRuns: 600 };

describe("engine properties over random play of the test game", () => {
  it("folding the whole log equals applying it step by step", () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(step, { maxLength: 30 }), (seed, steps) => {
        const { start, events, after } = play(seed, steps);
        expect(fold(start, events)).toEqual(after.at(-1) ?? start);
      }),
      runs,
    );
  });

  it("seeking to step k equals folding the first k events", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.array(step, { maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 1, max: 8 }),
        (seed, steps, k, every) => {
          const { start, events, after } = play(seed, steps);
          const cache = createSnapshotCache(start, events, every);
          const target = events.length === 0 ? 0 : k % (events.length + 1);
          expect(situationAt(cache, target)).toEqual(target === 0 ? start : after[target - 1]);
          expect(situationAt(cache, target)).toEqual(fold(start, events.slice(0, target)));
        },
      ),
      runs,
    );
  });

  it("undo restores the earlier situation exactly", () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(step, { maxLength: 30 }), (seed, steps) => {
        for (const { restored, expected } of play(seed, steps).undoChecks) expect(restored).toEqual(expected);
      }),
      runs,
    );
  });

  it("situations survive a round trip through JSON and the schema", () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(step, { maxLength: 20 }), (seed, steps) => {
        const { start, after, events } = play(seed, steps);
        const last = after.at(-1) ?? start;
        expect(parseSituation(JSON.parse(serializeSituation(last)))).toEqual({ ok: true, value: last });
        const parsedEvents = events.map((e) => tableEventSchema.parse(JSON.parse(JSON.stringify(e))));
        expect(fold(start, parsedEvents)).toEqual(last);
      }),
      { numRuns: 400 },
    );
  });

  it("never loses or duplicates a component", () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(step, { maxLength: 30 }), (seed, steps) => {
        const { start, after } = play(seed, steps);
        const initial = componentIds(start);
        for (const s of after) {
          const created = Array.from({ length: s.createCounter - 1 }, (_, i) => `c${i + 1}`);
          expect(componentIds(s)).toEqual([...initial, ...created].sort());
          const deck = s.containers.deck;
          expect((deck?.componentAmt ?? 0) + (deck?.discardSize ?? 0)).toBeLessThanOrEqual(6);
        }
      }),
      runs,
    );
  });
});
