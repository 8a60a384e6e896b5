import type { Situation, TableEvent, TableHolder } from "@tt/engine";
import { LIMIT_MESSAGES, TABLE_CAPS, TABLE_REFUSALS } from "@tt/protocol";
import type { TableCaps } from "../config";

// What one table may hold (issue 20, point 1): thirty 900 kB edit-mode turns made one sandbox's load
// 27.9 MB, and twenty parallel loads of it took the server to 2.2 GB. A turn past a cap is refused
// with a code and the message the browser shows; the table stays playable for every turn within them
// (a turn that does not grow a situation already at its cap still goes).

export const DEFAULT_TABLE_CAPS: TableCaps = { ...TABLE_CAPS };

export interface CapRefusal {
  reason: string;
  code: string;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");

/** Each holder's log size as far as counted: its events are only ever appended, so it is kept up. */
const logSizes = new WeakMap<TableHolder, { events: number; bytes: number }>();
/** The size of situations already measured (the live one, so the next turn knows its 'before'). */
const situationSizes = new WeakMap<Situation, number>();

/** The bytes of a holder's log, counting only the events appended since last asked. */
export function logBytes(holder: TableHolder): number {
  let size = logSizes.get(holder);
  if (size === undefined || size.events > holder.events.length) size = { events: 0, bytes: 0 };
  for (let i = size.events; i < holder.events.length; i++) size.bytes += bytesOf(holder.events[i]);
  size.events = holder.events.length;
  logSizes.set(holder, size);
  return size.bytes;
}

function situationBytes(situation: Situation): number {
  let size = situationSizes.get(situation);
  if (size === undefined) {
    size = bytesOf(situation);
    situationSizes.set(situation, size);
  }
  return size;
}

export class TableCapsCheck {
  constructor(readonly caps: TableCaps = DEFAULT_TABLE_CAPS) {}

  private tooLarge(): CapRefusal {
    return {
      reason: LIMIT_MESSAGES.turnTooLarge(this.caps.turnBytes, this.caps.turnMoves),
      code: TABLE_REFUSALS.turnTooLarge,
    };
  }

  /** A game-move as received, before anything is evaluated. */
  payload(payload: unknown): CapRefusal | null {
    return bytesOf(payload) > this.caps.turnBytes ? this.tooLarge() : null;
  }

  /** Whether one more event of `eventBytes` fits the table's log. */
  log(holder: TableHolder, eventBytes: number): CapRefusal | null {
    if (
      holder.events.length + 1 > this.caps.logEvents ||
      logBytes(holder) + eventBytes > this.caps.logBytes
    ) {
      return {
        reason: LIMIT_MESSAGES.logFull(this.caps.logEvents, this.caps.logBytes),
        code: TABLE_REFUSALS.logFull,
      };
    }
    return null;
  }

  /** A recorded turn against the table it would be appended to (nothing written yet). */
  turn(holder: TableHolder, event: TableEvent, after: Situation): CapRefusal | null {
    if (event.kind === "turn" && event.moves.length > this.caps.turnMoves) return this.tooLarge();
    const eventBytes = bytesOf(event);
    if (eventBytes > this.caps.eventBytes) return this.tooLarge();
    const full = this.log(holder, eventBytes);
    if (full) return full;
    const size = situationBytes(after);
    if (size > this.caps.situationBytes && size > situationBytes(holder.live)) {
      return {
        reason: LIMIT_MESSAGES.situationFull(this.caps.situationBytes),
        code: TABLE_REFUSALS.situationFull,
      };
    }
    return null;
  }
}
