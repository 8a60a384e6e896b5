import { describe, expect, it } from "vitest";
import { component, deckTop, expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("set component option", () => {
  it("sets and removes options", () => {
    let s = testSituation();
    s = mustApply(s, {
      type: "set component option",
      componentId: "m1",
      option: "label",
      value: "Hero",
    }).situation;
    expect(component(s, "m1").options.label).toBe("Hero");
    s = mustApply(s, {
      type: "set component option",
      componentId: "m1",
      option: "label",
      value: null,
    }).situation;
    expect("label" in component(s, "m1").options).toBe(false);
  });

  it("refreshes the container summary (a deck showing its top card)", () => {
    const s = testSituation();
    const { situation } = mustApply(s, {
      type: "set component option",
      componentId: "deck",
      option: "revealTop",
      value: true,
    });
    expect(situation.containers.deck?.deckTopCard).toBe(component(s, deckTop(s)).options.cardId);
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "set component option", componentId: "x", option: "a", value: 1 }),
      "move/unknown-component",
    );
  });
});
