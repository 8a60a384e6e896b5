import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import type { BotPace } from "../config";
import { botLane, TableBudget } from "./botPace";

// How bots share the server's thread (issue 36 point 4): one piece of bot work at a time, held while
// the event loop runs late, and each table within its budget.

const PACE: BotPace = { turnIntervalMs: 1000, msPerMinute: 3000, loopDelayMs: 20 };

describe("a table's budget", () => {
  it("spaces its bot turns by the interval", () => {
    const budget = new TableBudget(() => PACE);
    expect(budget.waitMs("t", 0)).toBe(0);
    budget.charge("t", 5, 10_000, true);
    expect(budget.waitMs("t", 10_000)).toBe(1000);
    expect(budget.waitMs("t", 10_600)).toBe(400);
    expect(budget.waitMs("t", 11_000)).toBe(0);
    // Work that wrote no turn (a look that found nothing due) does not move the interval.
    budget.charge("t", 5, 11_500, false);
    expect(budget.waitMs("t", 11_500)).toBe(0);
    expect(budget.waitMs("other", 10_000)).toBe(0);
  });

  it("holds a table that took more of the thread than a minute's share until it is paid back", () => {
    const budget = new TableBudget(() => PACE);
    // 4.5 s of the thread at once: 1.5 s over the 3 s a minute, paid back at 3 s a minute: 30 s.
    budget.charge("t", 4500, 0, true);
    expect(budget.waitMs("t", 0)).toBe(30_000);
    expect(budget.waitMs("t", 20_000)).toBe(10_000);
    expect(budget.waitMs("t", 30_000)).toBe(0);
    // Charges add up, less what the time since paid back.
    budget.charge("t", 3000, 30_000, true);
    expect(budget.waitMs("t", 30_000)).toBe(60_000);
  });
});

describe("the bots' lane", () => {
  it("runs one piece at a time, in the order asked, and tells each one's busy time", async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const firstBegun = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const first = botLane.run(1000, async () => {
      order.push("first starts");
      begun();
      await held;
      order.push("first ends");
      return 1;
    });
    const second = botLane.run(1000, async () => {
      order.push("second starts");
      const until = performance.now() + 30;
      while (performance.now() < until);
      return 2;
    });
    // The second waits for the first, however many turns of the loop it takes.
    await firstBegun;
    for (let tick = 0; tick < 20; tick++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["first starts"]);
    release();
    expect((await first).value).toBe(1);
    const done = await second;
    expect(order).toEqual(["first starts", "first ends", "second starts"]);
    expect(done.value).toBe(2);
    // The 30 ms it held the thread were counted.
    expect(done.ms).toBeGreaterThanOrEqual(29);
  });

  it("holds bot work while the event loop runs late", async () => {
    // The lane samples the loop once in use.
    await botLane.run(20, async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 30));
    // People's work holding the thread for 120 ms: the loop's timers run that late.
    const until = performance.now() + 120;
    while (performance.now() < until);
    await new Promise((resolve) => setImmediate(resolve));
    const asked = performance.now();
    let started = 0;
    await botLane.run(20, async () => {
      started = performance.now();
    });
    // Not at once: after at least one wait for a window in which the loop was on time.
    expect(started - asked).toBeGreaterThanOrEqual(45);
  });
});
