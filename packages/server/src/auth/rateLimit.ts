// A fixed-window counter per key (a user name), beside @fastify/rate-limit's per-IP limit:
// guessing one account's password from many addresses is still slowed down.
// In memory per instance; with several instances the per-IP limit and argon2's cost still hold.

export class KeyedLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`; false once the window's budget is spent. */
  take(key: string): boolean {
    const t = this.now();
    if (this.hits.size > 10_000) this.sweep(t);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
      return true;
    }
    entry.count++;
    return entry.count <= this.max;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(t: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}

/**
 * A token bucket: `burst` tokens, refilled at `perSecond`. One per socket for table events, so a tab
 * that floods game-move is refused while a player clicking fast (a burst after a pause) never is.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false when the bucket is empty (nothing is taken then). */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Failed logins, counted so that nobody can lock another user out (a shared per-name counter let ten
 * wrong passwords from anywhere refuse the owner's right one for 15 minutes):
 * - per (user name, address): `max` failures in the window, then that address is refused for that name,
 *   right password included, so a guesser there cannot tell when they hit it;
 * - per user name across addresses: `max` x `ceilingFactor` failures, then only addresses this user
 *   logged in from before (remembered `knownForMs`) may still try: a guess spread over many addresses
 *   stops, while the owner at a usual address is refused only by that address's own count.
 * In memory per instance, like the per-IP limit.
 */
export class LoginThrottle {
  private readonly pairs: FailureCounter;
  private readonly names: FailureCounter;
  /** name -> address -> until when it counts as one the user logged in from. */
  private readonly known = new Map<string, Map<string, number>>();

  constructor(
    private readonly max: number,
    windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly ceilingFactor = 10,
    private readonly knownForMs = 30 * 24 * 60 * 60_000,
  ) {
    this.pairs = new FailureCounter(windowMs, now);
    this.names = new FailureCounter(windowMs, now);
  }

  /**
   * Whether a login for `name` from `address` may be tried now (names compared lower-cased). A tried
   * login counts as a failure at once, so parallel guesses cannot all slip in while the password hashes
   * are computed; `succeeded` takes it back.
   */
  attempt(name: string, address: string): boolean {
    const key = name.toLowerCase();
    if (this.pairs.count(pairKey(key, address)) >= this.max) return false;
    if (this.names.count(key) >= this.max * this.ceilingFactor && !this.isKnown(key, address)) return false;
    this.pairs.add(pairKey(key, address));
    this.names.add(key);
    return true;
  }

  /** The address's own failures are forgiven; the name-wide ones are not (the owner did not make them). */
  succeeded(name: string, address: string): void {
    const key = name.toLowerCase();
    this.pairs.reset(pairKey(key, address));
    this.names.takeBack(key);
    const t = this.now();
    let addresses = this.known.get(key);
    this.known.delete(key);
    if (addresses) this.known.set(key, addresses);
    else {
      if (this.known.size >= KNOWN_NAMES_MAX) this.sweepKnown(t);
      addresses = new Map();
      this.known.set(key, addresses);
    }
    addresses.delete(address);
    addresses.set(address, t + this.knownForMs);
    // A handful of recent addresses is all the owner needs; the oldest go first.
    while (addresses.size > KNOWN_ADDRESSES_MAX) addresses.delete(addresses.keys().next().value!);
  }

  private isKnown(key: string, address: string): boolean {
    const until = this.known.get(key)?.get(address);
    return until !== undefined && until > this.now();
  }

  private sweepKnown(t: number): void {
    for (const [name, addresses] of this.known) {
      for (const [address, until] of addresses) if (until <= t) addresses.delete(address);
      if (addresses.size === 0) this.known.delete(name);
    }
    // Still full of live entries: the names that logged in longest ago are forgotten first.
    for (const name of this.known.keys()) {
      if (this.known.size < KNOWN_NAMES_MAX) break;
      this.known.delete(name);
    }
  }
}

const KNOWN_ADDRESSES_MAX = 20;
const KNOWN_NAMES_MAX = 100_000;
/** A user name holds no NUL, so the pair key cannot collide. */
const pairKey = (name: string, address: string) => `${name}\u0000${address}`;

/** Failures per key in a fixed window that starts at the key's first failure. */
class FailureCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  count(key: string): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  add(key: string): void {
    const t = this.now();
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
    }
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
    else entry.count++;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Un-counts one failure (an attempt counted in advance that succeeded). */
  takeBack(key: string): void {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count--;
  }
}
