import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

// The bots' settings (issue 22): their human-like pause and the workers that think for them come from
// the environment, with the values the bots played with before as defaults.

describe("the bots' settings", () => {
  it("default to a pause of 0.8 to 2 s and one worker with a 10 s limit", () => {
    expect(loadConfig({}).bots).toEqual({
      delayMs: { min: 800, max: 2000 },
      threads: 1,
      queue: 32,
      timeoutMs: 10_000,
    });
  });

  it("are read from BOT_* variables", () => {
    const bots = loadConfig({
      BOT_DELAY_MIN_MS: "0",
      BOT_DELAY_MAX_MS: "250",
      BOT_THREADS: "2",
      BOT_QUEUE: "5",
      BOT_TIMEOUT_MS: "3000",
    }).bots;
    expect(bots).toEqual({ delayMs: { min: 0, max: 250 }, threads: 2, queue: 5, timeoutMs: 3000 });
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
