import { describe, expect, it } from "vitest";
import type { Move } from "../moves/index.js";
import { mustApply, testSituation } from "../test/fixture.js";
import {
  effectiveTurns,
  fold,
  planUndo,
  replayMarks,
  type TableEvent,
  turnEvent,
  undo,
  undoDisabled,
} from "./events.js";

const set = (name: string, value: number): Move => ({ type: "set global", name, value });

function log(
  ...turns: {
    seat: string;
    moves: Move[];
    preventUndo?: boolean;
    undoBreakpoint?: boolean;
    marks?: string[];
  }[]
) {
  return turns.map((t, seq) =>
    turnEvent(seq, { seat: t.seat, turnUID: `u${seq}`, timestamp: seq }, t.moves, {
      ...(t.preventUndo === undefined ? {} : { preventUndo: t.preventUndo }),
      ...(t.undoBreakpoint === undefined ? {} : { undoBreakpoint: t.undoBreakpoint }),
      ...(t.marks === undefined ? {} : { replayMarks: t.marks }),
    }),
  );
}

describe("table events", () => {
  it("folds turns in order", () => {
    const events = log(
      { seat: "red", moves: [set("a", 1)] },
      { seat: "red", moves: [set("a", 2), set("b", 1)] },
    );
    expect(fold(testSituation(), events).globals).toEqual({ a: 2, b: 1 });
  });

  it("undoes one turn by default and refolds to exactly the earlier situation", () => {
    const start = testSituation();
    const events = log({ seat: "red", moves: [set("a", 1)] }, { seat: "red", moves: [set("a", 2)] });
    const result = undo(start, events, { seat: "red", timestamp: 9 });
    if (!result.ok) throw new Error(result.message);
    expect(result.value.events[2]).toEqual({ kind: "undo", seq: 2, actor: "red", timestamp: 9, undone: [1] });
    expect(result.value.situation).toEqual(fold(start, events.slice(0, 1)));
  });

  it("walks back to the undo breakpoint", () => {
    const events = log(
      { seat: "red", moves: [set("a", 1)] },
      { seat: "red", moves: [set("a", 2)] },
      { seat: "red", moves: [set("a", 3)], undoBreakpoint: false },
      { seat: "red", moves: [set("a", 4)], undoBreakpoint: false },
    );
    const planned = planUndo(events, fold(testSituation(), events), { seat: "red", timestamp: 0 });
    expect(planned.ok && planned.value.undone).toEqual([3, 2, 1]);
  });

  it("takes back the selection that led to the undone turn, and no one else's", () => {
    const select = (id: string | null): Move => ({ type: "select component", seat: "red", componentId: id });
    const events = log(
      { seat: "red", moves: [set("a", 1)] },
      { seat: "blue", moves: [{ type: "select component", seat: "blue", componentId: "m2" }] },
      { seat: "red", moves: [select("m1")] },
      { seat: "red", moves: [select("m2")] },
      { seat: "red", moves: [set("a", 2), select(null)] },
    );
    const planned = planUndo(events, fold(testSituation(), events), { seat: "red", timestamp: 0 });
    expect(planned.ok && planned.value.undone).toEqual([4, 3, 2]);
  });

  it("walks at most 50 turns", () => {
    const events = log(
      ...Array.from({ length: 60 }, (_, i) => ({ seat: "red", moves: [set("a", i)], undoBreakpoint: false })),
    );
    const planned = planUndo(events, fold(testSituation(), events), { seat: "red", timestamp: 0 });
    expect(planned.ok && planned.value.undone).toHaveLength(50);
  });

  it("refuses someone else's turn and turns that prevent undo, with the spec's messages", () => {
    const s = testSituation();
    expect(planUndo(log({ seat: "blue", moves: [] }), s, { seat: "red", timestamp: 0 })).toMatchObject({
      message: "Cannot undo someone else's turn",
    });
    expect(
      planUndo(log({ seat: "red", moves: [], preventUndo: true }), s, { seat: "red", timestamp: 0 }),
    ).toMatchObject({
      message: "You cannot undo this turn",
    });
    expect(
      planUndo(log({ seat: "blue", moves: [] }), s, { seat: "red", timestamp: 0, editMode: true }).ok,
    ).toBe(true);
  });

  it("stops the walk before someone else's turn", () => {
    const events = log({ seat: "blue", moves: [] }, { seat: "red", moves: [], undoBreakpoint: false });
    const planned = planUndo(events, testSituation(), { seat: "red", timestamp: 0 });
    expect(planned.ok && planned.value.undone).toEqual([1]);
  });

  it("is disabled while everyone plays, outside edit mode", () => {
    const everyone = mustApply(testSituation(), {
      type: "set gamestate",
      state: { name: "p", activePlayer: "everyone" },
    }).situation;
    const events = log({ seat: "red", moves: [] });
    expect(planUndo(events, everyone, { seat: "red", timestamp: 0 })).toMatchObject({
      code: "undo/not-allowed",
    });
    expect(planUndo(events, everyone, { seat: "red", timestamp: 0, editMode: true }).ok).toBe(true);
    // The same answer the table's Undo button is greyed by.
    expect(undoDisabled(everyone, false)).toBe(true);
    expect(undoDisabled(everyone, true)).toBe(false);
    expect(undoDisabled(testSituation(), false)).toBe(false);
  });

  it("tracks the turns in effect through repeated undos", () => {
    const events: TableEvent[] = log(
      { seat: "red", moves: [] },
      { seat: "red", moves: [] },
      { seat: "red", moves: [] },
    );
    events.push({ kind: "undo", seq: 3, actor: "red", timestamp: 0, undone: [2] });
    events.push({ kind: "undo", seq: 4, actor: "red", timestamp: 0, undone: [1] });
    expect(effectiveTurns(events)).toEqual([0]);
    expect(planUndo(events, testSituation(), { seat: "red", timestamp: 0 })).toMatchObject({
      ok: true,
      value: { undone: [0] },
    });
  });

  it("marks replay with S, E and per-event marks", () => {
    const events = log({ seat: "red", moves: [] }, { seat: "red", moves: [], marks: ["Round 2"] });
    expect(replayMarks(events)).toEqual([
      { step: 0, label: "S" },
      { step: 2, label: "Round 2" },
      { step: 2, label: "E" },
    ]);
  });

  it("throws on a corrupt log (a programming error, not a rule violation)", () => {
    expect(() =>
      fold(testSituation(), log({ seat: "red", moves: [{ type: "resolve current state" }] })),
    ).toThrow(/does not apply/);
  });
});
