import { LIMIT_MESSAGES, SESSION_CAPS } from "@tt/protocol";
import type { FastifyReply } from "fastify";
import type { Actor } from "../auth/permissions";
import type { Rate } from "../config";
import type { Bucket, Rates } from "../realtime/rates";
import { HttpError } from "./errors";

// The limits on a user's table loads (table-open, table-log), the heaviest reads there are: twenty in
// parallel stalled every other user for seconds (issue 20), and one user reloading a log at its cap
// slowed everyone (issue 36). Two buckets per user, on every instance (realtime/rates.ts): calls, and
// the bytes answered, charged once an answer's size is known, so that bucket may go into debt; no
// answer with a body goes while it is (a 304 has none). And a few loads at once per user and process.

export interface HeavyReadLimits {
  rates: Rates;
  heavyReads: Rate;
  heavyReadBytes: Rate;
}

/** A table load let through the user's buckets. */
export interface HeavyRead {
  /**
   * Takes `bytes` from the user's byte budget (an answer whose size is known before it is sent), or
   * refuses (429) while the budget is in debt; 0 checks only. Loads at once take in turn, so only
   * one of them goes into debt.
   */
  take(bytes: number): Promise<void>;
  /** Charges bytes whatever the budget holds: an answer's, once its size is known, or work done. */
  spend(bytes: number): void;
}

/**
 * The check each table load makes first: a call from the user's bucket (and, with `body`, a byte
 * budget not in debt, in the same take). Refusals are 429 with the message the page shows as it is
 * and Retry-After. Without limits (an app built without them) every load goes.
 */
export function heavyReads(limits: HeavyReadLimits | undefined) {
  const inFlight = new Map<number, number>();
  return async (actor: Actor, reply: FastifyReply, body: boolean): Promise<HeavyRead> => {
    if (!limits) return { take: async () => undefined, spend: () => undefined };
    const { rates } = limits;
    const calls: Bucket = { key: `reads:${actor.id}`, rate: limits.heavyReads };
    const bytes = (cost: number): Bucket => ({
      key: `readBytes:${actor.id}`,
      rate: limits.heavyReadBytes,
      cost,
    });
    const refusal = async (buckets: Bucket[]) => {
      const waits = await Promise.all(buckets.map((b) => rates.retryAfter([b])));
      const seconds = Math.max(1, Math.ceil(Math.max(...waits)));
      reply.header("retry-after", String(seconds));
      const byBytes = buckets.some((b, i) => b.key !== calls.key && (waits[i] ?? 0) > 0);
      return new HttpError(
        429,
        byBytes ? LIMIT_MESSAGES.readBytesTooFast(seconds) : LIMIT_MESSAGES.readsTooFast,
      );
    };
    // At most a few at once per user on this process, whatever the buckets hold: a tab loads one
    // table at a time, and parallel loads are what stalled everyone. Counted until the answer is sent.
    if ((inFlight.get(actor.id) ?? 0) >= SESSION_CAPS.heavyReadsInFlight) {
      reply.header("retry-after", "1");
      throw new HttpError(429, LIMIT_MESSAGES.readsTooFast);
    }
    const first = body ? [calls, bytes(0)] : [calls];
    if (!(await rates.take(first))) throw await refusal(first);
    inFlight.set(actor.id, (inFlight.get(actor.id) ?? 0) + 1);
    reply.raw.once("close", () => {
      const left = (inFlight.get(actor.id) ?? 1) - 1;
      if (left > 0) inFlight.set(actor.id, left);
      else inFlight.delete(actor.id);
    });
    return {
      take: async (cost) => {
        if (!(await rates.take([bytes(cost)]))) throw await refusal([bytes(0)]);
      },
      spend: (cost) => {
        if (cost > 0) void rates.charge([bytes(cost)]);
      },
    };
  };
}
