import { findComponent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { initialConfirmed } from "./eventLog";
import {
  displayedSituation,
  expectedMoveId,
  receiveEvents,
  receiveReject,
  resynced,
  startPending,
  type TableModel,
} from "./reconcile";
import { chessMove, chessStart } from "./testkit";

function model(): TableModel {
  return { confirmed: initialConfirmed(chessStart(), []), pending: null, outOfSync: false };
}

describe("optimistic reconciliation", () => {
  it("shows the pending turn until the server's event arrives, then the server's", () => {
    const base = model();
    const local = chessMove(base.confirmed.situation, 0, "red", "white-pawn-e2", "e4");
    const optimistic = initialConfirmed(base.confirmed.start, [local]).situation;
    const pending = startPending(base, { turnUID: "t0", moveId: 0, situation: optimistic });
    expect(displayedSituation(pending)).toBe(optimistic);
    expect(expectedMoveId(pending)).toBe(0);
    // The server's event differs in its timestamp: it replaces the optimistic state.
    const server = { ...local, timestamp: 99 };
    const after = receiveEvents(pending, [server]);
    expect(after.model.pending).toBeNull();
    expect(after.model.confirmed.events[0]).toBe(server);
    expect(displayedSituation(after.model)).toBe(after.model.confirmed.situation);
    expect(expectedMoveId(after.model)).toBe(1);
  });

  it("keeps the pending turn when nothing new arrives", () => {
    const base = model();
    const pending = startPending(base, { turnUID: "t0", moveId: 0, situation: base.confirmed.situation });
    expect(receiveEvents(pending, []).model.pending).not.toBeNull();
  });

  it("rejects: outOfSync resyncs, other reasons drop the pending turn with an alert", () => {
    const base = startPending(model(), { turnUID: "t0", moveId: 0, situation: chessStart() });
    const sync = receiveReject(base, { turnUID: "t0", reason: "outOfSync" });
    expect(sync.model.outOfSync).toBe(true);
    expect(sync.resync).toBe(true);
    const refused = receiveReject(base, { turnUID: "t0", reason: "You cannot play now: Wait for your turn" });
    expect(refused.model.pending).toBeNull();
    expect(refused.alert).toBe("You cannot play now: Wait for your turn");
    // A refused undo or reload (not the pending turn): the turn stays pending, the player is told.
    const other = receiveReject(base, { turnUID: "zzz", reason: "Cannot undo someone else's turn" });
    expect(other.model).toBe(base);
    expect(other.alert).toBe("Cannot undo someone else's turn");
  });

  it("a resync applies what was missed and clears out-of-sync", () => {
    const base = { ...model(), outOfSync: true };
    const e0 = chessMove(base.confirmed.situation, 0, "red", "white-pawn-e2", "e4");
    const after = resynced(base, [e0]);
    expect(after.model.outOfSync).toBe(false);
    expect(after.model.confirmed.events).toHaveLength(1);
    expect(findComponent(after.model.confirmed.situation.root, "white-pawn-e2")).toBeDefined();
    // A hole in what came back asks for another resync.
    const hole = resynced(base, [{ ...e0, seq: 3 }]);
    expect(hole.resync).toBe(true);
  });
});
