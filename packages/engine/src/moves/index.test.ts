import { describe, expect, it } from "vitest";
import { testSituation } from "../test/fixture.js";
import { applyMove, MOVE_TYPES, moveSchema, parseMove } from "./index.js";

describe("move registry", () => {
  it("has every move type of the spec, by the spec's names, the table's reload and the edit-mode look", () => {
    expect(MOVE_TYPES).toHaveLength(32);
    const spec =
      "inc counter, set counter, inc stat, push stat, set object stat, component move, move all, reveal all, component reveal, component create, move to bank, discard, return to top, put to bottom, reshuffle, set component option, set component variable, randomize variable, set gamestate, add substate, resolve current state, set global, set gamestate variable, set component overdrive, set player attr, select component, press button, press state button, custom, game end";
    expect([...MOVE_TYPES].sort()).toEqual([...spec.split(", "), "reload data", "look"].sort());
    expect(moveSchema.options).toHaveLength(32);
  });

  it("validates input at the boundary", () => {
    expect(parseMove({ type: "set global", name: "a", value: [1, { b: null }] }).ok).toBe(true);
    expect(parseMove({ type: "set global", name: "", value: 1 })).toMatchObject({
      ok: false,
      code: "move/invalid",
    });
    expect(parseMove({ type: "teleport" }).ok).toBe(false);
    expect(parseMove("inc counter").ok).toBe(false);
  });

  it("counts applied moves and leaves refused ones without effect", () => {
    const s = testSituation();
    const done = applyMove(s, { type: "set global", name: "a", value: 1 });
    expect(done.ok && done.value.situation.evaledMoves).toBe(1);
    expect(applyMove(s, { type: "resolve current state" }).ok).toBe(false);
    expect(s.evaledMoves).toBe(0);
  });
});
