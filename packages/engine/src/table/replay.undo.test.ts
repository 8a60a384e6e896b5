import { describe, expect, it } from "vitest";
import type { Situation } from "../situation.js";
import { testSituation } from "../test/fixture.js";
import { effectiveTurns, fold, type TableEvent, turnEvent } from "./events.js";
import { appendEvent, createSnapshotCache, KEPT_TURNS, situationAt } from "./replay.js";

// The fold that keeps the turns in effect must land where folding the turns in effect from the
// start lands (events.ts fold), after every event and at every replay step.

const turn = (seq: number): TableEvent =>
  turnEvent(seq, { seat: "red", turnUID: `u${seq}`, timestamp: seq }, [
    { type: "set global", name: `g${seq % 5}`, value: seq },
  ]);

const undo = (seq: number, undone: number[], renamed?: [string, string][]): TableEvent => ({
  kind: "undo",
  seq,
  actor: "red",
  timestamp: seq,
  undone,
  ...(renamed === undefined ? {} : { renamed }),
});

/** The id the first meeple has in a situation (undos give it new ids). */
const meepleId = (s: Situation) => {
  const meeples = (s.root.children as Record<string, { id: string }[]>).meeples ?? [];
  return (meeples[0] as { id: string }).id;
};

/**
 * An undo-heavy log: after each turn, often one undo or a chain of them (undo of undo), each taking
 * back the newest 1 to 3 turns in effect, some re-issuing the meeple as a real undo does.
 */
function undoHeavyLog(start: Situation, count: number, seed: number, undoShare = 5): TableEvent[] {
  let state = seed;
  const draw = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const log: TableEvent[] = [];
  while (log.length < count) {
    const seq = log.length;
    const inEffect = effectiveTurns(log);
    if (inEffect.length > 0 && draw(10) < undoShare) {
      const undone = inEffect.slice(-1 - draw(3)).reverse();
      let renamed: [string, string][] | undefined;
      if (draw(3) === 0) {
        const back = fold(start, [...log, undo(seq, undone)]);
        renamed = [[meepleId(back), `c${1000 + seq}`]];
      }
      log.push(undo(seq, undone, renamed));
    } else log.push(turn(seq));
  }
  return log;
}

function checkEveryStep(start: Situation, log: readonly TableEvent[], every: number) {
  const cache = createSnapshotCache(start, [], every);
  for (const event of log) {
    appendEvent(cache, event);
    expect(cache.live).toEqual(fold(start, cache.events));
  }
  for (let k = 0; k <= log.length; k++) expect(situationAt(cache, k)).toEqual(fold(start, log.slice(0, k)));
  return cache;
}

describe("replay with many undos", () => {
  it("undo chains, across and right after snapshots, equal the fold from the start", () => {
    const start = testSituation();
    for (const seed of [1, 2, 3, 4, 5, 6])
      for (const every of [1, 2, 3, 5, 8, 50]) {
        const log = undoHeavyLog(start, 80, seed);
        expect(log.filter((e) => e.kind === "undo").length).toBeGreaterThan(20);
        checkEveryStep(start, log, every);
      }
  });

  it("seeks every step while the log grows, as the undo planner asks for the situation it returns to", () => {
    const start = testSituation();
    const log = undoHeavyLog(start, 60, 7);
    const cache = createSnapshotCache(start, [], 4);
    for (const event of log) {
      appendEvent(cache, event);
      for (let k = 0; k <= cache.events.length; k++)
        expect(situationAt(cache, k)).toEqual(fold(start, log.slice(0, k)));
    }
  });

  it("an undo right after a snapshot that reaches behind it", () => {
    const start = testSituation();
    // Snapshots after 4 and 8 events; the undos at 8 and 9 take back turns before each snapshot.
    const log = [turn(0), turn(1), turn(2), turn(3), turn(4), turn(5), turn(6), turn(7)];
    log.push(undo(8, [7, 6, 5]), undo(9, [4, 3]), turn(10), turn(11), undo(12, [11, 10, 2]));
    log.push(undo(13, [1], [["m1", "c200"]]), undo(14, [0], [["m1", "c201"]]), turn(15), turn(16));
    // The undo at 14 goes back behind turn 0 and its re-issue: the meeple is m1 again when renamed.
    const cache = checkEveryStep(start, log, 4);
    expect(meepleId(cache.live)).toBe("c201");
  });

  it("undo chains deeper than the turns that keep their situation", () => {
    const start = testSituation();
    for (const seed of [1, 2, 3])
      for (const every of [7, 50, 1000]) {
        // Few undos: long runs of turns, so the turns in effect outgrow KEPT_TURNS.
        const log = undoHeavyLog(start, 150, seed, 2);
        expect(effectiveTurns(log.slice(0, 100)).length).toBeGreaterThan(KEPT_TURNS);
        checkEveryStep(start, log, every);
      }
    // Turn after turn, then undo after undo down to the start, then turns again.
    const log: TableEvent[] = [];
    for (let seq = 0; seq < 40; seq++) log.push(turn(seq));
    for (let seq = 40; seq < 80; seq++) log.push(undo(seq, [79 - seq]));
    for (let seq = 80; seq < 90; seq++) log.push(turn(seq));
    for (const every of [8, 50, 1000]) {
      const cache = checkEveryStep(start, log, every);
      expect(cache.live).toEqual(
        fold(
          start,
          log.slice(80).map((e, i) => ({ ...e, seq: i }) as TableEvent),
        ),
      );
    }
  });

  it("an undo of every turn returns to the start", () => {
    const start = testSituation();
    const log = [turn(0), turn(1), turn(2), undo(3, [2, 1]), turn(4), undo(5, [4, 0])];
    const cache = checkEveryStep(start, log, 2);
    expect(cache.live).toEqual(start);
  });
});
