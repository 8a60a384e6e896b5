import { describe, expect, it } from "vitest";
import { deckTop, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("reshuffle", () => {
  it("shuffles the discard pile back in, deterministically from the situation's generator", () => {
    let s = testSituation();
    const top = deckTop(s);
    s = mustApply(s, { type: "discard", componentId: top }).situation;
    const a = mustApply(s, { type: "reshuffle", componentId: "deck" }).situation;
    const b = mustApply(s, { type: "reshuffle", componentId: "deck" }).situation;
    expect(pileIds(a, "deck", "deck")).toEqual(pileIds(b, "deck", "deck"));
    expect(pileIds(a, "deck", "deck")).toHaveLength(6);
    expect(a.containers.deck).toMatchObject({ componentAmt: 6, discardSize: 0 });
    expect(a.rng).not.toEqual(s.rng);
  });

  it("finds moved cards again after a reshuffle", () => {
    let s = testSituation();
    s = mustApply(s, { type: "discard", componentId: deckTop(s) }).situation;
    s = mustApply(s, { type: "reshuffle", componentId: "deck" }).situation;
    for (const id of pileIds(s, "deck", "deck")) {
      s = mustApply(s, {
        type: "component move",
        componentId: id,
        destinationId: "table",
        positionName: "pile",
      }).situation;
    }
    expect(pileIds(s, "table", "pile")).toHaveLength(6);
  });

  it("gives different orders for different seeds", () => {
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        pileIds(
          mustApply(testSituation(seed), { type: "reshuffle", componentId: "deck" }).situation,
          "deck",
          "deck",
        ).join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it("refuses something that is not a deck", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "reshuffle", componentId: "m1" }),
      "move/not-a-container",
    );
    expectRefusal(
      applyMove(testSituation(), { type: "reshuffle", componentId: "x" }),
      "move/unknown-component",
    );
  });

  it("records the order it drew, and a recorded order replays without the generator deciding", () => {
    let s = testSituation();
    s = mustApply(s, { type: "discard", componentId: deckTop(s) }).situation;
    const drawn = mustApply(s, { type: "reshuffle", componentId: "deck" });
    const recorded = drawn.resolved as { order: string[] };
    expect(recorded.order).toEqual(pileIds(drawn.situation, "deck", "deck"));
    // Replayed from the record on a situation whose generator is different: same order, same state.
    const elsewhere = { ...s, rng: { state: 12345 } };
    const replayed = mustApply(elsewhere, { type: "reshuffle", componentId: "deck", order: recorded.order });
    expect(pileIds(replayed.situation, "deck", "deck")).toEqual(recorded.order);
    expect(replayed.resolved).toBeUndefined();
    const again = mustApply(s, { type: "reshuffle", componentId: "deck", order: recorded.order });
    expect(again.situation.rng).toEqual(drawn.situation.rng);
  });

  it("refuses a recorded order that is not the deck's cards", () => {
    const s = testSituation();
    const ids = pileIds(s, "deck", "deck");
    for (const order of [ids.slice(1), [...ids.slice(1), "m1"], [...ids.slice(1), ids[1] as string]])
      expectRefusal(applyMove(s, { type: "reshuffle", componentId: "deck", order }), "move/invalid");
  });
});
