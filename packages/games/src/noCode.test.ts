import {
  type Action,
  activeState,
  type Component,
  childrenAt,
  createTableHolder,
  type DeckInfo,
  findComponent,
  type Situation,
} from "@tt/engine";
import { describe, expect, it } from "vitest";
import type { ComponentTree } from "./content";
import {
  cardPieceName,
  DECKS_POSITION,
  deckPieceName,
  HAND_POSITION,
  NO_CODE_MESSAGE,
  PLAY_POSITION,
  withDeckPieces,
} from "./noCode";
import { createRegistry, piecesOf } from "./registry";

// A project made on 'New project' with one deck from a spreadsheet and a .psd: no game code, and a
// table plays it on the default rule modules.

const heroes: DeckInfo = {
  cardInfo: { w: 250, h: 350 },
  cards: ["ann", "bob", "cy", "dee", "eve", "fay"].map((cardId) => ({ cardId, title: cardId })),
};
const registry = createRegistry([]);

function newTable(decks: { [name: string]: DeckInfo } = { heroes }) {
  const tree = registry.treeFor("my-game", null, decks);
  const start = registry.startSituation("my-game", {
    players: [{ color: "red" }, { color: "blue" }],
    options: {},
    seed: 7,
    components: tree,
    decks,
  });
  const module = registry.moduleFor("my-game");
  const holder = createTableHolder({ start, module, project: { pieces: piecesOf(tree), options: {} } });
  let clock = 0;
  const play = (seat: string, actions: Action[]) => {
    clock += 1000;
    const r = holder.play({ seat, actions, timestamp: clock, turnUID: `t${clock}` });
    if (!r.ok) throw new Error(`${seat} was refused: ${r.message}`);
  };
  return { tree, holder, play };
}

const deckOf = (s: Situation) => childrenAt(s.root, DECKS_POSITION)[0] as Component;
const pile = (s: Situation, id: string, position: string) =>
  childrenAt(findComponent(s.root, id) as Component, position);

describe("a project without game code", () => {
  it("gets a board, a player area with a hand and each deck's two entries in its component tree", () => {
    const tree = registry.treeFor("my-game", null, { heroes });
    expect(Object.keys(tree)).toEqual(
      expect.arrayContaining(["root", "player-area", cardPieceName("heroes"), deckPieceName("heroes")]),
    );
    // The card keeps the .psd's ratio on the board.
    const card = tree[cardPieceName("heroes")] as { width: number; height: number };
    expect(card.width / card.height).toBeCloseTo(250 / 350, 2);
    // A designer's own entries stay as they are; missing ones are filled in.
    const edited = withDeckPieces(
      { ...tree, [deckPieceName("heroes")]: { width: 999 } } as ComponentTree,
      { heroes },
      true,
    );
    expect(edited[deckPieceName("heroes")]).toEqual({ width: 999 });
    expect(withDeckPieces(edited, {}, true)[cardPieceName("heroes")]).toEqual(tree[cardPieceName("heroes")]);
  });

  it("deals nothing and shows no deck before a deck has cards", () => {
    const { holder } = newTable({ heroes: { cards: [] } });
    expect(childrenAt(holder.live.root, DECKS_POSITION)).toEqual([]);
    expect(holder.live.players.map((p) => pile(holder.live, p.area, HAND_POSITION).length)).toEqual([0, 0]);
  });

  it("puts the deck on the board; a seat draws to its private hand, plays to the table and discards", () => {
    const { holder, play } = newTable();
    const deck = deckOf(holder.live);
    expect(deck.options.deckName).toBe("heroes");
    expect(pile(holder.live, deck.id, "deck")).toHaveLength(6);

    // Red selects the deck and clicks their hand: the top card, face up to red, a back to blue.
    play("red", [
      { kind: "open deck", deckId: deck.id },
      { kind: "click position", destinationId: "area-red", positionName: HAND_POSITION },
    ]);
    const [drawn] = pile(holder.live, "area-red", HAND_POSITION);
    expect(drawn?.options.cardId).toBeDefined();
    const inView = (viewer: string) =>
      childrenAt(findComponent(holder.view(viewer).root, "area-red") as Component, HAND_POSITION)[0];
    expect(inView("red")?.options.cardId).toBe(drawn?.options.cardId);
    expect(inView("blue")?.placeholder).toBe("back");
    expect(inView("blue")?.options.cardId).toBeUndefined();
    expect(pile(holder.live, deck.id, "deck")).toHaveLength(5);

    // Then plays it to the table, where everyone sees it.
    const id = (drawn as Component).id;
    play("red", [
      { kind: "click component", componentId: id },
      { kind: "click position", destinationId: holder.live.root.id, positionName: PLAY_POSITION },
    ]);
    const played = pile(holder.live, holder.live.root.id, PLAY_POSITION)[0] as Component;
    expect(played.options.cardId).toBe(drawn?.options.cardId);
    const seenByBlue = childrenAt(holder.view("blue").root, PLAY_POSITION)[0];
    expect(seenByBlue?.options.cardId).toBe(drawn?.options.cardId);

    // No turn order is enforced: blue draws too, and the status bar says how to play. A click on the
    // draw pile is a click on the deck: its top card, face up to blue.
    expect(activeState(holder.live).message).toBe(NO_CODE_MESSAGE);
    const top = pile(holder.live, deck.id, "deck").at(-1) as Component;
    const bottom = pile(holder.live, deck.id, "deck")[0] as Component;
    play("blue", [
      { kind: "click component", componentId: bottom.id },
      { kind: "click position", destinationId: "area-blue", positionName: HAND_POSITION },
    ]);
    const blueHand = pile(holder.live, "area-blue", HAND_POSITION);
    expect(blueHand.map((c) => c.options.cardId)).toEqual([top.options.cardId]);
    expect(blueHand[0]?.options.facedown).toBe(false);

    // And discards it: select it, click the deck's discard pile.
    play("red", [
      { kind: "click component", componentId: played.id },
      { kind: "click position", destinationId: deck.id, positionName: "discard" },
    ]);
    expect(pile(holder.live, deck.id, "discard").map((c) => c.options.cardId)).toEqual([
      drawn?.options.cardId,
    ]);

    // The log says each turn in a line, a card named (its sheet's name column, else its ID) only
    // where everyone sees it: drawn into a hand it is 'a card'.
    const name = String(drawn?.options.cardId);
    expect(holder.turns().map((t) => t.lines.map((l) => `${l.event.sourcePlayer} ${l.message}`))).toEqual([
      ["red drew a card"],
      [`red moved ${name} to the ${PLAY_POSITION}`],
      ["blue drew a card"],
      [`red moved ${name} to the discard pile`],
    ]);
  });
});
