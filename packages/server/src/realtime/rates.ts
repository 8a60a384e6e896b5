import { createClient } from "redis";
import type { Rate } from "../config";

// Rate limits shared by every socket of a session and every session of a user (issue 20, point 2):
// a per-socket limit alone let one cookie open 300 sockets and send 1,450 events a second. Token
// buckets by key ('session:<hash>', 'user:<id>', 'chat:<table>', 'reads:<user>'). With REDIS_URL the
// buckets live in Redis, so several instances share them (one script call takes from all of a call's
// buckets at once, on Redis's clock); without it, in this process.

export interface Bucket {
  key: string;
  rate: Rate;
}

export interface Rates {
  /**
   * Takes one token from each bucket, all or none; false when any of them is empty. In-process the
   * answer is synchronous, so an event's place in its socket's order does not change.
   */
  take(buckets: Bucket[]): boolean | Promise<boolean>;
  close(): Promise<void>;
}

/** Buckets this process holds; beyond this many, the full (idle) ones are dropped. */
const LOCAL_BUCKETS_MAX = 50_000;

export class LocalRates implements Rates {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  take(buckets: Bucket[]): boolean {
    const t = this.now();
    if (this.buckets.size > LOCAL_BUCKETS_MAX) this.sweep(t, buckets);
    const states = buckets.map(({ key, rate }) => {
      const state = this.buckets.get(key) ?? { tokens: rate.burst, last: t };
      state.tokens = Math.min(
        rate.burst,
        state.tokens + (Math.max(0, t - state.last) / 1000) * rate.perSecond,
      );
      state.last = t;
      this.buckets.set(key, state);
      return state;
    });
    if (states.some((s) => s.tokens < 1)) return false;
    for (const s of states) s.tokens -= 1;
    return true;
  }

  async close(): Promise<void> {}

  /** Drops the buckets that would be full by now: forgetting them changes no answer. */
  private sweep(t: number, keep: Bucket[]): void {
    const rates = new Map(keep.map((b) => [b.key, b.rate]));
    for (const [key, s] of this.buckets) {
      const rate = rates.get(key);
      // A bucket of unknown rate is dropped once idle a minute (every rate here refills in less).
      if (rate ? s.tokens + ((t - s.last) / 1000) * rate.perSecond >= rate.burst : t - s.last > 60_000)
        this.buckets.delete(key);
    }
  }
}

/**
 * KEYS: the buckets; ARGV: per bucket its rate a second and its burst. Each bucket is a hash of tokens
 * and the time they were counted (Redis's own clock: instances' clocks may differ); it expires once it
 * would be full again, so idle users cost nothing.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local tokens = {}
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[2 * i - 1])
  local burst = tonumber(ARGV[2 * i])
  local held = redis.call('HMGET', key, 't', 'l')
  local t = tonumber(held[1]) or burst
  local last = tonumber(held[2]) or now
  t = math.min(burst, t + math.max(0, now - last) / 1000 * rate)
  if t < 1 then return 0 end
  tokens[i] = t
end
for i, key in ipairs(KEYS) do
  local rate = tonumber(ARGV[2 * i - 1])
  local burst = tonumber(ARGV[2 * i])
  redis.call('HSET', key, 't', tostring(tokens[i] - 1), 'l', tostring(now))
  redis.call('PEXPIRE', key, math.ceil(burst / rate * 1000) + 1000)
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
    try {
      await this.ready;
      if (!this.client.isReady) return this.fallback.take(buckets);
      const answer = await this.client.eval(TAKE_SCRIPT, {
        keys: buckets.map((b) => `${this.prefix}:rate:${b.key}`),
        arguments: buckets.flatMap((b) => [String(b.rate.perSecond), String(b.rate.burst)]),
      });
      return answer === 1;
    } catch (err) {
      this.onError(err);
      return this.fallback.take(buckets);
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
