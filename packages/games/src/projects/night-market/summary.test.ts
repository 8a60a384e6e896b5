import { type Action, activeState, resolveModule, type TurnEvent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { type GameTable, playTable } from "../../testing/driver";
import { DECK } from "./data";
import { GOODS, type Good } from "./images";
import { nightMarket } from "./index";
import { deckPile, handOf, kindOf, row } from "./rules";
import { describeStat } from "./summary";

// Night Market's log in its own words (issue 37 point 3): one line a turn, with goods and coins.

const click = (componentId: string): Action[] => [{ kind: "click component", componentId }];
const button = (name: string): Action[] => [{ kind: "press state button", button: name }];
const seatOf = (t: GameTable) => String(activeState(t.situation).activePlayer);
const goodName = (card: { options: { cardId?: unknown } }) => GOODS[String(card.options.cardId) as Good].name;

/** The newest turn of the log as players read it: each line with its seat ('-' for nobody's). */
function lastTurn(t: GameTable) {
  const turn = t.holder.turns().at(-1);
  return {
    lines: (turn?.lines ?? []).map((l) => `${l.event.sourcePlayer ?? "-"} ${l.message}`),
    moves: turn?.moves ?? [],
  };
}

/** A sprint market without moths: the Closing Bell is the fifth card from the top of the deck. */
const market = () =>
  playTable(nightMarket, {
    players: ["red", "blue"],
    options: { length: "sprint", moths: false, oil: true },
  });

describe("the Night Market log", () => {
  it("says a purchase in one line, the card's name and its price, where the moves wrote 'moved card' five times", () => {
    const t = market();
    const card = row(t.situation)["2"]!;
    t.play("red", click(card.id));
    const turn = lastTurn(t);
    expect(turn.lines).toEqual([`red bought ${goodName(card)} for 1 coin`]);
    expect(turn.moves.filter((l) => l.message === "moved card").length).toBeGreaterThanOrEqual(4);
    const free = row(t.situation)["1"]!;
    t.play("blue", click(free.id));
    expect(lastTurn(t).lines).toEqual([`blue took ${goodName(free)} for free`]);
  });

  it("says a sale with how many of which good and what it earned", () => {
    const t = market();
    t.play("red", click(row(t.situation)["1"]!.id));
    const card = handOf(t.situation, "blue")[0]!;
    const many = handOf(t.situation, "blue").filter((c) => kindOf(c) === kindOf(card)).length;
    t.play("blue", click(card.id));
    // Every good starts at 2 coins.
    expect(lastTurn(t).lines).toEqual([`blue sold ${many} ${goodName(card)} for ${2 * many} coins`]);
  });

  it("says foraging with the goods turned up, and the finds brought home", () => {
    const t = market();
    const top = deckPile(t.situation).at(-1)!;
    t.play("red", button("forage"));
    expect(lastTurn(t).lines).toEqual([`red went foraging and turned up ${goodName(top)}`]);
    t.play("red", button("stop"));
    expect(lastTurn(t).lines).toEqual([`red brought ${goodName(top)} home`]);
  });

  it("says a bust, and the stall going dark when the delayed evaluation clears it", () => {
    const t = playTable(nightMarket, { players: ["red", "blue"], options: { moths: true, oil: false } });
    // Edit mode: a Moth on top of the deck, so the first card foraged busts.
    const moth = [...deckPile(t.situation)].find((c) => kindOf(c) === "moth")!;
    const move = { type: "component move", componentId: moth.id, destinationId: DECK, positionName: "deck" };
    t.play("red", [{ kind: "raw move", move }], { editMode: true });
    t.play("red", button("forage"));
    expect(lastTurn(t).lines).toEqual(["red went foraging and turned up a Moth: bust!"]);
    t.play("red", [{ kind: "delayed eval" }]);
    expect(lastTurn(t).lines).toEqual(["red lost a Moth to the dark and took 1 coin"]);
  });

  it("says lantern oil bought with its price", () => {
    const t = market();
    t.play("red", [{ kind: "press button", componentId: "area-red", button: "counter:oil:1" }]);
    expect(lastTurn(t).lines).toEqual(["red bought 1 oil for 2 coins"]);
  });

  it("says what a turn set off for the whole market as nobody's line: the bell, then the end with the scores", () => {
    const t = market();
    const bells: string[][] = [];
    for (let turn = 0; !t.situation.ended && turn < 40; turn++) {
      const seat = seatOf(t);
      const hand = handOf(t.situation, seat);
      // Sell when the stall is getting full, else take the free card.
      t.play(seat, click(hand.length >= 6 ? hand[0]!.id : row(t.situation)["1"]!.id));
      if (lastTurn(t).lines.some((l) => l.includes("Bell"))) bells.push(lastTurn(t).lines);
    }
    expect(bells).toHaveLength(1);
    expect(bells[0]?.[1]).toBe("- The Closing Bell rings: one last turn each.");
    expect(t.situation.ended).toBe(true);
    expect(lastTurn(t).lines.at(-1)).toMatch(
      /^- The market closes: (red|blue)( and (red|blue))? wins? \(red \d+, blue \d+\)\.$/,
    );
  });

  it("names no card that someone could not see", () => {
    const t = market();
    const card = row(t.situation)["2"]!;
    t.play("red", click(card.id));
    const event = t.events[0] as TurnEvent;
    const module = resolveModule(nightMarket.module);
    const lines = module.summarizeTurn(
      {
        before: t.at(0),
        after: t.at(1),
        moves: event.moves,
        turn: { seat: "red", editMode: false, timestamp: 0, turnUID: "x" },
        isPublic: () => false,
      },
      t.holder.ctx,
    );
    expect(lines.map((l) => l.message)).toEqual(["bought a card for 1 coin"]);
  });
});

describe("Night Market statistics", () => {
  it("are labelled in the game's words, a sale log as one line a sale", () => {
    expect(
      describeStat({
        scope: "player",
        key: "saleLog",
        value: [
          { good: "silk", cards: 2, price: 3 },
          { good: "tea", cards: 1, price: 1 },
        ],
        owner: "red",
      }),
    ).toEqual([{ label: "Goods sold", value: ["2 Silk at 3 coins", "1 Tea at 1 coin"] }]);
    expect(describeStat({ scope: "player", key: "bellsRung", value: 1 })).toEqual([
      { label: "Closing bells rung", value: "1" },
    ]);
    expect(describeStat({ scope: "component", key: "finalPrice", value: 4, owner: "silk" })).toEqual([
      { label: "Final price", value: "4" },
    ]);
    expect(
      describeStat({ scope: "table", key: "result", value: { winners: ["red"], scores: { red: 9 } } }),
    ).toEqual([
      { label: "Winner", value: "red" },
      { label: "Final scores", value: ["red: 9"] },
    ]);
  });
});
