import { createClient } from "redis";
import type { Rate } from "../config";

// Rate limits shared by every socket of a session and every session of a user (issue 20, point 2):
// a per-socket limit alone let one cookie open 300 sockets and send 1,450 events a second. Token
// buckets by key ('session:<hash>', 'user:<id>', 'chat:<table>', 'reads:<user>'). With REDIS_URL the
// buckets live in Redis, so several instances share them (one script call takes from all of a call's
// buckets at once, on Redis's clock); without it, in this process.
// A bucket may count bytes instead of calls (issue 36 point 6: 'readBytes:<user>'): an answer's size is
// known only once it is made, so it is charged after, and the bucket may go into debt; a call is
// refused while any of its buckets holds less than one token, so a debt is paid off at the rate.

export interface Bucket {
  key: string;
  rate: Rate;
  /** Tokens taken (default 1); beyond what the bucket holds it goes into debt. 0: a check only. */
  cost?: number;
}

export interface Rates {
  /**
   * Takes each bucket's cost, all or none; false when any of them holds less than one token. In-process
   * the answer is synchronous, so an event's place in its socket's order does not change.
   */
  take(buckets: Bucket[]): boolean | Promise<boolean>;
  /** Takes each bucket's cost whatever it holds: what an answer cost, once it is known (its bytes). */
  charge(buckets: Bucket[]): void | Promise<void>;
  /** Seconds until every bucket holds a token again (0: now): a refusal's Retry-After. */
  retryAfter(buckets: Bucket[]): number | Promise<number>;
  close(): Promise<void>;
}

const costOf = (b: Bucket) => b.cost ?? 1;

/** Buckets this process holds; beyond this many, the full (idle) ones are dropped. */
const LOCAL_BUCKETS_MAX = 50_000;

export class LocalRates implements Rates {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  take(buckets: Bucket[]): boolean {
    const states = this.refilled(buckets);
    if (states.some((s) => s.tokens < 1)) return false;
    states.forEach((s, i) => {
      s.tokens -= costOf(buckets[i]!);
    });
    return true;
  }

  charge(buckets: Bucket[]): void {
    this.refilled(buckets).forEach((s, i) => {
      s.tokens -= costOf(buckets[i]!);
    });
  }

  retryAfter(buckets: Bucket[]): number {
    const waits = this.refilled(buckets).map((s, i) =>
      s.tokens >= 1 ? 0 : (1 - s.tokens) / buckets[i]!.rate.perSecond,
    );
    return Math.max(0, ...waits);
  }

  async close(): Promise<void> {}

  /** Each bucket's state, refilled up to now. */
  private refilled(buckets: Bucket[]) {
    const t = this.now();
    if (this.buckets.size > LOCAL_BUCKETS_MAX) this.sweep(t, buckets);
    return buckets.map(({ key, rate }) => {
      const state = this.buckets.get(key) ?? { tokens: rate.burst, last: t };
      state.tokens = Math.min(
        rate.burst,
        state.tokens + (Math.max(0, t - state.last) / 1000) * rate.perSecond,
      );
      state.last = t;
      this.buckets.set(key, state);
      return state;
    });
  }

  /** Drops the buckets that would be full by now: forgetting them changes no answer. */
  private sweep(t: number, keep: Bucket[]): void {
    const rates = new Map(keep.map((b) => [b.key, b.rate]));
    for (const [key, s] of this.buckets) {
      const rate = rates.get(key);
      // A bucket of unknown rate is dropped once idle two minutes (every rate here refills in less,
      // a byte bucket's debt after the largest answer included).
      if (rate ? s.tokens + ((t - s.last) / 1000) * rate.perSecond >= rate.burst : t - s.last > 120_000)
        this.buckets.delete(key);
    }
  }
}

/**
 * KEYS: the buckets; ARGV[1]: 'take' (all or none, each needs a token), 'charge' (whatever they hold)
 * or 'wait' (nothing taken: the seconds until each holds a token, as text); then per bucket its rate a
 * second, its burst and the cost. Each bucket is a hash of tokens and the time they were counted
 * (Redis's own clock: instances' clocks may differ); it expires once it would be full again, debt paid
 * off, so idle users cost nothing.
 */
const BUCKETS_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local mode = ARGV[1]
local tokens = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[3 * i - 1])
  local burst = tonumber(ARGV[3 * i])
  local held = redis.call('HMGET', key, 't', 'l')
  local t = tonumber(held[1]) or burst
  local last = tonumber(held[2]) or now
  t = math.min(burst, t + math.max(0, now - last) / 1000 * rate)
  if t < 1 then
    if mode == 'take' then return 0 end
    wait = math.max(wait, (1 - t) / rate)
  end
  tokens[i] = t
end
if mode == 'wait' then return tostring(wait) end
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[3 * i - 1])
  local burst = tonumber(ARGV[3 * i])
  local left = tokens[i] - tonumber(ARGV[3 * i + 1])
  redis.call('HSET', key, 't', tostring(left), 'l', tostring(now))
  redis.call('PEXPIRE', key, math.ceil((burst - left) / rate * 1000) + 1000)
end
return 1
`;

export class RedisRates implements Rates {
  private readonly client;
  private readonly ready: Promise<unknown>;
  /** Used while Redis does not answer: a limit that holds per instance beats none, or refusing everyone. */
  private readonly fallback = new LocalRates();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.client = createClient({ url });
    this.client.on("error", onError);
    this.ready = this.client.connect().catch(onError);
  }

  async take(buckets: Bucket[]): Promise<boolean> {
    return (await this.run("take", buckets, () => this.fallback.take(buckets))) === 1;
  }

  async charge(buckets: Bucket[]): Promise<void> {
    await this.run("charge", buckets, () => this.fallback.charge(buckets));
  }

  async retryAfter(buckets: Bucket[]): Promise<number> {
    const answer = await this.run("wait", buckets, () => this.fallback.retryAfter(buckets));
    return Number(answer);
  }

  /** The script in `mode` on Redis; while Redis does not answer, `local` on this process's buckets. */
  private async run(mode: "take" | "charge" | "wait", buckets: Bucket[], local: () => unknown) {
    const fallback = () => {
      const answer = local();
      return typeof answer === "boolean" ? Number(answer) : answer;
    };
    try {
      await this.ready;
      if (!this.client.isReady) return fallback();
      return await this.client.eval(BUCKETS_SCRIPT, {
        keys: buckets.map((b) => `${this.prefix}:rate:${b.key}`),
        arguments: [
          mode,
          ...buckets.flatMap((b) => [String(b.rate.perSecond), String(b.rate.burst), String(costOf(b))]),
        ],
      });
    } catch (err) {
      this.onError(err);
      return fallback();
    }
  }

  async close(): Promise<void> {
    await this.ready;
    // A client still trying to reach Redis would wait for it to quit politely: drop it instead.
    if (this.client.isReady) await this.client.close().catch(() => undefined);
    else if (this.client.isOpen) this.client.destroy();
  }
}

export function createRates(
  redis: { url: string | undefined; prefix: string },
  onError: (err: unknown) => void,
): Rates {
  return redis.url ? new RedisRates(redis.url, redis.prefix, onError) : new LocalRates();
}
