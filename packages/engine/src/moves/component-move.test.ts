import { describe, expect, it } from "vitest";
import { component, deepFreeze, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("component move", () => {
  it("moves a component into a keyed slot and records where it is", () => {
    const s = testSituation();
    const { situation, log } = mustApply(s, {
      type: "component move",
      componentId: "m1",
      destinationId: "table",
      positionName: "board",
      positionIndex: "a",
      timestamp: 5,
      sourcePlayer: "red",
    });
    const m1 = component(situation, "m1");
    expect(m1.parent).toBe("table");
    expect(m1.childData).toEqual({ positionName: "board", childPos: "a" });
    expect(pileIds(situation, "table", "meeples")).toEqual(["m2"]);
    expect(log[0]?.event).toMatchObject({ type: "component move", timestamp: 5, sourcePlayer: "red" });
    expect(log[0]?.logDisplayComponent).toBe("m1");
  });

  it("inserts into a pile at the given index and on top by default", () => {
    let s = testSituation();
    s = mustApply(s, {
      type: "component move",
      componentId: "m1",
      destinationId: "table",
      positionName: "pile",
    }).situation;
    s = mustApply(s, {
      type: "component move",
      componentId: "m2",
      destinationId: "table",
      positionName: "pile",
      multiPositionIndex: 0,
    }).situation;
    expect(pileIds(s, "table", "pile")).toEqual(["m2", "m1"]);
  });

  it("leaves its input unchanged", () => {
    const s = testSituation();
    const before = JSON.stringify(s);
    applyMove(deepFreeze(s), {
      type: "component move",
      componentId: "m1",
      destinationId: "area-red",
      positionName: "hand",
    });
    expect(JSON.stringify(s)).toBe(before);
  });

  it("refuses unknown components, unknown destinations, taken slots and moving into itself", () => {
    let s = testSituation();
    expectRefusal(
      applyMove(s, {
        type: "component move",
        componentId: "x",
        destinationId: "table",
        positionName: "pile",
      }),
      "move/unknown-component",
    );
    expectRefusal(
      applyMove(s, { type: "component move", componentId: "m1", destinationId: "x", positionName: "pile" }),
      "move/unknown-destination",
    );
    expectRefusal(
      applyMove(s, {
        type: "component move",
        componentId: "area-red",
        destinationId: "area-red",
        positionName: "hand",
      }),
      "move/into-itself",
    );
    s = mustApply(s, {
      type: "component move",
      componentId: "m1",
      destinationId: "table",
      positionName: "board",
      positionIndex: "a",
    }).situation;
    expectRefusal(
      applyMove(s, {
        type: "component move",
        componentId: "m2",
        destinationId: "table",
        positionName: "board",
        positionIndex: "a",
      }),
      "move/slot-taken",
    );
    expectRefusal(
      applyMove(s, {
        type: "component move",
        componentId: "m2",
        destinationId: "table",
        positionName: "board",
      }),
      "move/bad-position",
    );
  });

  it("updates the deck summary when a card leaves the deck", () => {
    const s = testSituation();
    const top = pileIds(s, "deck", "deck").at(-1) as string;
    const { situation } = mustApply(s, {
      type: "component move",
      componentId: top,
      destinationId: "area-red",
      positionName: "hand",
    });
    expect(situation.containers.deck?.componentAmt).toBe(5);
    expect(situation.evaledMoves).toBe(1);
  });
});
