import { createViewerLog, findComponent } from "@tt/engine";
import { TABLE_REFUSALS } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import {
  displayedSituation,
  expectedMoveId,
  receiveEvents,
  receiveReject,
  resynced,
  startPending,
  type TableModel,
} from "./reconcile";
import { chessTable, playChess } from "./testkit";

/** Red's page at a fresh chess table, and the table the server holds. */
function setUp() {
  const table = chessTable();
  const model: TableModel = {
    confirmed: createViewerLog("red", table.view("red"), []),
    pending: null,
    outOfSync: false,
  };
  return { table, model };
}

const reject = (turnUID: string, reason: string, code: string) => ({ turnUID, reason, code });

describe("optimistic reconciliation over the viewer's log", () => {
  it("shows the pending turn until the server's event arrives, then the server's view", () => {
    const { table, model } = setUp();
    playChess(table, "red", "white-pawn-e2", "e4");
    const pending = startPending(model, { turnUID: "t0", moveId: 0, situation: table.view("red") });
    expect(displayedSituation(pending)).toBe(pending.pending?.situation);
    expect(expectedMoveId(pending)).toBe(0);
    const after = receiveEvents(pending, [table.viewEvent("red", 0, true)]);
    expect(after.model.pending).toBeNull();
    expect(after.model.confirmed.view).toEqual(table.view("red"));
    expect(displayedSituation(after.model)).toBe(after.model.confirmed.view);
    expect(expectedMoveId(after.model)).toBe(1);
  });

  it("a turn that waits for the server shows the confirmed view meanwhile", () => {
    const { model } = setUp();
    const waiting = startPending(model, { turnUID: "t0", moveId: 0, situation: null });
    expect(displayedSituation(waiting)).toBe(model.confirmed.view);
  });

  it("keeps the pending turn when nothing new arrives, and skips what it has already", () => {
    const { table, model } = setUp();
    playChess(table, "red", "white-pawn-e2", "e4");
    const once = receiveEvents(model, [table.viewEvent("red", 0, true)]).model;
    const pending = startPending(once, { turnUID: "t1", moveId: 1, situation: once.confirmed.view });
    const again = receiveEvents(pending, [table.viewEvent("red", 0, true)]);
    expect(again.applied).toBe(0);
    expect(again.model.pending).not.toBeNull();
  });

  it("asks again past a hole, and goes out of sync on a change that does not fit", () => {
    const { table, model } = setUp();
    playChess(table, "red", "white-pawn-e2", "e4");
    playChess(table, "blue", "black-pawn-e7", "e5");
    const hole = receiveEvents(model, [table.viewEvent("red", 1, true)]);
    expect(hole.resync).toBe(true);
    expect(hole.applied).toBe(0);
    const wrong = {
      ...table.viewEvent("red", 0, true),
      patch: {
        components: [
          { ...table.viewEvent("red", 0, true).patch?.components?.[0], children: { x: ["nope"] } },
        ],
      },
    };
    const broken = receiveEvents(model, [wrong as never]);
    expect(broken.model.outOfSync).toBe(true);
    expect(broken.resync).toBe(true);
  });

  it("routes rejections on their codes: out of sync resyncs, others drop the pending turn with an alert", () => {
    const base = startPending(setUp().model, { turnUID: "t0", moveId: 0, situation: null });
    const sync = receiveReject(base, reject("t0", "outOfSync", TABLE_REFUSALS.outOfSync));
    expect(sync.model.outOfSync).toBe(true);
    expect(sync.resync).toBe(true);
    const refused = receiveReject(
      base,
      reject("t0", "You cannot play now: Wait for your turn", "turn/not-your-turn"),
    );
    expect(refused.model.pending).toBeNull();
    expect(refused.alert).toEqual({
      reason: "You cannot play now: Wait for your turn",
      code: "turn/not-your-turn",
    });
    // A refused undo or reload (not the pending turn): the turn stays pending, the player is told.
    const other = receiveReject(base, reject("zzz", "Cannot undo someone else's turn", "undo/someone-else"));
    expect(other.model).toBe(base);
    expect(other.alert).toEqual({ reason: "Cannot undo someone else's turn", code: "undo/someone-else" });
  });

  it("catches up quietly when another tab's delayed evaluation took the seq first", () => {
    const base = startPending(setUp().model, { turnUID: "d1", moveId: 0, situation: null });
    const raced = receiveReject(base, reject("d1", "outOfSync", TABLE_REFUSALS.outOfSync), true);
    expect(raced.model.outOfSync).toBe(false);
    expect(raced.model.pending).toBeNull();
    expect(raced.alert).toBeNull();
    expect(raced.resync).toBe(true);
    // The other tab's event came first and settled the pending turn: still no out of sync.
    const settled = { ...base, pending: null };
    const late = receiveReject(settled, reject("d1", "outOfSync", TABLE_REFUSALS.outOfSync), true);
    expect(late.model).toBe(settled);
    expect(late.model.outOfSync).toBe(false);
  });

  it("a resync takes what was missed and the view whole, and clears out of sync", () => {
    const { table, model } = setUp();
    playChess(table, "red", "white-pawn-e2", "e4");
    const after = resynced(
      { ...model, outOfSync: true },
      {
        viewer: "red",
        situation: table.view("red"),
        events: table.history("red", 0),
      },
    );
    expect(after.outOfSync).toBe(false);
    expect(after.confirmed.headers).toHaveLength(1);
    expect(findComponent(after.confirmed.view.root, "white-pawn-e2")).toBeDefined();
    expect(after.confirmed.view).toBe(table.view("red"));
  });

  it("keeps a newer view than a resubscribe's answer that a live event overtook", () => {
    const { table, model } = setUp();
    playChess(table, "red", "white-pawn-e2", "e4");
    const early = {
      viewer: "red",
      situation: table.view("red"),
      events: table.history("red", 0),
      expected_move_id: 1,
    };
    playChess(table, "blue", "black-pawn-e7", "e5");
    const live = receiveEvents(model, [
      table.viewEvent("red", 0, true),
      table.viewEvent("red", 1, true),
    ]).model;
    const after = resynced(live, early);
    expect(after.confirmed).toBe(live.confirmed);
    expect(after.confirmed.view).toEqual(table.view("red"));
  });
});
