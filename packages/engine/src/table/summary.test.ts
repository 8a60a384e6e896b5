import { describe, expect, it } from "vitest";
import { FULL_VIEW, SPECTATOR, SUMMARY_LINE_MAX_LENGTH, SUMMARY_LINES_PER_TURN } from "../constants.js";
import { normaliseSummary, type SummaryLine } from "../log/summary.js";
import { resolveModule } from "../module/resolve.js";
import type { RuleModule } from "../module/types.js";
import { TEST_PIECES, testSituation } from "../test/fixture.js";
import type { Action } from "../turn/actions.js";
import type { TurnEvent } from "./events.js";
import { createTableHolder } from "./holder.js";
import { createViewerLog, receiveViewEvent, viewerLogTurns } from "./viewer-log.js";

// A turn's summary (issue 37 point 3): made by the rules when the turn is recorded, kept in the event,
// read by each viewer as far as it may, with the moves' own lines behind it.

const project = { pieces: TEST_PIECES, options: {} };
const toPile: Action[] = [
  { kind: "click component", componentId: "m1" },
  { kind: "click position", destinationId: "table", positionName: "pile" },
];

function table(summarizeTurn?: RuleModule["summarizeTurn"]) {
  const module = resolveModule(summarizeTurn === undefined ? {} : { summarizeTurn });
  const holder = createTableHolder({ start: testSituation(), module, project });
  let clock = 0;
  const play = (seat: string, actions: Action[], extra: { editMode?: boolean; hidden?: boolean } = {}) => {
    clock += 1000;
    const turn = { seat, actions, timestamp: clock, turnUID: `t${clock}`, editMode: extra.editMode === true };
    const r = holder.play(turn, extra.hidden ? { turnHidden: true } : {});
    if (!r.ok) throw new Error(r.message);
    return r.value.event as TurnEvent;
  };
  return { holder, play };
}

const said = (lines: readonly { message: string }[] | undefined) => (lines ?? []).map((l) => l.message);

describe("a turn's summary", () => {
  it("is the rules' words, recorded with the turn; the moves' own lines stay behind it", () => {
    const { holder, play } = table();
    const event = play("red", toPile);
    expect(event.summary).toEqual([{ message: "moved meeple to the pile" }]);
    const [turn] = holder.turns();
    expect(said(turn?.lines)).toEqual(["moved meeple to the pile"]);
    expect(turn?.lines[0]?.event).toMatchObject({ sourcePlayer: "red", type: "summary", timestamp: 1000 });
    expect(said(turn?.moves ?? [])).toEqual(["moved meeple"]);
  });

  it("is not made for an edit-mode turn, which keeps its move lines", () => {
    const { holder, play } = table();
    expect(play("red", toPile, { editMode: true }).summary).toBeUndefined();
    expect(holder.turns()[0]?.moves).toBeNull();
    expect(said(holder.turns()[0]?.lines)).toEqual(["moved meeple"]);
  });

  it("is left out when the rules fail at it: the turn stands, with its move lines", () => {
    const { holder, play } = table(() => {
      throw new Error("no words");
    });
    expect(play("red", toPile).summary).toBeUndefined();
    expect(said(holder.turns()[0]?.lines)).toEqual(["moved meeple"]);
  });

  it("reaches each viewer with the lines it may read: recipients' lines to them, a hidden turn to its player", () => {
    const lines: SummaryLine[] = [
      { message: "played a meeple" },
      { message: "kept the red meeple", recipients: ["red"] },
      { message: "Round 2 begins.", sourcePlayer: null },
    ];
    const { holder, play } = table(() => lines);
    play("red", toPile);
    const read = (viewer: string, seq = 0) => said(holder.viewEvent(viewer, seq, true).summary);
    expect(read("red")).toEqual(["played a meeple", "kept the red meeple", "Round 2 begins."]);
    expect(read("blue")).toEqual(["played a meeple", "Round 2 begins."]);
    expect(read(SPECTATOR)).toEqual(["played a meeple", "Round 2 begins."]);
    expect(read(FULL_VIEW)).toHaveLength(3);
    expect(said(holder.history("blue")[0]?.summary)).toEqual(["played a meeple", "Round 2 begins."]);
    play("red", [{ kind: "click component", componentId: "m2" }, toPile[1] as Action], { hidden: true });
    expect(read("red", 1)).toHaveLength(3);
    expect(read("blue", 1)).toEqual([]);
  });

  it("is what a viewer's log shows, from the table load and from each event after it", () => {
    const { holder, play } = table((turn) => [{ message: `${turn.turn.seat} played` }]);
    play("red", toPile);
    const loaded = createViewerLog("blue", holder.view("blue"), holder.history("blue"));
    play("red", [{ kind: "click component", componentId: "m2" }, toPile[1] as Action]);
    const received = receiveViewEvent(loaded, holder.viewEvent("blue", 1, true));
    if (received.kind !== "applied") throw new Error(received.kind);
    const turns = viewerLogTurns(received.log);
    expect(turns.map((t) => [t.seq, said(t.lines), said(t.moves ?? [])])).toEqual([
      [0, ["red played"], ["moved meeple"]],
      [1, ["red played"], ["moved meeple"]],
    ]);
    expect(turns[1]?.lines[0]?.event.sourcePlayer).toBe("red");
  });

  it("falls back to the move lines for a log recorded before summaries", () => {
    const { holder, play } = table();
    const event = play("red", toPile);
    const old = createTableHolder({
      start: testSituation(),
      events: [{ ...event, summary: undefined }],
      module: resolveModule({}),
      project,
    });
    expect(old.turns()[0]).toEqual({ seq: 0, lines: holder.linesOf(0), moves: null });
    expect(old.viewEvent("blue", 0, false).summary).toBeUndefined();
  });
});

describe("a summary as the log keeps it", () => {
  it("is trimmed, without empty lines, each line and the number of lines capped", () => {
    const long = "x".repeat(SUMMARY_LINE_MAX_LENGTH + 50);
    const lines = normaliseSummary([
      { message: "  bought Silk  " },
      { message: "   " },
      { message: long, recipients: ["red", "red"] },
      ...Array.from({ length: 10 }, (_, i) => ({ message: `line ${i}` })),
    ]);
    expect(lines).toHaveLength(SUMMARY_LINES_PER_TURN);
    expect(lines[0]).toEqual({ message: "bought Silk" });
    expect(lines[1]?.message).toHaveLength(SUMMARY_LINE_MAX_LENGTH);
    expect(lines[1]?.message.endsWith("…")).toBe(true);
    expect(lines[1]?.recipients).toEqual(["red"]);
  });
});
