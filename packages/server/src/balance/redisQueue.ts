import { createClient } from "redis";
import { type Chunk, type ChunkQueue, type Claim, chunkText, parseChunk, Wakeup } from "./queue";

/**
 * The balance chunks of every instance of a deployment, in the Redis it already has (REDIS_URL): a
 * list of waiting chunks and a sorted set of claims, each scored by the time it expires. Each step is
 * one Lua script, so two instances never take the same chunk, and time is Redis's own clock, so
 * instances whose clocks differ agree on when a claim has expired. A claim not extended in time (its
 * instance died, or stalls) goes back to the front of the list at the next claim by anyone.
 *
 * Why not BullMQ: this needs a list, a set of claims and five short scripts. BullMQ would bring a
 * second Redis client (ioredis) beside the `redis` one the server already uses for Socket.IO and the
 * rate limits, its own connections per queue and per worker, and job records we would not read; and the
 * in-process queue, used without Redis, would still be ours. The scripts are tested on a real Redis
 * (test/balanceShared.test.ts).
 */

/** Redis's clock in milliseconds. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: list, claims, counter; ARGV: ms. Expired claims back to the front, then the next chunk. */
const CLAIM = `${NOW}
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  redis.call('ZREM', KEYS[2], member)
  redis.call('LPUSH', KEYS[1], string.match(member, '^[^|]*'))
end
local item = redis.call('LPOP', KEYS[1])
if not item then return false end
local member = item .. '|' .. redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[1]), member)
return member`;

/** KEYS: claims; ARGV: member, ms. */
const EXTEND = `if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return 1`;

/** KEYS: claims, list; ARGV: member, then the chunks to queue. */
const ACK = `if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
for i = 2, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
return 1`;

/** KEYS: list, claims; ARGV: a run's prefix 'run:', and '1' to drop its chunks or '0' to count them. */
const SCAN = `local p, drop, found = ARGV[1], ARGV[2] == '1', 0
for _, item in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if string.sub(item, 1, #p) == p then
    found = found + 1
    if drop then redis.call('LREM', KEYS[1], 0, item) end
  end
end
for _, member in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  if string.sub(member, 1, #p) == p then
    found = found + 1
    if drop then redis.call('ZREM', KEYS[2], member) end
  end
end
return found`;

export interface RedisQueueOptions {
  url: string;
  /** The deployment's key prefix (REDIS_PREFIX). */
  prefix: string;
  /** How long a claim holds without being extended. */
  visibilityMs: number;
  onError(err: unknown): void;
}

export class RedisChunkQueue implements ChunkQueue {
  private readonly client;
  private readonly ready: Promise<unknown>;
  private readonly keys: { list: string; claims: string; counter: string };
  /** This process's pushes wake its own taker at once; the others find them at their next look. */
  private readonly wakeup = new Wakeup();

  constructor(private readonly options: RedisQueueOptions) {
    this.client = createClient({ url: options.url });
    this.client.on("error", options.onError);
    this.ready = this.client.connect().catch(options.onError);
    const base = `${options.prefix}:balance`;
    this.keys = { list: `${base}:chunks`, claims: `${base}:claims`, counter: `${base}:claim-counter` };
  }

  /** The client, once connected; while Redis is away a call fails at once rather than wait for it. */
  private async connected() {
    await this.ready;
    if (!this.client.isReady) throw new Error("Redis is not reachable: the balance queue waits for it");
    return this.client;
  }

  private async script(script: string, keys: string[], args: string[]): Promise<unknown> {
    return (await this.connected()).eval(script, { keys, arguments: args });
  }

  async push(chunks: readonly Chunk[]): Promise<void> {
    if (chunks.length === 0) return;
    await (await this.connected()).rPush(this.keys.list, chunks.map(chunkText));
    this.wakeup.wake();
  }

  async claim(): Promise<Claim | null> {
    const { list, claims, counter } = this.keys;
    const member = await this.script(CLAIM, [list, claims, counter], [String(this.options.visibilityMs)]);
    if (typeof member !== "string") return null;
    const chunk = parseChunk(member.split("|")[0] ?? "");
    if (chunk === null) {
      // Not ours to play (written by something else): let it go rather than take it again and again.
      await this.script(ACK, [claims, list], [member]);
      return null;
    }
    return { chunk, token: member };
  }

  async extend(claim: Claim): Promise<boolean> {
    const held = await this.script(
      EXTEND,
      [this.keys.claims],
      [claim.token, String(this.options.visibilityMs)],
    );
    return held === 1;
  }

  async ack(claim: Claim, then: readonly Chunk[] = []): Promise<boolean> {
    const held = await this.script(
      ACK,
      [this.keys.claims, this.keys.list],
      [claim.token, ...then.map(chunkText)],
    );
    if (held === 1 && then.length > 0) this.wakeup.wake();
    return held === 1;
  }

  async drop(run: number): Promise<void> {
    await this.script(SCAN, [this.keys.list, this.keys.claims], [`${run}:`, "1"]);
  }

  async holds(run: number): Promise<boolean> {
    const found = await this.script(SCAN, [this.keys.list, this.keys.claims], [`${run}:`, "0"]);
    return typeof found === "number" && found > 0;
  }

  wait(ms: number): Promise<void> {
    return this.wakeup.wait(ms);
  }

  wake(): void {
    this.wakeup.wake();
  }

  async close(): Promise<void> {
    this.wakeup.wake();
    await this.ready;
    // A client still trying to reach Redis would wait for it to quit politely: drop it instead.
    if (this.client.isReady) await this.client.close().catch(() => undefined);
    else if (this.client.isOpen) this.client.destroy();
  }
}
