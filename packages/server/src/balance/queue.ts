/**
 * The queue of balance chunks (issue 22 point 3). With several server instances it lives in Redis
 * (redisQueue.ts) and every instance's balance process takes from it; without Redis it is this
 * process's own (LocalChunkQueue). Either way a chunk is claimed, played, and acknowledged; a claim
 * not acknowledged nor extended in time (its instance died) goes back to the queue.
 */

/**
 * Games [from, to) of a run. An opener (with `end`) also sizes the rest: whoever plays it plays from
 * `from` for about a second (to `to` at most), measures the games, and queues the rest up to `end` in
 * chunks of about a second each, so the chunk size fits the game and the bots without a guess.
 */
export interface Chunk {
  run: number;
  from: number;
  to: number;
  end?: number;
}

/** A chunk as one taker holds it: the token tells this claim from a later claim of the same chunk. */
export interface Claim {
  chunk: Chunk;
  token: string;
}

export interface ChunkQueue {
  /** Adds chunks at the back. */
  push(chunks: readonly Chunk[]): Promise<void>;
  /** The next chunk, claimed for a while; null when none waits. */
  claim(): Promise<Claim | null>;
  /** Extends a claim while its chunk plays; false when it is no longer held. */
  extend(claim: Claim): Promise<boolean>;
  /**
   * Lets a claim go, its chunk done; `then` is queued in the same step, only when the claim was
   * still held (a chunk played twice queues what follows it once). False when it was not held.
   */
  ack(claim: Claim, then?: readonly Chunk[]): Promise<boolean>;
  /** Drops a run's chunks, waiting and claimed alike (a cancel): their takers' acks answer false. */
  drop(run: number): Promise<void>;
  /** Whether a chunk of the run waits or is claimed. */
  holds(run: number): Promise<boolean>;
  /** Resolves when a chunk may be waiting: at once when this process queues one, else after `ms`. */
  wait(ms: number): Promise<void>;
  /** Ends every wait now (the taker is closing). */
  wake(): void;
  close(): Promise<void>;
}

/** A chunk as text, 'run:from:to' or 'run:from:to:end': the Redis queue's item (a run's prefix is 'run:'). */
export function chunkText(c: Chunk): string {
  return c.end === undefined ? `${c.run}:${c.from}:${c.to}` : `${c.run}:${c.from}:${c.to}:${c.end}`;
}

export function parseChunk(text: string): Chunk | null {
  const parts = text.split(":").map(Number);
  if (parts.length < 3 || parts.length > 4 || !parts.every((n) => Number.isSafeInteger(n) && n >= 0))
    return null;
  const [run, from, to, end] = parts as [number, number, number, number | undefined];
  return end === undefined ? { run, from, to } : { run, from, to, end };
}

/** Games [from, end) in chunks of `size`. */
export function chunksOf(run: number, from: number, end: number, size: number): Chunk[] {
  const out: Chunk[] = [];
  for (let at = from; at < end; at += size) out.push({ run, from: at, to: Math.min(end, at + size) });
  return out;
}

/** Something to wait for that a push ends early. */
export class Wakeup {
  private waiting = new Set<() => void>();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  wake(): void {
    for (const done of [...this.waiting]) done();
  }
}

/**
 * This process's queue. A claim here never expires: the process that holds it is the one that would
 * play it, and a restart loses the whole queue (the runner then queues a stale run's missing games
 * again, runner.ts resume).
 */
export class LocalChunkQueue implements ChunkQueue {
  private readonly waiting: Chunk[] = [];
  private readonly claims = new Map<string, Chunk>();
  private readonly wakeup = new Wakeup();
  private next = 1;

  async push(chunks: readonly Chunk[]): Promise<void> {
    this.waiting.push(...chunks);
    if (chunks.length > 0) this.wakeup.wake();
  }

  async claim(): Promise<Claim | null> {
    const chunk = this.waiting.shift();
    if (chunk === undefined) return null;
    const token = String(this.next++);
    this.claims.set(token, chunk);
    return { chunk, token };
  }

  async extend(claim: Claim): Promise<boolean> {
    return this.claims.has(claim.token);
  }

  async ack(claim: Claim, then: readonly Chunk[] = []): Promise<boolean> {
    if (!this.claims.delete(claim.token)) return false;
    await this.push(then);
    return true;
  }

  async drop(run: number): Promise<void> {
    for (let i = this.waiting.length - 1; i >= 0; i--)
      if (this.waiting[i]?.run === run) this.waiting.splice(i, 1);
    for (const [token, chunk] of this.claims) if (chunk.run === run) this.claims.delete(token);
  }

  async holds(run: number): Promise<boolean> {
    return this.waiting.some((c) => c.run === run) || [...this.claims.values()].some((c) => c.run === run);
  }

  wait(ms: number): Promise<void> {
    return this.wakeup.wait(ms);
  }

  wake(): void {
    this.wakeup.wake();
  }

  async close(): Promise<void> {
    this.wakeup.wake();
  }
}
