import type { MoveStep as Move } from "@tt/engine";
import { describe, expect, it } from "vitest";
import {
  counterFlight,
  DELAYED_EVAL_FALLBACK_MS,
  delayedEvalMs,
  delayedEvalRank,
  delayedEvalWait,
  dueAt,
  evaluationSpeed,
  IDLE,
  scaledMs,
  skipTurn,
  startTurn,
  TURN_PLAY_MAX_MS,
  turnSchedule,
} from "./motion";

describe("move timing", () => {
  const store = (v: string | null) => ({ getItem: () => v });

  it("divides animation times by the project's evaluation speed (0.1..3, default 1)", () => {
    expect(evaluationSpeed("chess", store(null))).toBe(1);
    expect(evaluationSpeed("chess", store("2"))).toBe(2);
    expect(evaluationSpeed("chess", store("9"))).toBe(3);
    expect(evaluationSpeed("chess", store("0.01"))).toBe(0.1);
    expect(evaluationSpeed("chess", store("fast"))).toBe(1);
    expect(scaledMs(450, 1)).toBe(450);
    expect(scaledMs(450, 2)).toBe(225);
    expect(scaledMs(450, 0.5)).toBe(900);
  });

  it("flies one token per unit of a counter change, 800 ms each, 150 ms apart, at most ten", () => {
    expect(counterFlight(3, 3, 1)).toBeNull();
    expect(counterFlight(3, 5, 1)).toEqual({ units: 2, sign: 1, duration: 800, step: 150 });
    expect(counterFlight(5, 2, 2)).toEqual({ units: 3, sign: -1, duration: 400, step: 75 });
    expect(counterFlight(0, 40, 1)?.units).toBe(10);
  });

  const slide = (componentId: string, more: Partial<Move> = {}) =>
    ({
      type: "component move",
      componentId,
      destinationId: "board",
      positionName: "squares",
      positionIndex: "e4",
      ...more,
    }) as Move;
  const gain = { type: "inc counter", player: "red", counter: "coins", value: 2 } as unknown as Move;
  const banner = { type: "set global", name: "banner", value: "x" } as unknown as Move;
  const state = { type: "set gamestate", gameState: { name: "next" } } as unknown as Move;

  it("plays a turn's moves in order on the spec's default delays, all divided by the evaluation speed", () => {
    const moves = [slide("a"), gain, banner, state, slide("b")];
    // a at 0, holds 500; the counter waits 100 and holds 500; set global holds 600; the state 0.
    const normal = turnSchedule(moves, 1);
    expect(normal.components.get("a")).toBe(0);
    expect(normal.counters.get("red/coins")).toBe(600);
    expect(normal.components.get("b")).toBe(1700);
    expect(normal.total).toBe(2200);
    const fast = turnSchedule(moves, 2);
    expect(fast.counters.get("red/coins")).toBe(300);
    expect(fast.components.get("b")).toBe(850);
    expect(fast.total).toBe(1100);
    const slow = turnSchedule(moves, 0.5);
    expect(slow.components.get("b")).toBe(3400);
    // Speeds outside 0.1..3 read as the nearest end.
    expect(turnSchedule(moves, 30).total).toBe(turnSchedule(moves, 3).total);
  });

  it("lets a move's own delays win, keeps the first move of a component, and honours skipAnimation", () => {
    const schedule = turnSchedule(
      [slide("a", { moveTimeout: 50 }), slide("b", { moveDelay: 200, skipAnimation: true }), slide("a")],
      2,
    );
    expect(schedule.components.get("a")).toBe(0);
    expect(schedule.components.get("b")).toBe(125);
    expect([...schedule.still]).toEqual(["b"]);
  });

  it("starts a long turn's last moves no later than the cap", () => {
    const deal = Array.from({ length: 40 }, (_, i) => slide(`card${i}`));
    const schedule = turnSchedule(deal, 1);
    expect(schedule.components.get("card7")).toBe(3500);
    expect(schedule.components.get("card39")).toBe(TURN_PLAY_MAX_MS);
    expect(turnSchedule([], 1).total).toBe(0);
  });

  it("waits a state's delayed evaluation divided by the evaluation speed", () => {
    expect(delayedEvalMs(1000, 1)).toBe(1000);
    expect(delayedEvalMs(1000, 2)).toBe(500);
    expect(delayedEvalMs(1000, 0.5)).toBe(2000);
    expect(delayedEvalMs(1000, 0)).toBe(1000);
    expect(delayedEvalMs(-5, 1)).toBe(0);
  });

  it("moves a piece that got a new id on its old id's time, and says where it came from", () => {
    const schedule = turnSchedule([slide("a"), slide("b", { skipAnimation: true })], 1, [
      ["a", "c7"],
      ["b", "c8"],
    ]);
    expect(schedule.components.get("c7")).toBe(0);
    expect(schedule.components.get("c8")).toBe(500);
    expect(schedule.still.has("c8")).toBe(true);
    expect(schedule.renamedFrom.get("c7")).toBe("a");
  });

  it("times each move's popup message to its move's start", () => {
    const schedule = turnSchedule(
      [
        slide("a", { popupMessage: "You moved first" }),
        slide("b", { popupMessage: "  " }),
        { ...gain, popupMessage: "Coins!" },
      ],
      1,
    );
    // a at 0; b (blank: no popup) at 500; the counter waits 100 after b's 500.
    expect(schedule.popups).toEqual([
      { at: 0, text: "You moved first" },
      { at: 1100, text: "Coins!" },
    ]);
  });
});

describe("playing another's turn", () => {
  const step = (componentId: string, more: Partial<Move> = {}) =>
    ({ type: "component move", componentId, ...more }) as Move;

  it("waits for input until the turn has played, and shows each popup when it is due", () => {
    const schedule = turnSchedule(
      [step("a", { popupMessage: "one" }), step("b", { popupMessage: "two" })],
      1,
    );
    const playing = startTurn(IDLE, schedule, 10_000, true);
    expect(playing.until).toBe(11_000);
    const first = dueAt(playing, 10_000);
    expect(first).toMatchObject({ show: ["one"], playing: true, next: 10_500 });
    const second = dueAt(first.playback, 10_500);
    expect(second).toMatchObject({ show: ["two"], playing: true, next: 11_000 });
    const done = dueAt(second.playback, 11_000);
    expect(done).toMatchObject({ show: [], playing: false, next: null });
    expect(done.playback).toEqual(IDLE);
  });

  it("plays slower at a lower evaluation speed, and a turn arriving meanwhile extends the wait", () => {
    const slow = startTurn(IDLE, turnSchedule([step("a")], 0.5), 0, true);
    expect(slow.until).toBe(1000);
    const both = startTurn(slow, turnSchedule([step("b")], 0.5), 400, true);
    expect(both.until).toBe(1400);
    // A turn of only game state moves takes no time: input is not held up.
    const state = { type: "set gamestate", gameState: { name: "next" } } as unknown as Move;
    expect(startTurn(IDLE, turnSchedule([state], 1), 0, true).until).toBe(0);
  });

  it("does not hold input for a turn this tab drew itself, yet shows its popups", () => {
    const own = startTurn(IDLE, turnSchedule([step("a", { popupMessage: "drawn" })], 1), 0, false);
    expect(own.until).toBe(0);
    expect(dueAt(own, 0)).toMatchObject({ show: ["drawn"], playing: false });
  });

  it("skips to the end at once, still showing the last popup not yet shown", () => {
    const schedule = turnSchedule(
      [
        step("a", { popupMessage: "one" }),
        step("b", { popupMessage: "two" }),
        step("c", { popupMessage: "three" }),
      ],
      1,
    );
    const shown = dueAt(startTurn(IDLE, schedule, 0, true), 0);
    expect(shown.show).toEqual(["one"]);
    const skipped = skipTurn(shown.playback);
    expect(skipped).toEqual({ show: "three", playback: IDLE });
    expect(dueAt(skipped.playback, 1).playing).toBe(false);
    expect(skipTurn(IDLE).show).toBeNull();
  });
});

describe("the delayed evaluation in an 'everyone' state", () => {
  it("is sent by the first active seat whose player is here, the others later in seat order", () => {
    const active = ["red", "blue", "green"];
    const here = new Set(["blue", "green"]);
    expect(delayedEvalRank(active, here, "blue")).toBe(0);
    expect(delayedEvalRank(active, here, "green")).toBe(1);
    // Red is not here: whoever else may act comes after those who are.
    expect(delayedEvalRank(active, here, "red")).toBe(2);
    expect(delayedEvalRank(active, here, "alwaysactive")).toBe(2);
    // Nobody known to be here: every tab that may act is first (a race the loser takes quietly).
    expect(delayedEvalRank(active, new Set(), "red")).toBe(0);
  });

  it("waits the state's delay divided by the speed, then a fallback per place in line", () => {
    expect(delayedEvalWait(1000, 2, 0)).toBe(500);
    expect(delayedEvalWait(1000, 2, 1)).toBe(500 + DELAYED_EVAL_FALLBACK_MS);
    expect(delayedEvalWait(1000, 1, 3)).toBe(1000 + 3 * DELAYED_EVAL_FALLBACK_MS);
  });
});
