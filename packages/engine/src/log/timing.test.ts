import { describe, expect, it } from "vitest";
import { moveTiming } from "./timing.js";

describe("move timing", () => {
  it("uses the spec's default delays divided by the evaluation speed", () => {
    expect(
      moveTiming({ type: "component move", componentId: "a", destinationId: "b", positionName: "p" }),
    ).toEqual({ delay: 0, timeout: 500 });
    expect(moveTiming({ type: "set global", name: "a", value: 1 }, 2)).toEqual({ delay: 0, timeout: 300 });
    expect(moveTiming({ type: "inc counter", player: "red", counter: "vp", amount: 1 }, 0.5)).toEqual({
      delay: 200,
      timeout: 1000,
    });
    expect(moveTiming({ type: "set gamestate", state: { name: "a", activePlayer: "red" } })).toEqual({
      delay: 0,
      timeout: 0,
    });
  });

  it("lets a move set its own timing and clamps the speed to 0.1..3", () => {
    expect(moveTiming({ type: "custom", name: "x", moveDelay: 30, moveTimeout: 90 }, 10)).toEqual({
      delay: 10,
      timeout: 30,
    });
  });
});
