import { findComponent, type Situation, type TableEvent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { applyEvents, initialConfirmed, lastSeq } from "./eventLog";
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
  const afterFirst = initialConfirmed(start, [e0]).situation;
  const e1 = chessMove(afterFirst, 1, "blue", pawnAt(afterFirst, "e7") as string, "e5");
  return { start, events: [e0, e1] };
}

describe("event log", () => {
  it("applies each event once, in seq order", () => {
    const { start, events } = twoTurns();
    const empty = initialConfirmed(start, []);
    expect(lastSeq(empty)).toBe(-1);
    const first = applyEvents(empty, [events[1] as TableEvent, events[0] as TableEvent]);
    expect(first.applied).toBe(2);
    expect(first.gap).toBe(false);
    expect(pawnAt(first.confirmed.situation, "e4")).toBeDefined();
    expect(pawnAt(first.confirmed.situation, "e5")).toBeDefined();
    expect(pawnAt(first.confirmed.situation, "e2")).toBeUndefined();
    // Duplicates (a resubscribe answering what the live socket already delivered) are skipped.
    const again = applyEvents(first.confirmed, events);
    expect(again.applied).toBe(0);
    expect(again.confirmed).toBe(first.confirmed);
  });

  it("detects a gap and stops before it", () => {
    const { start, events } = twoTurns();
    const result = applyEvents(initialConfirmed(start, []), [events[1] as TableEvent]);
    expect(result.gap).toBe(true);
    expect(result.applied).toBe(0);
    expect(lastSeq(result.confirmed)).toBe(-1);
  });

  it("collects log lines and refolds on undo", () => {
    const { start, events } = twoTurns();
    const confirmed = initialConfirmed(start, events);
    expect(confirmed.log.length).toBeGreaterThan(0);
    const undo: TableEvent = { kind: "undo", seq: 2, actor: "red", timestamp: 5, undone: [1] };
    const after = applyEvents(confirmed, [undo]);
    expect(after.applied).toBe(1);
    expect(pawnAt(after.confirmed.situation, "e7")).toBeDefined();
    expect(pawnAt(after.confirmed.situation, "e4")).toBeDefined();
    expect(after.confirmed.log.length).toBeLessThan(confirmed.log.length);
  });

  it("reports an event that does not apply", () => {
    const { start, events } = twoTurns();
    const broken = applyEvents(initialConfirmed(start, []), [
      events[0] as TableEvent,
      {
        ...(events[1] as TableEvent),
        seq: 1,
        moves: [{ type: "component move", componentId: "nope", destinationId: "x", positionName: "y" }],
      } as TableEvent,
    ]);
    expect(broken.error).toMatch(/does not apply/);
    expect(broken.applied).toBe(1);
  });
});
