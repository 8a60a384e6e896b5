import { describe, expect, it } from "vitest";
import { type SessionActor, SessionCache } from "./sessionCache";

const actor = (n: number): SessionActor => ({
  id: n,
  username: `user${n}`,
  role: "user",
  tokenHash: `h${n}`,
});
const IDLE = 14 * 24 * 3600_000;
const TOUCH = 60_000;

describe("the session cache", () => {
  it("answers a session read within its max age, and asks again after it", () => {
    const cache = new SessionCache(10_000);
    cache.set(actor(1), 1_000, 1_000);
    expect(cache.get("h1", 5_000, IDLE, TOUCH)).toEqual(actor(1));
    expect(cache.get("h1", 10_999, IDLE, TOUCH)).toEqual(actor(1));
    expect(cache.get("h1", 11_000, IDLE, TOUCH)).toBeUndefined();
    expect(cache.get("h2", 5_000, IDLE, TOUCH)).toBeUndefined();
  });

  it("asks again when the session's last-seen time is due a refresh, or past the idle limit", () => {
    const cache = new SessionCache(10_000);
    // Read at 100 s, last seen 55 s before: the touch (every 60 s) is due at 105 s.
    cache.set(actor(1), 45_000, 100_000);
    expect(cache.get("h1", 104_000, IDLE, TOUCH)).toEqual(actor(1));
    expect(cache.get("h1", 105_000, IDLE, TOUCH)).toBeUndefined();
    // An idle limit shorter than the touch interval is kept too.
    cache.set(actor(2), 100_000, 100_000);
    expect(cache.get("h2", 102_000, 2_000, TOUCH)).toBeUndefined();
  });

  it("forgets an ended session, and a read begun before the end does not put it back", () => {
    const cache = new SessionCache(10_000);
    cache.set(actor(1), 1_000, 1_000);
    cache.forget("h1", 2_000);
    expect(cache.get("h1", 2_001, IDLE, TOUCH)).toBeUndefined();
    // A lookup that began at 1.5 s (before the logout) answers at 2.5 s: not kept.
    cache.set(actor(1), 1_000, 1_500);
    expect(cache.get("h1", 2_500, IDLE, TOUCH)).toBeUndefined();
    // So does one begun in the very millisecond of the logout.
    cache.set(actor(1), 1_000, 2_000);
    expect(cache.get("h1", 2_500, IDLE, TOUCH)).toBeUndefined();
  });

  it("holds at most its size, dropping the oldest read first", () => {
    const cache = new SessionCache(10_000, 3);
    for (let i = 1; i <= 5; i++) cache.set(actor(i), 1_000, 1_000 + i);
    expect(cache.size).toBe(3);
    expect(cache.get("h1", 2_000, IDLE, TOUCH)).toBeUndefined();
    expect(cache.get("h2", 2_000, IDLE, TOUCH)).toBeUndefined();
    expect(cache.get("h5", 2_000, IDLE, TOUCH)).toEqual(actor(5));
  });

  it("keeps nothing with a max age of 0", () => {
    const cache = new SessionCache(0);
    cache.set(actor(1), 1_000, 1_000);
    expect(cache.get("h1", 1_000, IDLE, TOUCH)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
