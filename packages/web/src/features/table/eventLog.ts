// The confirmed side of a table: the start situation plus the server's events, applied in seq order,
// each exactly once. Events carry seq === their index in the log (the engine's contract), so the last
// applied seq is events.length - 1 and a gap is any seq past the next one.

import {
  applyRenames,
  applyTurnWithLog,
  foldPlan,
  type LogMessage,
  type Situation,
  type TableEvent,
} from "@tt/engine";

export interface Confirmed {
  start: Situation;
  events: TableEvent[];
  situation: Situation;
  /** Log lines of the turns in effect, oldest first. */
  log: LogMessage[];
}

export interface ApplyResult {
  confirmed: Confirmed;
  /** How many events were new and applied. */
  applied: number;
  /** An event came with a seq past the next expected one: resubscribe from lastSeq. */
  gap: boolean;
  /** A recorded event did not apply (corrupt log or a stale start): the table is out of sync. */
  error: string | null;
}

export function lastSeq(confirmed: Pick<Confirmed, "events">): number {
  return confirmed.events.length - 1;
}

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

export function initialConfirmed(start: Situation, events: readonly TableEvent[]): Confirmed {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const contiguous: TableEvent[] = [];
  for (const e of sorted) {
    if (e.seq === contiguous.length) contiguous.push(e);
    else if (e.seq > contiguous.length) break;
  }
  const { situation, log } = replay(start, contiguous);
  return { start, events: contiguous, situation, log };
}

/**
 * Applies incoming events: those at or below the last applied seq are duplicates and skipped; the
 * first one past the next expected seq stops the batch with gap = true.
 */
export function applyEvents(confirmed: Confirmed, incoming: readonly TableEvent[]): ApplyResult {
  const sorted = [...incoming].sort((a, b) => a.seq - b.seq);
  let current = confirmed;
  let applied = 0;
  for (const event of sorted) {
    const last = lastSeq(current);
    if (event.seq <= last) continue;
    if (event.seq !== last + 1) return { confirmed: current, applied, gap: true, error: null };
    try {
      current = applyOne(current, event);
    } catch (error) {
      return {
        confirmed: current,
        applied,
        gap: false,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    applied++;
  }
  return { confirmed: current, applied, gap: false, error: null };
}

function applyOne(confirmed: Confirmed, event: TableEvent): Confirmed {
  const events = [...confirmed.events, event];
  if (event.kind === "turn") {
    const step = applyTurnWithLog(confirmed.situation, event);
    return {
      start: confirmed.start,
      events,
      situation: step.situation,
      log: [...confirmed.log, ...step.log],
    };
  }
  // An undo pops turns off the stack: refold from the start.
  const { situation, log } = replay(confirmed.start, events);
  return { start: confirmed.start, events, situation, log };
}
