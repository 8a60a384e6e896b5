import {
  type Component,
  defaultSetup,
  findComponent,
  type PieceLibrary,
  PLAYERS_POSITION,
  type Situation,
} from "@tt/engine";
import { describe, expect, it } from "vitest";
import { accessibleName, componentView, type ViewEnv } from "./componentView";
import { pieces as chessPieces, chessStart } from "./testkit";

// A small table: a board with squares and a pile, a deck, a bank of coins and a var-display.
const PIECES: PieceLibrary = {
  coin: { selectable: true },
  "__card-main": { selectable: true, displayMode: "owningPlayerOnly" },
  table: {
    positions: {
      dims: [1000, 1000],
      squares: { coords: { a: { x: 0, y: 0 }, b: { x: 100, y: 0 } } },
      decks: { coords: { d: { x: 400, y: 400 } } },
      banks: { coords: { k: { x: 600, y: 400 } } },
    },
  },
  "player-area": { positions: { dims: [400, 200], hand: { multi: true, displayMode: "owningPlayerOnly" } } },
};

function smallTable(): Situation {
  return defaultSetup({
    players: [{ color: "red" }, { color: "blue" }],
    options: {},
    pieces: PIECES,
    root: {
      id: "table",
      name: "table",
      type: "board",
      children: {
        squares: { a: { id: "m1", name: "meeple", type: "token", options: { label: "Meeple" } } },
        decks: { d: { id: "deck", name: "deck", type: "deck", options: { deckName: "main" } } },
        banks: {
          k: {
            id: "bank",
            name: "bank",
            type: "bank",
            options: { contentNames: ["coin"] },
            children: { bank: [{ id: "coin1", name: "coin", type: "token" }] },
          },
        },
        dice: [{ id: "die", name: "die", type: "var-display", options: { label: "Die" } }],
      },
    },
    playerArea: { name: "player-area", type: "board", children: { hand: [] } },
    decks: { main: { cards: [{ cardId: "a" }, { cardId: "b" }] } },
    seed: 1,
  });
}

function env(over: Partial<ViewEnv> = {}): ViewEnv {
  return {
    pieces: PIECES,
    seat: "red",
    editMode: false,
    selected: null,
    highlights: new Set(),
    clickable: new Set(),
    decks: {},
    ...over,
  };
}

const find = (s: Situation, id: string) => findComponent(s.root, id) as Component;

describe("a component node's view", () => {
  it("is a button where the rules let the seat click a leaf, a group where it holds others", () => {
    const s = chessStart();
    const clickable = new Set(["board", ...s.players.map((p) => p.area)]);
    const e = { ...env({ clickable }), pieces: chessPieces };
    const board = componentView(find(s, "board"), s, e);
    expect(board).toMatchObject({ canClick: true, asButton: false });
    const pawn = board.placed.find((p) => p.child.type !== "board")?.child as Component;
    expect(componentView(pawn, s, e)).toMatchObject({ canClick: false, asButton: false });
    const leaf = componentView(pawn, s, { ...e, clickable: new Set([pawn.id]) });
    expect(leaf).toMatchObject({ canClick: true, asButton: true, hidden: false, visibility: "face" });
  });

  it("leaves the player areas of the root to the page", () => {
    const s = chessStart();
    const root = componentView(s.root, s, { ...env(), pieces: chessPieces });
    expect(root.placed.map((p) => p.positionName)).not.toContain(PLAYERS_POSITION);
    expect(root.slots.map((p) => p.positionName)).not.toContain(PLAYERS_POSITION);
  });

  it("shows a bank's count, not its tokens, and a deck's piles, not a row of cards", () => {
    const s = smallTable();
    const bank = componentView(find(s, "bank"), s, env());
    expect(bank).toMatchObject({ placed: [], unplaced: [], slots: [], inspectable: true });
    expect(bank.container?.componentAmt).toBe(1);
    const deck = componentView(find(s, "deck"), s, env());
    expect(deck.unplaced).toEqual([]);
    expect(deck.inspectable).toBe(true);
    expect(componentView(find(s, "m1"), s, env()).inspectable).toBe(false);
  });

  it("marks selection and highlights, and names the selected piece", () => {
    const s = smallTable();
    const view = componentView(find(s, "m1"), s, env({ selected: "m1", highlights: new Set(["m1"]) }));
    expect(view).toMatchObject({ selected: true, highlighted: true, name: "Meeple" });
    expect(componentView(find(s, "m1"), s, env()).selected).toBe(false);
  });

  it("captions a var-display with its label and value", () => {
    const s = smallTable();
    const die = { ...find(s, "die"), variables: { value: 5 } };
    expect(componentView(die, s, env())).toMatchObject({ showsCaption: true, caption: "Die 5" });
    expect(componentView(find(s, "m1"), s, env()).showsCaption).toBe(false);
  });

  it("draws a placeholder as the server sent it, whatever edit mode or the full view say", () => {
    const s = smallTable();
    const hidden = { ...find(s, "m1"), placeholder: "hidden" as const };
    expect(componentView(hidden, s, env({ editMode: true, reveal: true })).hidden).toBe(true);
    const back = { ...find(s, "m1"), placeholder: "back" as const };
    expect(componentView(back, s, env({ reveal: true })).visibility).toBe("back");
  });

  it("says when a card's deck is missing, and reads cards by face or as face down", () => {
    const s = smallTable();
    const card: Component = {
      id: "c1",
      name: "__card-main",
      type: "card",
      options: { deckName: "gone", cardId: "a" },
      children: {},
      parent: "table",
      childData: { positionName: "squares", childPos: "b" },
    };
    expect(componentView(card, s, env({ reveal: true })).message).toContain("gone");
    expect(accessibleName(card, "back", s.deckData)).toBe("face-down card");
    expect(accessibleName(card, "face", s.deckData)).toBe("a card");
    expect(accessibleName({ ...card, options: { label: "Ace" } }, "face", s.deckData)).toBe("Ace card");
  });

  it("zooms a component with hoverZoom under the pointer, only while its face shows", () => {
    const s = smallTable();
    const zooming = env({ pieces: { ...PIECES, meeple: { hoverZoom: true } } });
    expect(componentView(find(s, "m1"), s, zooming).hoverZoom).toBe(true);
    expect(componentView(find(s, "m1"), s, env()).hoverZoom).toBe(false);
    const back = { ...find(s, "m1"), placeholder: "back" as const };
    expect(componentView(back, s, zooming).hoverZoom).toBe(false);
  });

  it("opens the container the game state forces expanded, named by id or by name", () => {
    const s = smallTable();
    const forcing = (name: string): Situation => ({
      ...s,
      gameState: { ...s.gameState, current: { ...s.gameState.current, forceExpandedContainer: name } },
    });
    // A bank forced open shows its tokens instead of only its count.
    const bank = componentView(find(s, "bank"), forcing("bank"), env());
    expect(bank.expanded).toBe(true);
    expect(bank.placed.map((p) => p.child.id)).toEqual(["coin1"]);
    expect(componentView(find(s, "deck"), forcing("deck"), env()).expanded).toBe(true);
    // Others stay as they were.
    expect(componentView(find(s, "deck"), forcing("bank"), env()).expanded).toBe(false);
    expect(componentView(find(s, "bank"), s, env())).toMatchObject({ expanded: false, placed: [] });
  });

  it("leaves the component and the situation unchanged", () => {
    const s = smallTable();
    const before = structuredClone(s);
    componentView(s.root, s, env());
    componentView(find(s, "bank"), s, env());
    expect(s).toEqual(before);
  });
});
