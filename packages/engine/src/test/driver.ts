import { expect } from "vitest";
import type { RuleModule } from "../module/types.js";
import type { Situation } from "../situation.js";
import type { TableEvent } from "../table/events.js";
import { createTableHolder, type TableHolder } from "../table/holder.js";
import type { Action } from "../turn/actions.js";
import { TEST_PIECES, testSituation } from "./fixture.js";

/**
 * A fluent driver for scenario tests: `table().play("red", ...).expect(...)`. It drives the engine's
 * table holder, exactly as the server does, so scenarios exercise the whole pipeline.
 */
export interface TableDriver {
  play(seat: string, actions: Action[], options?: { editMode?: boolean }): TableDriver;
  refused(seat: string, actions: Action[], message: string): TableDriver;
  undo(seat: string, options?: { editMode?: boolean }): TableDriver;
  expect(check: (situation: Situation) => void): TableDriver;
  readonly situation: Situation;
  readonly events: readonly TableEvent[];
  readonly holder: TableHolder;
  at(step: number): Situation;
}

export function table(module: RuleModule, start: Situation = testSituation()): TableDriver {
  const holder = createTableHolder({ start, module, project: { pieces: TEST_PIECES }, snapshotEvery: 4 });
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
      const result = holder.play(turn);
      if (!result.ok) throw new Error(`${seat} was refused: ${result.message}`);
      return driver;
    },
    refused(seat, actions, message) {
      const result = holder.record({ seat, actions, timestamp: clock, turnUID: "refused" });
      expect(result.ok ? "accepted" : result.message).toBe(message);
      return driver;
    },
    undo(seat, options = {}) {
      const planned = holder.undo({ seat, timestamp: clock, editMode: options.editMode === true });
      if (!planned.ok) throw new Error(`Undo refused: ${planned.message}`);
      return driver;
    },
    expect(check) {
      check(holder.live);
      return driver;
    },
    get situation() {
      return holder.live;
    },
    get events() {
      return holder.events;
    },
    holder,
    at: (step) => holder.at(step),
  };
  return driver;
}
