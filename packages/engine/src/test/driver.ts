import { expect } from "vitest";
import type { RuleModule } from "../module/types.js";
import type { Situation } from "../situation.js";
import { planUndo, type TableEvent } from "../table/events.js";
import { recordTurn } from "../table/record.js";
import { appendEvent, createSnapshotCache, situationAt } from "../table/replay.js";
import type { Action } from "../turn/actions.js";
import { TEST_PIECES, testSituation } from "./fixture.js";

/**
 * A fluent driver for scenario tests: `table().play("red", ...).expect(...)`. It keeps a log and a
 * snapshot cache exactly as a table holder would, so scenarios exercise the whole pipeline.
 */
export interface TableDriver {
  play(seat: string, actions: Action[], options?: { editMode?: boolean }): TableDriver;
  refused(seat: string, actions: Action[], message: string): TableDriver;
  undo(seat: string, options?: { editMode?: boolean }): TableDriver;
  expect(check: (situation: Situation) => void): TableDriver;
  readonly situation: Situation;
  readonly events: TableEvent[];
  at(step: number): Situation;
}

export function table(module: RuleModule, start: Situation = testSituation()): TableDriver {
  const cache = createSnapshotCache(start, [], 4);
  let clock = 0;
  const driver: TableDriver = {
    play(seat, actions, options = {}) {
      clock += 1000;
      const turn = {
        seat,
        actions,
        timestamp: clock,
        turnUID: `turn-${clock}`,
        editMode: options.editMode === true,
      };
      const result = recordTurn(cache.live, cache.events.length, turn, module, { pieces: TEST_PIECES });
      if (!result.ok) throw new Error(`${seat} was refused: ${result.message}`);
      if (result.value.event !== null) appendEvent(cache, result.value.event);
      return driver;
    },
    refused(seat, actions, message) {
      const turn = { seat, actions, timestamp: clock, turnUID: "refused" };
      const result = recordTurn(cache.live, cache.events.length, turn, module, { pieces: TEST_PIECES });
      expect(result.ok ? "accepted" : result.message).toBe(message);
      return driver;
    },
    undo(seat, options = {}) {
      const planned = planUndo(cache.events, cache.live, {
        seat,
        timestamp: clock,
        editMode: options.editMode === true,
      });
      if (!planned.ok) throw new Error(`Undo refused: ${planned.message}`);
      appendEvent(cache, planned.value);
      return driver;
    },
    expect(check) {
      check(cache.live);
      return driver;
    },
    get situation() {
      return cache.live;
    },
    get events() {
      return cache.events;
    },
    at: (step) => situationAt(cache, step),
  };
  return driver;
}
