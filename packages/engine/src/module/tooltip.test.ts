import { describe, expect, it } from "vitest";
import { testSituation } from "../test/fixture.js";
import { evaluateTurn } from "../turn/evaluate.js";
import { resolveModule } from "./resolve.js";
import { tooltipFor } from "./tooltip.js";

const broken = resolveModule({
  tooltip: () => {
    throw new Error("no such card");
  },
  movePreventReasons: () => {
    throw new Error("boom");
  },
});
const ctx = { pieces: {}, options: {} };

describe("script errors", () => {
  it("shows a failing tooltip as Error: message", () => {
    expect(tooltipFor(broken, testSituation(), "m1", "red", ctx)).toBe("Error: no such card");
    expect(tooltipFor(resolveModule({ tooltip: () => "ok" }), testSituation(), "m1", "red", ctx)).toBe("ok");
  });

  it("refuses a turn whose rule script throws, with SCRIPT ERROR", () => {
    const result = evaluateTurn(
      testSituation(),
      { seat: "red", timestamp: 0, turnUID: "u", actions: [] },
      broken,
    );
    expect(result).toMatchObject({ ok: false, code: "turn/script-error", message: "SCRIPT ERROR: boom" });
  });
});
