import { describe, expect, it } from "vitest";
import { component, expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("randomize variable", () => {
  it("rolls within a range, the same way for the same situation", () => {
    const s = testSituation();
    const a = mustApply(s, {
      type: "randomize variable",
      componentId: "die",
      variable: "face",
      values: { min: 1, max: 6 },
    }).situation;
    const b = mustApply(s, {
      type: "randomize variable",
      componentId: "die",
      variable: "face",
      values: { min: 1, max: 6 },
    }).situation;
    const face = component(a, "die").variables?.face as number;
    expect(face).toBeGreaterThanOrEqual(1);
    expect(face).toBeLessThanOrEqual(6);
    expect(component(b, "die").variables?.face).toBe(face);
    expect(a.rng).not.toEqual(s.rng);
  });

  it("picks from a list", () => {
    const { situation } = mustApply(testSituation(), {
      type: "randomize variable",
      componentId: "die",
      variable: "c",
      values: ["x", "y"],
    });
    expect(["x", "y"]).toContain(component(situation, "die").variables?.c);
  });

  it("refuses an empty choice and an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), {
        type: "randomize variable",
        componentId: "die",
        variable: "c",
        values: [],
      }),
      "move/no-values",
    );
    expectRefusal(
      applyMove(testSituation(), {
        type: "randomize variable",
        componentId: "x",
        variable: "c",
        values: [1],
      }),
      "move/unknown-component",
    );
  });

  it("records its roll, and a recorded roll sets that value", () => {
    const s = testSituation();
    const move = {
      type: "randomize variable",
      componentId: "die",
      variable: "face",
      values: { min: 1, max: 6 },
    } as const;
    const rolled = mustApply(s, move);
    const face = component(rolled.situation, "die").variables?.face;
    expect(rolled.resolved).toEqual({ ...move, result: face });
    const replayed = mustApply(s, { ...move, result: 6 });
    expect(component(replayed.situation, "die").variables?.face).toBe(6);
    expect(replayed.situation.rng).toEqual(rolled.situation.rng);
  });
});
