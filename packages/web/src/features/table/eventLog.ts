// An ended table's log (everything revealed): the situation and the log lines after its events,
// undone turns left out, folded by the engine's table holder. A running table is held as a viewer's
// log instead (the engine's table/viewer-log.ts): the browser never has a running table's full
// situation or moves.

import {
  applyTurnWithLog,
  createTableHolder,
  defaultModule,
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
  // A recorded log folds without the rules (its moves and chance outcomes are all in it).
  const holder = createTableHolder({ start, events, module: defaultModule });
  return { situation: holder.live, log: holder.log() };
}
