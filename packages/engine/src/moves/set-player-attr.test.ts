import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("set player attr", () => {
  it("sets custom attributes and the automa flag", () => {
    let s = testSituation();
    s = mustApply(s, { type: "set player attr", player: "blue", attr: "customOrder", value: 1 }).situation;
    s = mustApply(s, { type: "set player attr", player: "blue", attr: "isAutoma", value: true }).situation;
    expect(s.players[1]).toMatchObject({ customAttrs: { customOrder: 1 }, isAutoma: true });
  });

  it("logs nothing for the rules' bookkeeping, and says what a hand-made change in edit mode did", () => {
    const move = { type: "set player attr", player: "blue", attr: "team", value: 2 } as const;
    expect(mustApply(testSituation(), move).log).toEqual([]);
    expect(mustApply(testSituation(), { ...move, editMode: true }).log.map((l) => l.message)).toEqual([
      "set team of blue to 2",
    ]);
  });

  it("refuses an unknown player", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "set player attr", player: "x", attr: "a", value: 1 }),
      "move/unknown-player",
    );
  });
});
