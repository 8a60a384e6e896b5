// An ended table's log (everything revealed): the situation and the log lines after its events,
// undone turns left out. A running table is held as a viewer's log instead (the engine's
// table/viewer-log.ts): the browser never has a running table's full situation or moves.

import {
  applyRenames,
  applyTurnWithLog,
  foldPlan,
  type LogMessage,
  type Situation,
  type TableEvent,
} from "@tt/engine";

export { applyTurnWithLog };

/** The situation and log after `events` from `start` (undone turns skipped). */
export function replay(
  start: Situation,
  events: readonly TableEvent[],
): { situation: Situation; log: LogMessage[] } {
  let situation = start;
  const log: LogMessage[] = [];
  const first = events[0]?.seq ?? 0;
  for (const { seq, renamed } of foldPlan(events)) {
    if (seq !== null) {
      const event = events[seq - first];
      if (event?.kind !== "turn") continue;
      const step = applyTurnWithLog(situation, event);
      situation = step.situation;
      log.push(...step.log);
    }
    for (const pairs of renamed) situation = applyRenames(situation, pairs);
  }
  return { situation, log };
}
