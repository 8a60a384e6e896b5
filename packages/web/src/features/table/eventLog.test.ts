import { findComponent, type LogMessage, type Situation, type TableEvent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { logLineView, replay } from "./eventLog";
import { chessMove, chessStart, pieces } from "./testkit";

function pawnAt(situation: Situation, square: string): string | undefined {
  const squares = findComponent(situation.root, "board")?.children.squares;
  if (!squares || Array.isArray(squares)) return undefined;
  return squares[square]?.id;
}

/** Two chess turns: red (white) plays e2-e4, blue answers e7-e5. */
function twoTurns(): { start: Situation; events: TableEvent[] } {
  const start = chessStart();
  const e0 = chessMove(start, 0, "red", pawnAt(start, "e2") as string, "e4");
  const afterFirst = replay(start, [e0]).situation;
  const e1 = chessMove(afterFirst, 1, "blue", pawnAt(afterFirst, "e7") as string, "e5");
  return { start, events: [e0, e1] };
}

describe("an ended table's log", () => {
  it("folds to the situation after its turns, with their log lines", () => {
    const { start, events } = twoTurns();
    const { situation, log } = replay(start, events);
    expect(pawnAt(situation, "e4")).toBeDefined();
    expect(pawnAt(situation, "e5")).toBeDefined();
    expect(pawnAt(situation, "e2")).toBeUndefined();
    expect(log.length).toBeGreaterThan(0);
  });

  it("leaves undone turns out, with their log lines", () => {
    const { start, events } = twoTurns();
    const undo: TableEvent = { kind: "undo", seq: 2, actor: "blue", timestamp: 5, undone: [1] };
    const whole = replay(start, events);
    const undone = replay(start, [...events, undo]);
    expect(pawnAt(undone.situation, "e7")).toBeDefined();
    expect(pawnAt(undone.situation, "e4")).toBeDefined();
    expect(undone.log.length).toBeLessThan(whole.log.length);
  });

  it("throws on an event that does not apply", () => {
    const { start, events } = twoTurns();
    const broken = {
      ...(events[1] as TableEvent),
      moves: [{ type: "component move", componentId: "nope", destinationId: "x", positionName: "y" }],
    } as TableEvent;
    expect(() => replay(start, [events[0] as TableEvent, broken])).toThrow(/does not apply/);
  });
});

describe("a log line's view", () => {
  const env = {
    pieces,
    seat: "blue",
    editMode: false,
    selected: null,
    highlights: new Set<string>(),
    clickable: new Set<string>(),
    decks: {},
  };
  const line = (over: Partial<LogMessage["event"]>, component: string | null): LogMessage => ({
    message: "gained 4 coins",
    event: {
      sourcePlayer: "red",
      targetPlayer: null,
      timestamp: 1,
      logStyle: "normal",
      logIndent: 0,
      editMode: false,
      type: "inc counter",
      ...over,
    },
    currTurn: 1,
    logDisplayComponent: component,
  });

  it("names and colours the target player when it is not the actor", () => {
    const s = chessStart();
    const view = logLineView(line({ targetPlayer: "blue" }, null), s, env);
    expect(view.source).toEqual({ name: "red", color: "#ff4038" });
    expect(view.target).toEqual({ name: "blue", color: "#2799d8" });
    expect(logLineView(line({ targetPlayer: "red" }, null), s, env).target).toBeNull();
  });

  it("shows the line's component as the board draws it, and nothing for one no longer there", () => {
    const s = chessStart();
    const pawn = pawnAt(s, "e2") as string;
    const view = logLineView(line({}, pawn), s, env);
    expect(view.component?.image).not.toBe("");
    expect(view.component?.name).toBe(findComponent(s.root, pawn)?.name);
    expect(logLineView(line({}, "gone"), s, env).component).toBeNull();
    expect(logLineView(line({}, null), s, env).component).toBeNull();
  });

  it("leaves out a component this viewer may not see", () => {
    const s = chessStart();
    const pawn = pawnAt(s, "e2") as string;
    const hidden = replacePiece(s, pawn, { placeholder: "hidden" });
    expect(logLineView(line({}, pawn), hidden, env).component).toBeNull();
  });
});

/** The situation with one piece of the board's squares changed. */
function replacePiece(s: Situation, id: string, change: object): Situation {
  const board = findComponent(s.root, "board");
  const squares = board?.children.squares;
  if (board === undefined || squares === undefined || Array.isArray(squares)) throw new Error("no board");
  const next = Object.fromEntries(
    Object.entries(squares).map(([k, c]) => [k, c.id === id ? { ...c, ...change } : c]),
  );
  const table = s.root.children.table;
  if (!Array.isArray(table)) throw new Error("no table");
  return {
    ...s,
    root: {
      ...s.root,
      children: { ...s.root.children, table: [{ ...board, children: { ...board.children, squares: next } }] },
    },
  };
}
