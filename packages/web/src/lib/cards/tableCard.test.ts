import { describe, expect, it } from "vitest";
import { tableCardFace } from "./tableCard.js";
import { sampleDeck } from "./testkit.js";

describe("tableCardFace", () => {
  const decks = { Goods: sampleDeck(), Plain: sampleDeck({ name: "Plain", cardInfo: null, layers: [] }) };

  it("draws a card of a deck with a template from the deck's row of that card id", () => {
    const face = tableCardFace(decks, { deckName: "Goods", cardId: "owl" });
    expect(face?.kind === "template" && face.row.name).toBe("Owl");
  });

  it("says 'Cannot find deck named {name}' for a card of a deck that does not exist", () => {
    expect(tableCardFace(decks, { deckName: "Erased", cardId: "fox" })).toEqual({
      kind: "message",
      message: "Cannot find deck named Erased",
    });
    // Names are not looked up through the object's prototype.
    expect(tableCardFace(decks, { deckName: "constructor" })).toMatchObject({ kind: "message" });
  });

  it("says 'Card {id} is no longer in deck {name}' for a card whose row left its deck", () => {
    expect(tableCardFace(decks, { deckName: "Goods", cardId: "wolf" })).toEqual({
      kind: "message",
      message: "Card wolf is no longer in deck Goods",
    });
  });

  it("leaves the game's own images to cards of a deck without a template or no deck", () => {
    expect(tableCardFace(decks, { deckName: "Plain", cardId: "fox" })).toBeNull();
    expect(tableCardFace(decks, {})).toBeNull();
  });

  it("draws a card the viewer may not see (no id) as the deck's reverse for no row, or the game's back", () => {
    const withReverse = sampleDeck({ rulesRev: [sampleDeck().rules[0] ?? ({} as never)] });
    const face = tableCardFace({ Goods: withReverse }, { deckName: "Goods" });
    expect(face).toEqual({ kind: "template", deck: withReverse, row: {} });
    expect(tableCardFace({ Goods: sampleDeck({ rulesRev: [] }) }, { deckName: "Goods" })).toBeNull();
  });
});
