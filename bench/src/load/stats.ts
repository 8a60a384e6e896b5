import { httpCalls } from "./http";

// What one measuring window saw, on the bots' side. Latencies are kept whole (a few bytes a turn) and
// sorted at the end: exact percentiles, no histogram buckets to argue about.

export class Samples {
  private data = new Float64Array(4096);
  count = 0;

  add(value: number): void {
    if (this.count === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.count++] = value;
  }

  /** Percentiles of the samples from index `from` on (0: all of them). */
  summary(from = 0): { p50: number; p95: number; p99: number; max: number; count: number } {
    const n = this.count - from;
    const sorted = this.data.slice(from, this.count).sort();
    const at = (p: number) => (n <= 0 ? Number.NaN : sorted[Math.ceil((p / 100) * n) - 1]!);
    return { p50: at(50), p95: at(95), p99: at(99), max: at(100), count: n };
  }
}

export class Counter {
  readonly counts = new Map<string, number>();
  add(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
  total(): number {
    let t = 0;
    for (const v of this.counts.values()) t += v;
    return t;
  }
}

export class Window {
  readonly t0 = performance.now();
  /** HTTP calls made while the window was open (set when it closes). */
  httpCalls = 0;
  readonly httpCallsAtStart = httpCalls.count;
  /** Send to arrival at every seat of the table (the sender's own copy included). */
  readonly toAll = new Samples();
  /** Send to arrival back at the sender: what the player who moved waits for. */
  readonly toSender = new Samples();
  turnsSent = 0;
  /** Turns whose event reached every seat. */
  turnsDelivered = 0;
  readonly refusals = new Counter();
  /** A table's second came while its previous turn was still on the way: the server fell behind. */
  ticksBehind = 0;
  /** The seat to act had not yet received the previous event itself. */
  ticksSeatBehind = 0;
  /** No legal turn found by the module (would be a bug in the game or the chooser). */
  ticksStuck = 0;
  gamesEnded = 0;
  gamesStarted = 0;
  /** Set-up failures (create/join/start/open/subscribe): the table sits out the rest of the run. */
  readonly setupFailures = new Counter();

  seconds(): number {
    return (performance.now() - this.t0) / 1000;
  }
}
