import { describe, expect, it } from "vitest";
import { resolveModule } from "../module/resolve.js";
import { TEST_PIECES, testSituation } from "../test/fixture.js";
import type { Action } from "../turn/actions.js";
import { createTableHolder } from "./holder.js";
import { UNDO_LINE_TYPE } from "./undo-log.js";
import { createViewerLog, receiveViewEvent, viewerLogTurns } from "./viewer-log.js";

// Every undo is logged for everyone (issue 37 point 8): 'red took back their move', where it happened,
// in the live log of every viewer, in the replay and in an ended table's log.

const project = { pieces: TEST_PIECES, options: {} };
const toPile = (id: string): Action[] => [
  { kind: "click component", componentId: id },
  { kind: "click position", destinationId: "table", positionName: "pile" },
];

function table() {
  const holder = createTableHolder({ start: testSituation(), module: resolveModule({}), project });
  let clock = 0;
  const play = (seat: string, actions: Action[], editMode = false) => {
    clock += 1000;
    const r = holder.play({ seat, actions, timestamp: clock, turnUID: `t${clock}`, editMode });
    if (!r.ok) throw new Error(r.message);
  };
  const undo = (seat: string, editMode = false) => {
    clock += 1000;
    const r = holder.undo({ seat, timestamp: clock, editMode });
    if (!r.ok) throw new Error(r.message);
  };
  return { holder, play, undo };
}

/** Each log entry as '{seq} {actor} {words}'. */
const read = (
  turns: readonly {
    seq: number;
    lines: readonly { message: string; event: { sourcePlayer: string | null } }[];
  }[],
) => turns.flatMap((t) => t.lines.map((l) => `${t.seq} ${l.event.sourcePlayer} ${l.message}`));

describe("an undo in the log", () => {
  it("is a line of its own, after the turns kept and before the turns played since", () => {
    const { holder, play, undo } = table();
    play("red", toPile("m1"));
    play("red", toPile("m2"));
    undo("red");
    play("red", toPile("m2"));
    expect(read(holder.turns())).toEqual([
      "0 red moved meeple to the pile",
      "2 red took back their move",
      "3 red moved meeple to the pile",
    ]);
    expect(holder.turns()[1]?.lines[0]?.event).toMatchObject({ type: UNDO_LINE_TYPE, timestamp: 3000 });
  });

  it("reaches every viewer: another seat reads it live and from a reload, and the replay shows it in its place", () => {
    const { holder, play, undo } = table();
    play("red", toPile("m1"));
    const blue = createViewerLog("blue", holder.view("blue"), holder.history("blue"));
    undo("red");
    const received = receiveViewEvent(blue, holder.viewEvent("blue", 1, true));
    if (received.kind !== "applied") throw new Error(received.kind);
    expect(read(viewerLogTurns(received.log))).toEqual(["1 red took back their move"]);
    const reloaded = createViewerLog("spectator", holder.view("spectator"), holder.history("spectator"));
    expect(read(viewerLogTurns(reloaded))).toEqual(["1 red took back their move"]);
    // The replay one step before the undo still shows the turn, and no undo yet.
    expect(read(holder.turns(1))).toEqual(["0 red moved meeple to the pile"]);
  });

  it("says 'a move' when an edit-mode undo takes back another player's turn", () => {
    const { holder, play, undo } = table();
    play("red", toPile("m1"));
    undo("blue", true);
    expect(read(holder.turns())).toEqual(["1 blue took back a move"]);
  });
});
