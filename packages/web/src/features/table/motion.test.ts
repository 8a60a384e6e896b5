import type { MoveStep as Move } from "@tt/engine";
import { describe, expect, it } from "vitest";
import {
  counterFlight,
  delayedEvalMs,
  evaluationSpeed,
  scaledMs,
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
});
