import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

// The bots' settings (issue 22): their human-like pause and the workers that think for them come from
// the environment, with the values the bots played with before as defaults; their caps per user, idle
// end and pace (issue 36) too.

/** The settings of issue 36 at their defaults. */
const ISSUE_36_DEFAULTS = {
  caps: { tablesPerUser: 3, seatsPerUser: 9 },
  idleEndMs: 60 * 60_000,
  pace: { turnIntervalMs: 1000, msPerMinute: 3000, loopDelayMs: 20 },
};

describe("the bots' settings", () => {
  it("default to a pause of 0.8 to 2 s and one worker with a 10 s limit", () => {
    expect(loadConfig({}).bots).toEqual({
      delayMs: { min: 800, max: 2000 },
      threads: 1,
      queue: 32,
      timeoutMs: 10_000,
      ...ISSUE_36_DEFAULTS,
    });
  });

  it("cap 3 running tables with bots and 9 bot seats per user, end idle tables after an hour", () => {
    const bots = loadConfig({
      BOT_TABLES_PER_USER: "1",
      BOT_SEATS_PER_USER: "2",
      BOT_IDLE_END_MINUTES: "0.5",
      BOT_TURN_INTERVAL_MS: "0",
      BOT_TABLE_MS_PER_MINUTE: "500",
      BOT_LOOP_DELAY_MS: "5",
    }).bots;
    expect(bots).toMatchObject({
      caps: { tablesPerUser: 1, seatsPerUser: 2 },
      idleEndMs: 30_000,
      pace: { turnIntervalMs: 0, msPerMinute: 500, loopDelayMs: 5 },
    });
    expect(() => loadConfig({ BOT_IDLE_END_MINUTES: "0" })).toThrow(/BOT_IDLE_END_MINUTES/);
    expect(() => loadConfig({ BOT_TABLES_PER_USER: "-1" })).toThrow(/BOT_TABLES_PER_USER/);
  });

  it("are read from BOT_* variables", () => {
    const bots = loadConfig({
      BOT_DELAY_MIN_MS: "0",
      BOT_DELAY_MAX_MS: "250",
      BOT_THREADS: "2",
      BOT_QUEUE: "5",
      BOT_TIMEOUT_MS: "3000",
    }).bots;
    expect(bots).toEqual({
      delayMs: { min: 0, max: 250 },
      threads: 2,
      queue: 5,
      timeoutMs: 3000,
      ...ISSUE_36_DEFAULTS,
    });
  });

  it("refuse a pause whose maximum is below its minimum, and values out of range", () => {
    expect(() => loadConfig({ BOT_DELAY_MIN_MS: "3000", BOT_DELAY_MAX_MS: "1000" })).toThrow(
      /BOT_DELAY_MAX_MS: must be at least BOT_DELAY_MIN_MS/,
    );
    expect(() => loadConfig({ BOT_DELAY_MIN_MS: "-1" })).toThrow(/BOT_DELAY_MIN_MS/);
    expect(() => loadConfig({ BOT_THREADS: "0" })).toThrow(/BOT_THREADS/);
    expect(() => loadConfig({ BOT_TIMEOUT_MS: "soon" })).toThrow(/BOT_TIMEOUT_MS/);
  });
});
