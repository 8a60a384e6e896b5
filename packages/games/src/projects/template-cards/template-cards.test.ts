import {
  type Action,
  activeState,
  type JsonObject,
  replayMarks,
  type Situation,
  type TableEvent,
  visibilityFor,
  walk,
} from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../../registry";
import { type GameTable, playTable } from "../../testing/driver";
import { templateCards } from "./index";
import { bankCoins, cardData, coinsOf, DECK_ID, deckPile, discardPile, handOf } from "./rules";

const COLORS = ["red", "blue", "green", "yellow"];

/**
 * What is on the table, piece by piece (not by id: pieces get new ids when they leave someone's
 * sight or are shuffled, see the engine's view/reissue.ts).
 */
function ids(s: Situation): string[] {
  const out: string[] = [];
  walk(s.root, (c) => out.push(`${c.type}/${c.name}/${c.options.cardId ?? ""}`));
  return out.sort();
}

const playCard = (card: string): Action[] => [
  { kind: "click component", componentId: card },
  { kind: "click position", destinationId: DECK_ID, positionName: "discard" },
];
const draw: Action[] = [{ kind: "press state button", button: "draw" }];

const moveTypes = (events: readonly TableEvent[]) =>
  events.flatMap((e) => ("moves" in e ? e.moves.map((m) => m.type) : []));

/** Plays the first matching card, or draws, until the game ends. */
function playOut(t: GameTable, options: JsonObject): void {
  for (let turn = 0; !t.situation.ended; turn++) {
    if (turn > 500) throw new Error("the game does not end");
    const s = t.situation;
    const seat = String(activeState(s).activePlayer);
    const top = discardPile(s).at(-1);
    const card = handOf(s, seat).find((c) => {
      if (top === undefined) return true;
      const a = cardData(s, c);
      const b = cardData(s, top);
      return a.suit === b.suit || (options.match !== "suit" && a.value === b.value);
    });
    t.play(seat, card === undefined ? draw : playCard(card.id));
  }
}

describe("template: card game", () => {
  it("sets up for every player count and option set", () => {
    const optionSets: JsonObject[] = [{}, { handSize: "4", coins: "10" }, { handSize: "6", openHands: true }];
    for (let n = 2; n <= 4; n++) {
      for (const options of optionSets) {
        const s = playTable(templateCards, { players: COLORS.slice(0, n), options }).situation;
        const hand = Number(options.handSize ?? 5);
        for (const p of s.players) {
          expect(handOf(s, p.color)).toHaveLength(hand);
          expect(handOf(s, p.color).every((c) => c.options.facedown === false)).toBe(true);
        }
        expect(discardPile(s)).toHaveLength(1);
        expect(deckPile(s)).toHaveLength(32 - n * hand - 1);
        expect(bankCoins(s)).toHaveLength(Number(options.coins ?? 15));
        expect(activeState(s).activePlayer).toBe("red");
      }
    }
  });

  for (const [n, options] of [
    [2, {}],
    [4, {}],
    [2, { match: "suit", coins: "20", handSize: "4" }],
    [4, { handSize: "6", coins: "20", bonus: false }],
    [3, { bonusCoins: "5" }],
  ] as [number, JsonObject][]) {
    it(`plays a complete game for ${n} players with ${JSON.stringify(options)}`, () => {
      const t = playTable(templateCards, { players: COLORS.slice(0, n), options });
      const start = ids(t.situation);
      playOut(t, options);
      const s = t.situation;
      expect(s.ended).toBe(true);
      expect(ids(s)).toEqual(start);
      const emptied = s.players.filter((p) => handOf(s, p.color).length === 0);
      expect(emptied.length > 0 || bankCoins(s).length === 0).toBe(true);
      const result = s.stats.result as { winners: string[]; scores: { [c: string]: number } };
      for (const p of s.players) {
        const bonus =
          handOf(s, p.color).length === 0 && options.bonus !== false ? Number(options.bonusCoins ?? 3) : 0;
        expect(result.scores[p.color]).toBe(coinsOf(s, p.color).length - handOf(s, p.color).length + bonus);
        expect(p.counters[0]?.value).toBe(result.scores[p.color]);
      }
    });
  }

  it("reshuffles the discard pile when the deck runs out", () => {
    // Four players with six cards leave 7 in the deck: drawing every turn empties it quickly.
    const t = playTable(templateCards, { players: COLORS, options: { handSize: "6" } });
    for (let i = 0; i < 7; i++) t.play(COLORS[i % 4] as string, draw);
    t.expect((s) => expect(deckPile(s)).toHaveLength(0));
    const seat = COLORS[7 % 4] as string;
    t.play(seat, draw).expect((s) => {
      // The single discarded card became the new deck and was drawn at once.
      expect(deckPile(s)).toHaveLength(0);
      expect(discardPile(s)).toHaveLength(0);
      expect(handOf(s, seat)).toHaveLength(8);
    });
    expect(moveTypes(t.events)).toContain("reshuffle");
    // The replay bar marks the turn of the reshuffle. Here it may even be undone: shuffling one card
    // used no chance, and the card drawn had lain face up on the discard pile for all to see.
    expect(replayMarks(t.events).map((m) => [m.step, m.label])).toEqual([
      [0, "S"],
      [8, "Deck reshuffled"],
      [8, "E"],
    ]);
    expect(t.events.at(-1)).toMatchObject({ preventUndo: false });
    expect(t.events.at(-2)).toMatchObject({
      preventUndo: true,
      preventUndoReason: "it revealed hidden information",
    });
    t.refused(COLORS[0] as string, draw, "Cannot make move: Nothing left to draw.");
  });

  it("plays a card by clicking the top card of the discard pile, as a person clicks the pile", () => {
    const t = playTable(templateCards, { players: ["red", "blue"], seed: 5 });
    const s = t.situation;
    const topCard = discardPile(s).at(-1)?.id as string;
    const top = cardData(s, discardPile(s).at(-1) as never);
    const good = handOf(s, "red").find((c) => {
      const d = cardData(s, c);
      return d.suit === top.suit || d.value === top.value;
    });
    expect(good).toBeDefined();
    t.play("red", [
      { kind: "click component", componentId: good?.id as string },
      { kind: "click component", componentId: topCard },
    ]).expect((after) => expect(discardPile(after).at(-1)?.id).toBe(good?.id));
  });

  it("logs each turn in one line: a played card by its name, a drawn card unnamed but to its owner's eyes", () => {
    const t = playTable(templateCards, { players: ["red", "blue"], seed: 5 });
    const s = t.situation;
    const top = cardData(s, discardPile(s).at(-1) as never);
    const good = handOf(s, "red").find((c) => {
      const d = cardData(s, c);
      return d.suit === top.suit || d.value === top.value;
    });
    t.play("red", playCard(good?.id as string)).play("blue", draw);
    const said = t.holder
      .turns()
      .map((turn) => turn.lines.map((l) => `${l.event.sourcePlayer} ${l.message}`));
    expect(said).toEqual([
      [`red discarded ${good?.options.cardId} and moved coin to red's coins`],
      // Only blue sees the card drawn: its name would tell red and spectators what blue holds.
      ["blue drew a card"],
    ]);
  });

  it("refuses illegal actions with the spec's messages", () => {
    const t = playTable(templateCards, { players: ["red", "blue"], seed: 5 });
    const s = t.situation;
    const top = cardData(s, discardPile(s).at(-1) as never);
    const hand = handOf(s, "red");
    const bad = hand.find((c) => {
      const d = cardData(s, c);
      return d.suit !== top.suit && d.value !== top.value;
    });
    expect(bad).toBeDefined();
    t.refused("blue", draw, "You cannot play now: Wait for your turn")
      .refused(
        "red",
        playCard(bad?.id as string),
        "Cannot make move: Play a card of the same suit or value as the top of the discard pile.",
      )
      .refused(
        "red",
        [
          { kind: "click component", componentId: hand[0]?.id as string },
          { kind: "click position", destinationId: "area-red", positionName: "coins" },
        ],
        "Cannot make move: Play cards on the discard pile.",
      )
      // Another player's card is not clickable: the click is ignored, nothing is selected.
      .refused("red", playCard(handOf(s, "blue")[0]?.id as string), "Select a component first.")
      // The drawn card was seen: the rules do not let it go back (the engine's default turn flags).
      .play("red", draw)
      .undoRefused("red", "You cannot undo this turn: it revealed hidden information");
  });

  it("shows hands to their owner, card backs to the others (open hands in the hidden playtest option)", () => {
    const pieces = piecesOf(templateCards.content.components);
    for (const openHands of [false, true]) {
      const s = playTable(templateCards, { players: ["red", "blue"], options: { openHands } }).situation;
      const card = handOf(s, "blue")[0]?.id as string;
      expect(visibilityFor(s, pieces, card, "blue", false)).toBe("face");
      expect(visibilityFor(s, pieces, card, "red", false)).toBe(openHands ? "face" : "back");
      expect(visibilityFor(s, pieces, deckPile(s).at(-1)?.id as string, "red", false)).toBe("back");
    }
  });

  it("is deterministic", () => {
    const run = () => {
      const t = playTable(templateCards, { players: ["red", "blue", "green"], seed: 11 });
      playOut(t, {});
      return t.situation;
    };
    expect(run()).toEqual(run());
  });
});
