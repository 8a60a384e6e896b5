import { describe, expect, it } from "vitest";
import { mustApply, testSituation } from "../test/fixture.js";

describe("set global", () => {
  it("sets a global value", () => {
    const { situation } = mustApply(testSituation(), { type: "set global", name: "round", value: 2 });
    expect(situation.globals.round).toBe(2);
  });
});
