import { describe, expect, it } from "vitest";
import { mustApply, testSituation } from "../test/fixture.js";

describe("set object stat", () => {
  it("keeps stats per object", () => {
    let s = testSituation();
    s = mustApply(s, { type: "set object stat", objectId: "card-a", stat: "played", value: 2 }).situation;
    s = mustApply(s, { type: "set object stat", objectId: "card-a", stat: "won", value: true }).situation;
    expect(s.objectStats["card-a"]).toEqual({ played: 2, won: true });
  });
});
