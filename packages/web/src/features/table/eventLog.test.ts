import { findComponent, type Situation, type TableEvent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { replay } from "./eventLog";
import { chessMove, chessStart } from "./testkit";

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
