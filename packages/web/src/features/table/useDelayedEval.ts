// The active state's delayed evaluation (game-table.md section 4): sent once its delay, divided by the
// evaluation speed (section 9), has passed, by a seat that may act. When several may (an 'everyone'
// state), the first in line sends it on time and the others only should it not come
// (motion.ts delayedEvalRank), so tabs do not race for the same seq. Any new event restarts the wait.

import { activeSeats, activeState, lastSeq, mayAct } from "@tt/engine";
import { useEffect } from "react";
import { delayedEvalRank, delayedEvalWait, evaluationSpeed } from "./motion";
import type { SeatPresence } from "./presence";
import type { TableModel } from "./reconcile";
import type { ClientStatus } from "./statusBar";

export function useDelayedEval(input: {
  model: TableModel | null;
  /** The table's status (only midgame tables evaluate). */
  status: string;
  clientState: ClientStatus;
  seat: string;
  slug: string;
  /** Each colour's seat and whether its player has the table open now. */
  presence: ReadonlyMap<string, SeatPresence>;
  send: () => void;
}) {
  const { model, status, clientState, seat, slug, presence, send } = input;
  const situation = model?.confirmed.view ?? null;
  const delayed = situation === null ? null : activeState(situation).delayedEval;
  const due =
    delayed !== null &&
    situation !== null &&
    status === "midgame" &&
    clientState === "waitUserInput" &&
    mayAct(situation, seat);
  const seqNow = model === null ? -1 : lastSeq(model.confirmed);
  const hereKey = [...presence]
    .filter(([, p]) => p.state === "here")
    .map(([color]) => color)
    .join("|");
  const rank =
    due && situation !== null
      ? delayedEvalRank(activeSeats(situation), new Set(hereKey.split("|")), seat)
      : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new event (seqNow) restarts the wait.
  useEffect(() => {
    if (!due || delayed === null) return;
    const timer = window.setTimeout(send, delayedEvalWait(delayed.delay, evaluationSpeed(slug), rank));
    return () => window.clearTimeout(timer);
  }, [due, delayed, send, slug, rank, seqNow]);
}
