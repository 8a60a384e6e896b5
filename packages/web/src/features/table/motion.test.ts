import { describe, expect, it } from "vitest";
import { counterFlight, evaluationSpeed, scaledMs } from "./motion";

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
});
