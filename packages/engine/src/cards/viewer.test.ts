import { describe, expect, it } from "vitest";
import {
  CARD_INFO_MISSING,
  CARD_PARAMETERS_MISSING,
  DECK_INFO_MISSING,
  deckNotFound,
  NO_CARDS_INFO,
  viewerProblem,
} from "./viewer.js";

describe("card viewer messages", () => {
  it("uses the spec's exact strings", () => {
    expect(NO_CARDS_INFO).toBe("No cards info");
    expect(CARD_PARAMETERS_MISSING).toBe('Cannot find card parameters (did you forget to define "ID"?)');
    expect(DECK_INFO_MISSING).toBe("Deck info missing (missing .psd?)");
    expect(CARD_INFO_MISSING).toBe("Card info missing (missing .psd?)");
    expect(deckNotFound("Goods")).toBe("Cannot find deck named Goods");
  });

  const layer = { name: "bg", kind: "image" as const, left: 0, top: 0, width: 1, height: 1, hidden: false };
  const ready = { cards: [{ ID: "a" }], cardInfo: { w: 100, h: 200 }, layers: [layer] };

  it("reports what keeps a card from showing, from the deck inwards", () => {
    expect(viewerProblem(undefined, "Goods", { ID: "a" })).toBe("Cannot find deck named Goods");
    expect(viewerProblem({ ...ready, cards: [] }, "Goods", undefined)).toBe(NO_CARDS_INFO);
    expect(viewerProblem({ ...ready, cardInfo: null, layers: [] }, "Goods", { ID: "a" })).toBe(
      DECK_INFO_MISSING,
    );
    expect(viewerProblem({ ...ready, cardInfo: null }, "Goods", { ID: "a" })).toBe(CARD_INFO_MISSING);
    expect(viewerProblem({ ...ready, cardInfo: { w: 0, h: 200 } }, "Goods", { ID: "a" })).toBe(
      CARD_INFO_MISSING,
    );
    expect(viewerProblem(ready, "Goods", undefined)).toBe(CARD_PARAMETERS_MISSING);
    expect(viewerProblem(ready, "Goods", { name: "no id" })).toBe(CARD_PARAMETERS_MISSING);
  });

  it("has no problem with a complete deck and a card with an ID", () => {
    expect(viewerProblem(ready, "Goods", { ID: "a" })).toBeNull();
    expect(viewerProblem(ready, "Goods", { id: "a" })).toBeNull();
  });

  it("needs layers from a .psd, unless a flatImage rule makes the whole card one picture", () => {
    expect(viewerProblem({ ...ready, layers: [] }, "Goods", { ID: "a" })).toBe(DECK_INFO_MISSING);
    const flat = { ...ready, layers: [], rules: [{ layer: "", rule: "flatImage", arg: "{ID}.png" }] };
    expect(viewerProblem(flat, "Goods", { ID: "a" })).toBeNull();
  });
});
