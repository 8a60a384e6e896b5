import { afterAll, describe, expect, it } from "vitest";
import { LocalRates, RedisRates } from "./rates";

const rate = { perSecond: 2, burst: 3 };

describe("rates in one process", () => {
  it("takes from every bucket of a call or from none, and refills at the rate", () => {
    let now = 0;
    const rates = new LocalRates(() => now);
    const session = { key: "session:a", rate };
    const user = { key: "user:1", rate: { perSecond: 1, burst: 4 } };
    expect([1, 2, 3].map(() => rates.take([session, user]))).toEqual([true, true, true]);
    // The session's bucket is empty: nothing is taken from the user's.
    expect(rates.take([session, user])).toBe(false);
    expect(rates.take([user])).toBe(true);
    expect(rates.take([user])).toBe(false);
    now += 500; // one session token, half a user token
    expect(rates.take([session])).toBe(true);
    expect(rates.take([session])).toBe(false);
    now += 10_000;
    expect(rates.take([{ key: "session:b", rate }])).toBe(true);
    expect([1, 2, 3, 4].map(() => rates.take([session]))).toEqual([true, true, true, false]);
  });
});

describe("byte buckets", () => {
  it("charge what an answer cost, may go into debt, and refuse until it is paid off", () => {
    let now = 0;
    const rates = new LocalRates(() => now);
    const bytes = (cost: number) => ({ key: "readBytes:1", rate: { perSecond: 100, burst: 1000 }, cost });
    // A check (cost 0) takes nothing; an answer of 2,500 bytes is charged whole.
    expect(rates.take([bytes(0)])).toBe(true);
    rates.charge([bytes(2500)]);
    expect(rates.take([bytes(0)])).toBe(false);
    // 1,500 in debt at 100 a second: a token again in 15.01 s.
    expect(rates.retryAfter([bytes(0)])).toBeCloseTo(15.01, 5);
    now += 15_000;
    expect(rates.take([bytes(0)])).toBe(false);
    now += 20;
    expect(rates.retryAfter([bytes(0)])).toBe(0);
    // A call is taken whole even when it costs more than the bucket holds.
    expect(rates.take([bytes(5000)])).toBe(true);
    expect(rates.take([bytes(0)])).toBe(false);
  });
});

// CI's second run sets REDIS_URL: two instances' rate stores share one bucket there.
describe.runIf(!!process.env.REDIS_URL)("rates on Redis", () => {
  const prefix = `tt-test-rates-${process.pid}-${Date.now()}`;
  const errors: unknown[] = [];
  const a = new RedisRates(process.env.REDIS_URL!, prefix, (err) => errors.push(err));
  const b = new RedisRates(process.env.REDIS_URL!, prefix, (err) => errors.push(err));
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("shares a bucket between instances, all or none", async () => {
    const user = { key: "user:shared", rate: { perSecond: 0.01, burst: 4 } };
    const session = { key: "session:x", rate: { perSecond: 0.01, burst: 2 } };
    expect(await a.take([session, user])).toBe(true);
    expect(await b.take([session, user])).toBe(true);
    expect(await a.take([session, user])).toBe(false);
    expect(await b.take([user])).toBe(true);
    expect(await a.take([user])).toBe(true);
    expect(await b.take([user])).toBe(false);
    expect(errors).toEqual([]);
  });

  it("shares a byte bucket's debt between instances", async () => {
    const bytes = (cost: number) => ({
      key: "readBytes:shared",
      rate: { perSecond: 1, burst: 1000 },
      cost,
    });
    expect(await a.take([bytes(0)])).toBe(true);
    await b.charge([bytes(3000)]);
    expect(await a.take([bytes(0)])).toBe(false);
    expect(await b.retryAfter([bytes(0)])).toBeGreaterThan(1900);
    expect(errors).toEqual([]);
  });
});
