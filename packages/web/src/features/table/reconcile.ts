// Optimistic turns over the confirmed log. The client shows its own evaluation of a turn at once and
// drops it as soon as the server says anything about the log: the server's event is the truth.

import type { Situation, TableEvent } from "@tt/engine";
import { applyEvents, type Confirmed, lastSeq } from "./eventLog";

export interface PendingTurn {
  turnUID: string;
  moveId: number;
  situation: Situation;
}

export interface TableModel {
  confirmed: Confirmed;
  pending: PendingTurn | null;
  outOfSync: boolean;
}

export function displayedSituation(model: TableModel): Situation {
  return model.pending?.situation ?? model.confirmed.situation;
}

/** The seq the next turn must get. */
export function expectedMoveId(model: TableModel): number {
  return lastSeq(model.confirmed) + 1;
}

export interface ServerEventsOutcome {
  model: TableModel;
  /** Events arrived past a hole: resubscribe from the last confirmed seq. */
  resync: boolean;
  error: string | null;
}

export function receiveEvents(model: TableModel, events: readonly TableEvent[]): ServerEventsOutcome {
  const result = applyEvents(model.confirmed, events);
  const pending = result.applied > 0 || result.error !== null ? null : model.pending;
  return {
    model: {
      confirmed: result.confirmed,
      pending,
      outOfSync: model.outOfSync || result.error !== null,
    },
    resync: result.gap,
    error: result.error,
  };
}

export function startPending(model: TableModel, pending: PendingTurn): TableModel {
  return { ...model, pending };
}

export interface RejectOutcome {
  model: TableModel;
  /** The reason to show in the alert popup, if any. */
  alert: string | null;
  resync: boolean;
}

export const OUT_OF_SYNC = "outOfSync";

export function receiveReject(model: TableModel, reject: { turnUID: string; reason: string }): RejectOutcome {
  if (reject.reason === OUT_OF_SYNC) {
    return { model: { ...model, pending: null, outOfSync: true }, alert: null, resync: true };
  }
  // Not the pending turn (an undo, a reload, a turn whose wait timed out): still this tab's request,
  // since refusals go only to the socket that asked; the player hears why.
  if (model.pending === null || model.pending.turnUID !== reject.turnUID) {
    return { model, alert: reject.reason, resync: false };
  }
  return { model: { ...model, pending: null }, alert: reject.reason, resync: false };
}

/** A resubscribe answered: the missing events are applied; the out-of-sync flag clears when it worked. */
export function resynced(model: TableModel, events: readonly TableEvent[]): ServerEventsOutcome {
  const outcome = receiveEvents({ ...model, outOfSync: false }, events);
  return outcome;
}
