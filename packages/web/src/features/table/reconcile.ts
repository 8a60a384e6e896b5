// Optimistic turns over the viewer's log. The client shows its own evaluation of a turn on public
// information at once (a turn that needs chance or hidden information waits, shown as 'Move recorded,
// please wait...'), and drops it as soon as the server says anything about the log: the server's
// event is the truth.

import {
  lastSeq,
  receiveViewEvent,
  resyncViewerLog,
  type Situation,
  type ViewEvent,
  type ViewerLog,
} from "@tt/engine";
import { TABLE_REFUSALS } from "@tt/protocol";

export interface PendingTurn {
  turnUID: string;
  moveId: number;
  /** What the turn shows until the server answers; null when it waits for the answer (chance, secrets). */
  situation: Situation | null;
}

export interface TableModel {
  confirmed: ViewerLog;
  pending: PendingTurn | null;
  outOfSync: boolean;
}

export function displayedSituation(model: TableModel): Situation {
  return model.pending?.situation ?? model.confirmed.view;
}

/** The seq the next turn must get. */
export function expectedMoveId(model: TableModel): number {
  return lastSeq(model.confirmed) + 1;
}

export interface ServerEventsOutcome {
  model: TableModel;
  /** Events arrived past a hole, or a change did not fit: resubscribe from the last confirmed seq. */
  resync: boolean;
  error: string | null;
  /** How many events were new and applied. */
  applied: number;
}

export function receiveEvents(model: TableModel, events: readonly ViewEvent[]): ServerEventsOutcome {
  let confirmed = model.confirmed;
  let applied = 0;
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const received = receiveViewEvent(confirmed, event);
    if (received.kind === "duplicate") continue;
    if (received.kind === "gap")
      return { model: { ...model, confirmed }, resync: true, error: null, applied };
    if (received.kind === "error")
      return {
        model: { confirmed, pending: null, outOfSync: true },
        resync: true,
        error: received.message,
        applied,
      };
    confirmed = received.log;
    applied++;
  }
  return {
    model: { confirmed, pending: applied > 0 ? null : model.pending, outOfSync: model.outOfSync },
    resync: false,
    error: null,
    applied,
  };
}

export function startPending(model: TableModel, pending: PendingTurn): TableModel {
  return { ...model, pending };
}

export interface RejectOutcome {
  model: TableModel;
  /** The refusal to show in the alert popup, if any. */
  alert: { reason: string; code: string } | null;
  resync: boolean;
}

export function receiveReject(
  model: TableModel,
  reject: { turnUID: string; reason: string; code: string },
  /**
   * The refused turn was a delayed evaluation another tab may send too: 'outOfSync' then means that
   * tab's was taken first. Not this tab's fault: it catches up quietly, never shown out of sync.
   */
  raced = false,
): RejectOutcome {
  if (reject.code === TABLE_REFUSALS.outOfSync && raced) {
    const mine = model.pending?.turnUID === reject.turnUID;
    return { model: mine ? { ...model, pending: null } : model, alert: null, resync: true };
  }
  if (reject.code === TABLE_REFUSALS.outOfSync) {
    return { model: { ...model, pending: null, outOfSync: true }, alert: null, resync: true };
  }
  // Not the pending turn (an undo, a reload, a turn whose wait timed out): still this tab's request,
  // since refusals go only to the socket that asked; the player hears why.
  if (model.pending === null || model.pending.turnUID !== reject.turnUID) {
    return { model, alert: { reason: reject.reason, code: reject.code }, resync: false };
  }
  return {
    model: { ...model, pending: null },
    alert: { reason: reject.reason, code: reject.code },
    resync: false,
  };
}

/** A resubscribe answered: the missed events and the view (when sent); out of sync clears. */
export function resynced(
  model: TableModel,
  answer: { viewer: string; situation?: Situation; events: readonly ViewEvent[]; expected_move_id?: number },
): TableModel {
  // An answer older than what arrived live meanwhile (another instance's broadcast overtook it):
  // its view is behind; keep the newer one. A change of viewer is always taken.
  const behind =
    answer.expected_move_id !== undefined &&
    answer.expected_move_id - 1 < lastSeq(model.confirmed) &&
    answer.viewer === model.confirmed.viewer;
  if (behind) return { ...model, outOfSync: false };
  return {
    confirmed: resyncViewerLog(model.confirmed, answer.viewer, answer.situation, answer.events),
    pending: answer.events.length > 0 || answer.situation !== undefined ? null : model.pending,
    outOfSync: false,
  };
}
