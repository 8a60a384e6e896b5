import { fold, type TableEvent, UNDO_LINE_TYPE } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { replay } from "./eventLog";
import {
  buildTimeline,
  clampStep,
  markStops,
  neighbourMark,
  parseTurnNumber,
  viewAt,
  withTurnNumber,
} from "./replay";
import { chessStart, turn } from "./testkit";

/** A few chess turns and an undo, recorded as the server would. */
function game(): TableEvent[] {
  const start = chessStart();
  const events: TableEvent[] = [];
  const play = (seat: string, from: string, to: string) => {
    const live = fold(start, events);
    events.push(
      turn(live, events.length, seat, [
        { kind: "click component", componentId: from },
        { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: to },
      ]),
    );
  };
  const sides = start.globals.sides as { white: string; black: string };
  play(sides.white, "white-pawn-e2", "e4");
  play(sides.black, "black-pawn-e7", "e5");
  play(sides.white, "white-knight-g1", "f3");
  events.push({ kind: "undo", seq: events.length, actor: sides.white, timestamp: 1, undone: [2] });
  play(sides.white, "white-knight-b1", "c3");
  return events;
}

describe("replay", () => {
  it("shows the situation and the log after any number of events, undo included", () => {
    const start = chessStart();
    const events = game();
    const timeline = buildTimeline(start, events);
    expect(timeline.length).toBe(events.length);
    for (let k = 0; k <= events.length; k++) {
      const view = viewAt(timeline, k);
      const expected = replay(start, events.slice(0, k));
      expect(view.situation).toEqual(expected.situation);
      // The moves' own lines stay behind each turn's summary; an undo's own line stands apart.
      const turns = view.log.filter((t) => t.lines[0]?.event.type !== UNDO_LINE_TYPE);
      expect(turns.flatMap((t) => t.moves ?? t.lines).map((l) => l.message)).toEqual(
        expected.log.map((l) => l.message),
      );
    }
    // After the undo the knight's turn is gone from the log, and the undo says so in its place (issue
    // 37 point 8); each turn knows its event.
    const afterUndo = viewAt(timeline, 4);
    expect(afterUndo.log.map((t) => t.seq)).toEqual([0, 1, 3]);
    expect(afterUndo.log[2]?.lines.map((l) => l.message)).toEqual(["took back their move"]);
    expect(viewAt(timeline, 5).log.some((t) => t.seq === 4)).toBe(true);
  });

  it("shows each turn in the words the rules recorded with it, and the moves' lines without them", () => {
    const events = game();
    const says = (log: ReturnType<typeof viewAt>["log"]) => log.map((t) => t.lines.map((l) => l.message));
    expect(says(viewAt(buildTimeline(chessStart(), events), 5).log)).toEqual([
      ["1. e4"],
      ["1... e5"],
      ["took back their move"],
      ["2. ♘c3"],
    ]);
    // A log recorded before turns had summaries reads as it always did.
    const old = events.map((e) => (e.kind === "turn" ? { ...e, summary: undefined } : e));
    const log = viewAt(buildTimeline(chessStart(), old), 5).log;
    expect(log.every((t) => t.moves === null)).toBe(true);
    expect(says(log)).toEqual([["e4"], ["e5"], ["took back their move"], ["Nc3"]]);
  });

  it("marks the start and the end", () => {
    const timeline = buildTimeline(chessStart(), game());
    expect(timeline.marks[0]).toEqual({ step: 0, label: "S" });
    expect(timeline.marks.at(-1)).toEqual({ step: 5, label: "E" });
    expect(neighbourMark(timeline.marks, 2, 1)).toBe(5);
    expect(neighbourMark(timeline.marks, 2, -1)).toBe(0);
  });

  it("gives one replay-bar stop per step, with every mark of that step in order", () => {
    const stops = markStops([
      { step: 0, label: "S" },
      { step: 5, label: "Round 3" },
      { step: 5, label: "Closing bell" },
      { step: 2, label: "Round 2" },
      { step: 9, label: "2... Qh4#" },
      { step: 9, label: "E" },
    ]);
    expect(stops).toEqual([
      { step: 0, labels: ["S"] },
      { step: 2, labels: ["Round 2"] },
      { step: 5, labels: ["Round 3", "Closing bell"] },
      { step: 9, labels: ["2... Qh4#", "E"] },
    ]);
  });

  it("keeps steps within 0..N and reads turnNumber strictly", () => {
    expect(clampStep(-3, 5)).toBe(0);
    expect(clampStep(9, 5)).toBe(5);
    expect(clampStep(2.7, 5)).toBe(2);
    expect(clampStep(Number.POSITIVE_INFINITY, 5)).toBe(5);
    expect(parseTurnNumber("12")).toBe(12);
    expect(parseTurnNumber(null)).toBeNull();
    expect(parseTurnNumber("-1")).toBeNull();
    expect(parseTurnNumber("3abc")).toBeNull();
  });

  it("builds the replay link from the current address", () => {
    expect(withTurnNumber("http://h/projects/chess/table/T1?playAsColor=red", 7)).toBe(
      "http://h/projects/chess/table/T1?playAsColor=red&turnNumber=7",
    );
    expect(withTurnNumber("http://h/projects/chess/table/T1?turnNumber=2", 3)).toBe(
      "http://h/projects/chess/table/T1?turnNumber=3",
    );
  });
});
