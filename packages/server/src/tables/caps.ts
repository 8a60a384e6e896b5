import type { Situation, TableEvent, TableHolder } from "@tt/engine";
import { LIMIT_MESSAGES, TABLE_CAPS, TABLE_REFUSALS } from "@tt/protocol";
import type { TableCaps } from "../config";
import { eventText } from "./eventText";

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

/**
 * Each holder's log size as far as counted: its events are only ever appended, so it is kept up.
 * `next`: the event last checked by turn() and its size, which the count takes instead of
 * serialising it again once it is appended.
 */
const logSizes = new WeakMap<
  TableHolder,
  { events: number; bytes: number; next?: { event: TableEvent; bytes: number } }
>();
/** The bytes of a holder's log, counting only the events appended since last asked. */
export function logBytes(holder: TableHolder): number {
  let size = logSizes.get(holder);
  if (size === undefined || size.events > holder.events.length) size = { events: 0, bytes: 0 };
  for (let i = size.events; i < holder.events.length; i++) {
    const event = holder.events[i] as TableEvent;
    size.bytes += size.next?.event === event ? size.next.bytes : bytesOf(event);
  }
  size.events = holder.events.length;
  size.next = undefined;
  logSizes.set(holder, size);
  return size.bytes;
}

/**
 * What is known of a holder's live situation's size: exactly `bytes` when `situation` was measured,
 * and at most `bytes` plus `growth` for the turns appended since. Measuring a situation is
 * serialising it whole (41 kB for the sandbox, every turn: 4% of the server's time per turn in the
 * load bench), so it is done only when the bound could pass the cap.
 */
const situationSizes = new WeakMap<TableHolder, { situation: Situation; bytes: number; growth: number }>();

/**
 * How much one recorded event can at most add to a situation: every change to a situation is one of
 * the event's moves, and a move adds at most what it carries (a created component's name and options,
 * a variable's value, a state's fields) plus the record the engine makes around it (an id, a place,
 * a container's summary). Four times the event's text and 1 kB a move is well above both.
 */
function growthBound(event: TableEvent, eventBytes: number): number {
  const moves = event.kind === "turn" ? event.moves.length : 1;
  return 4 * eventBytes + 1024 * moves;
}

/** The exact size of the holder's live situation, measured now and remembered. */
function measured(holder: TableHolder): number {
  const bytes = bytesOf(holder.live);
  situationSizes.set(holder, { situation: holder.live, bytes, growth: 0 });
  return bytes;
}

/**
 * Whether the situation after an event of `eventBytes` would pass `cap` while growing: the bound
 * first, the exact measure only when the bound is over.
 */
function situationOver(
  holder: TableHolder,
  event: TableEvent,
  eventBytes: number,
  after: Situation,
  cap: number,
): boolean {
  let known = situationSizes.get(holder);
  // The bound holds for the situation it was made for: after anything else (an undo, a reload, an
  // event another instance wrote, a turn that was checked but not written) it is measured again.
  if (known === undefined || known.situation !== holder.live) {
    measured(holder);
    known = situationSizes.get(holder)!;
  }
  const growth = growthBound(event, eventBytes);
  if (known.bytes + known.growth + growth <= cap) {
    known.growth += growth;
    known.situation = after;
    return false;
  }
  // Close to the cap: measure both exactly. A turn that does not grow the situation still goes.
  const before = measured(holder);
  const size = bytesOf(after);
  if (size > cap && size > before) return true;
  situationSizes.set(holder, { situation: after, bytes: size, growth: 0 });
  return false;
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
    const eventBytes = Buffer.byteLength(eventText(event));
    if (eventBytes > this.caps.eventBytes) return this.tooLarge();
    const full = this.log(holder, eventBytes);
    if (full) return full;
    // log() brought the count up to date; once this event is appended, the next count takes its size.
    const size = logSizes.get(holder);
    if (size !== undefined) size.next = { event, bytes: eventBytes };
    if (situationOver(holder, event, eventBytes, after, this.caps.situationBytes)) {
      return {
        reason: LIMIT_MESSAGES.situationFull(this.caps.situationBytes),
        code: TABLE_REFUSALS.situationFull,
      };
    }
    return null;
  }
}
