import { describe, expect, it } from "vitest";
import { component, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("component create", () => {
  it("creates a component with an id from the situation's counter", () => {
    const s = testSituation();
    const { situation } = mustApply(s, {
      type: "component create",
      name: "coin",
      componentType: "token",
      destinationId: "area-red",
      positionName: "tableau",
      options: { label: "Gold" },
    });
    expect(pileIds(situation, "area-red", "tableau")).toEqual(["c1"]);
    expect(component(situation, "c1").options.label).toBe("Gold");
    expect(situation.createCounter).toBe(2);
  });

  it("registers a created deck as a container", () => {
    const { situation } = mustApply(testSituation(), {
      type: "component create",
      name: "deck",
      componentType: "deck",
      destinationId: "table",
      positionName: "decks",
      options: { deckName: "other" },
    });
    expect(situation.containers.c1).toMatchObject({ kind: "deck", deckName: "other", componentAmt: 0 });
  });

  it("refuses an unknown destination", () => {
    expectRefusal(
      applyMove(testSituation(), {
        type: "component create",
        name: "coin",
        componentType: "token",
        destinationId: "x",
        positionName: "p",
      }),
      "move/unknown-destination",
    );
  });
});
