import { type Component, DECK_DISPLAY, defaultSetup, type PieceLibrary, type Situation } from "@tt/engine";
import { describe, expect, it } from "vitest";
import type { ViewEnv } from "./componentView";
import { contentView, DISPLAY_CARD, GRID_GAP, gridCardSize, pileTop } from "./deckDisplay";

const PIECES: PieceLibrary = {
  "__card-main": { selectable: true, image: "face.png", cardBack: "back.png" },
  table: { positions: { dims: [500, 500], decks: { coords: { d: { x: 100, y: 100 } } } } },
};

function table(): Situation {
  return defaultSetup({
    players: [{ color: "red" }],
    options: {},
    pieces: PIECES,
    root: {
      id: "table",
      name: "table",
      type: "board",
      children: { decks: { d: { id: "deck", name: "deck", type: "deck", options: { deckName: "main" } } } },
    },
    decks: { main: { cards: [{ cardId: "a" }] } },
    seed: 1,
  });
}

const env: ViewEnv = {
  pieces: PIECES,
  seat: "red",
  editMode: false,
  selected: null,
  highlights: new Set(),
  clickable: new Set(),
  decks: {},
};

const card = (over: Partial<Component>): Component => ({
  id: "c1",
  name: "__card-main",
  type: "card",
  options: { deckName: "main", cardId: "a" },
  children: {},
  parent: "deck",
  childData: null,
  ...over,
});

describe("the deck display", () => {
  it("draws a pile's top card 190 high and 0.7 of that wide", () => {
    expect(DISPLAY_CARD).toEqual({ width: 133, height: 190 });
    expect(DISPLAY_CARD.height).toBe(DECK_DISPLAY.height);
  });

  it("fills the expanded grid's 400 px with its columns and gaps, cards at the same proportions", () => {
    const { width, height } = gridCardSize(4, GRID_GAP);
    expect(width * 4 + GRID_GAP * 3).toBe(DECK_DISPLAY.expandedGridWidth);
    expect(width / height).toBeCloseTo(DECK_DISPLAY.widthRatio, 2);
    expect(gridCardSize(1, 0).width).toBe(400);
  });

  it("takes the top of a pile from its end", () => {
    expect(pileTop([card({ id: "bottom" }), card({ id: "top" })])?.id).toBe("top");
    expect(pileTop([])).toBeNull();
  });

  it("draws what the server sent: a placeholder as its back or nothing, any other piece face up", () => {
    const s = table();
    const size = { width: 94, height: 134 };
    // Face down on the board, but the server sent it whole to this viewer (after a look): its face.
    const face = contentView(
      card({ options: { deckName: "main", cardId: "a", facedown: true } }),
      s,
      env,
      size,
    );
    expect(face).toMatchObject({ visibility: "face", hidden: false, image: "face.png" });
    expect(face.info).toMatchObject(size);
    const back = contentView(
      card({ name: "card", options: { deckName: "main", facedown: true }, placeholder: "back" }),
      s,
      env,
      size,
    );
    expect(back.visibility).toBe("back");
    expect(back.name).toBe("face-down card");
    const hidden = contentView(
      card({ name: "", options: { facedown: true }, placeholder: "hidden" }),
      s,
      env,
      size,
    );
    expect(hidden.hidden).toBe(true);
  });
});
