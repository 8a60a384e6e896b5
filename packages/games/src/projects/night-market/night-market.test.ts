import {
  type Action,
  activeState,
  type JsonObject,
  type Move,
  replayMarks,
  type Situation,
  type TurnEvent,
  visibilityFor,
  walk,
} from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../../registry";
import { type GameTable, playTable } from "../../testing/driver";
import { BELL, BOARD, BOX, DECK, GOOD_NAMES, priceId, SLOTS, STALL } from "./data";
import type { Good } from "./images";
import { lanternsFor, nightMarket } from "./index";
import {
  counter,
  deckPile,
  discardPile,
  finalScore,
  handOf,
  kindOf,
  lanternBank,
  lanternsOf,
  price,
  row,
  stall,
} from "./rules";

const COLORS = ["red", "blue", "green", "yellow"];
const button = (name: string): Action[] => [{ kind: "press state button", button: name }];
const click = (componentId: string): Action[] => [{ kind: "click component", componentId }];
const delayed: Action[] = [{ kind: "delayed eval" }];
const seatOf = (s: Situation) => String(activeState(s).activePlayer);

/**
 * What is on the table, piece by piece (not by id: pieces get new ids when they leave someone's
 * sight or are shuffled, see the engine's view/reissue.ts).
 */
function ids(s: Situation): string[] {
  const out: string[] = [];
  walk(s.root, (c) => out.push(`${c.type}/${c.name}/${c.options.cardId ?? ""}`));
  return out.sort();
}

function cardCount(s: Situation): number {
  let n = 0;
  walk(s.root, (c) => {
    if (c.type === "card") n++;
  });
  return n;
}

const allMoves = (t: GameTable): Move[] => t.events.flatMap((e) => ("moves" in e ? e.moves : []));

/** Edit mode: put a card of this kind from the deck or discard pile on top of the deck. */
function stack(t: GameTable, seat: string, kind: string): GameTable {
  const s = t.situation;
  const used = new Set(
    deckPile(s)
      .slice(-3)
      .map((c) => c.id),
  );
  const card = [...deckPile(s), ...discardPile(s)].find((c) => kindOf(c) === kind && !used.has(c.id));
  if (card === undefined) throw new Error(`no ${kind} left`);
  const move = { type: "component move", componentId: card.id, destinationId: DECK, positionName: "deck" };
  return t.play(seat, [{ kind: "raw move", move }], { editMode: true });
}

/** A plain strategy: sell big sets, forage two cards on even turns, buy the free card otherwise. */
function playOut(t: GameTable): void {
  for (let step = 0; !t.situation.ended; step++) {
    if (step > 600) throw new Error("the game does not end");
    const s = t.situation;
    const seat = seatOf(s);
    const state = activeState(s).name;
    if (state === "bust") t.play(seat, delayed);
    else if (state === "moth") t.play(seat, button(step % 2 === 0 ? "burn" : "letgo"));
    else if (state === "forage") t.play(seat, button(stall(s).length < 2 ? "flip" : "stop"));
    else {
      const hand = handOf(s, seat);
      const count = (g: string) => hand.filter((c) => kindOf(c) === g).length;
      const best = [...GOOD_NAMES].sort((a, b) => count(b) * price(s, b) - count(a) * price(s, a))[0] as Good;
      const card = hand.find((c) => kindOf(c) === best);
      if (
        counter(s, seat, "coins") >= 8 &&
        counter(s, seat, "oil") === 0 &&
        s.players[0]?.counters[1]?.options.buttonsEnabled
      ) {
        const area = s.players.find((p) => p.color === seat)?.area as string;
        t.play(seat, [{ kind: "press button", componentId: area, button: "counter:oil:1" }]);
      } else if (
        card !== undefined &&
        (count(best) >= 3 || hand.length >= 7 || count(best) * price(s, best) >= 8)
      ) {
        t.play(seat, click(card.id));
      } else if (step % 2 === 0 && hand.length < 8) t.play(seat, button("forage"));
      else t.play(seat, click(row(s)["1"]?.id as string));
    }
  }
}

describe("night market", () => {
  it("sets up for every player count and option set", () => {
    const optionSets: JsonObject[] = [
      {},
      { length: "quick", prices: "fixed" },
      { length: "sprint", moths: false, oil: false },
      { oilPrice: "3", length: "long" },
    ];
    for (let n = 2; n <= 4; n++) {
      for (const options of optionSets) {
        const s = playTable(nightMarket, { players: COLORS.slice(0, n), options }).situation;
        expect(cardCount(s)).toBe(38);
        expect(activeState(s).name).toBe("turn");
        expect(activeState(s).buttons.map((b) => b.name)).toEqual(["forage"]);
        s.players.forEach((p, i) => {
          expect(handOf(s, p.color)).toHaveLength(2);
          expect(handOf(s, p.color).every((c) => c.options.facedown === false)).toBe(true);
          expect(counter(s, p.color, "coins")).toBe(2 + i);
          expect(counter(s, p.color, "oil")).toBe(options.oil === false ? 0 : 1);
        });
        expect(SLOTS.map((slot) => kindOf(row(s)[slot] as never))).toSatisfy((k: string[]) =>
          k.every((g) => (GOOD_NAMES as string[]).includes(g)),
        );
        expect(deckPile(s).every((c) => c.options.facedown === true)).toBe(true);
        const bellAt = deckPile(s).findIndex((c) => kindOf(c) === "bell");
        const size = deckPile(s).length;
        if (options.length === "sprint") expect(size - bellAt).toBe(5);
        else if (options.length === "quick") expect(bellAt).toBe(Math.floor((size - 1) / 2));
        else if (options.length === "long") expect(bellAt).toBe(-1);
        else expect(bellAt).toBe(2);
        expect(deckPile(s).some((c) => kindOf(c) === "moth")).toBe(options.moths !== false);
        expect(lanternBank(s)).toHaveLength(lanternsFor(n));
        expect(price(s, "silk")).toBe(options.prices === "fixed" ? 3 : 2);
      }
    }
  });

  it("buys: the row slides left, restocks, and the turn passes", () => {
    const t = playTable(nightMarket, { players: ["red", "blue"] });
    const before = row(t.situation);
    t.refused("red", click(before["4"]?.id as string), "Cannot make move: You need 3 coins for that card.")
      .play("red", click(before["2"]?.id as string))
      .expect((s) => {
        // Into red's stall, where blue sees only its back: it comes under a new id (view/reissue.ts).
        const bought = t.follow(before["2"]?.id as string);
        expect(bought).not.toBe(before["2"]?.id);
        expect(handOf(s, "red").map((c) => c.id)).toContain(bought);
        expect(counter(s, "red", "coins")).toBe(1);
        expect(row(s)["2"]?.id).toBe(before["3"]?.id);
        expect(row(s)["3"]?.id).toBe(before["4"]?.id);
        expect(row(s)["4"]).toBeDefined();
        expect(activeState(s).name).toBe("turn");
        expect(seatOf(s)).toBe("blue");
        expect(s.stats.turns).toBe(1);
      });
  });

  it("sells a set: coins at the price, prices move, object stats count it", () => {
    const t = playTable(nightMarket, { players: ["red", "blue"], seed: 4 });
    const s0 = t.situation;
    const card = handOf(s0, "red")[0];
    const good = kindOf(card as never);
    const n = handOf(s0, "red").filter((c) => kindOf(c) === good).length;
    t.play("red", click(card?.id as string)).expect((s) => {
      expect(counter(s, "red", "coins")).toBe(2 + 2 * n);
      expect(price(s, good as never)).toBe(1);
      for (const g of GOOD_NAMES.filter((g) => g !== good)) expect(price(s, g)).toBe(3);
      expect(findVariable(s, priceId(good as never))).toBe(1);
      expect(s.objectStats[good]?.sold).toBe(n);
      expect(s.players[0]?.stats.saleLog).toEqual([{ good, cards: n, price: 2 }]);
      expect(discardPile(s)).toHaveLength(n);
    });
  });

  it("forages: a repeat asks for oil (substate), then busts and waits for the delayed evaluation", () => {
    const t = playTable(nightMarket, { players: ["red", "blue"] });
    stack(t, "red", "silk");
    stack(t, "red", "silk");
    t.play("red", button("forage"))
      .expect((s) => {
        expect(activeState(s).name).toBe("forage");
        expect(s.gameState.current.name).toBe("turn");
        expect(stall(s).map(kindOf)).toEqual(["silk"]);
      })
      // While foraging, hand cards are not clickable: the click is ignored and nothing is selected.
      .refused(
        "red",
        [
          ...click(handOf(t.situation, "red")[0]?.id as string),
          { kind: "click position", destinationId: BOARD, positionName: STALL },
        ],
        "Select a component first.",
      )
      .play("red", button("flip"))
      .expect((s) => {
        expect(activeState(s).name).toBe("moth");
        expect(activeState(s).buttons.map((b) => b.name)).toEqual(["burn", "letgo"]);
      })
      .play("red", button("burn"))
      .expect((s) => {
        expect(activeState(s).name).toBe("forage");
        expect(counter(s, "red", "oil")).toBe(0);
        expect(stall(s)).toHaveLength(1);
      });
    stack(t, "red", "silk");
    t.play("red", button("flip"))
      .expect((s) => {
        expect(activeState(s).name).toBe("bust");
        expect(activeState(s).delayedEval?.delay).toBe(1500);
      })
      .refused("blue", delayed, "You cannot play now: Wait for your turn")
      .refused("red", button("stop"), "Unknown button.")
      .play("red", delayed)
      .expect((s) => {
        expect(stall(s)).toHaveLength(0);
        expect(counter(s, "red", "coins")).toBe(3);
        expect(s.players[0]?.stats.busts).toBe(1);
        expect(s.gameState.current.subState).toBeNull();
        expect(seatOf(s)).toBe("blue");
      });
  });

  it("forages and stops: the finds go to hand; a moth is a bust; the bell rings", () => {
    const t = playTable(nightMarket, { players: ["red", "blue", "green"] });
    stack(t, "red", "tea");
    stack(t, "red", "bell");
    stack(t, "red", "jade");
    t.play("red", button("forage"))
      .play("red", button("flip"))
      .expect((s) => {
        expect(stall(s).map(kindOf)).toEqual(["jade"]);
        expect(s.globals).toEqual({ closing: true, finalTurns: 3 });
        expect(s.players[0]?.stats.bellsRung).toBe(1);
      })
      .play("red", button("flip"))
      .play("red", button("stop"))
      .expect((s) => {
        expect(handOf(s, "red")).toHaveLength(4);
        expect(s.globals.finalTurns).toBe(2);
      });
    stack(t, "blue", "moth");
    t.play("blue", button("forage"))
      .expect((s) => expect(activeState(s).name).toBe("moth"))
      .play("blue", button("letgo"))
      .play("blue", delayed)
      .play("green", click(row(t.situation)["1"]?.id as string))
      .play("red", click(row(t.situation)["1"]?.id as string))
      .expect((s) => {
        expect(s.ended).toBe(true);
        const result = s.stats.result as { scores: { [c: string]: number } };
        for (const p of s.players) expect(result.scores[p.color]).toBe(finalScore(s, p.color));
      });
  });

  it("marks rounds and the bell on the replay bar; a turn that turned up a card cannot be undone", () => {
    const t = playTable(nightMarket, { players: ["red", "blue"] });
    const last = () => t.events.at(-1) as TurnEvent;
    // Buying the free card restocks the row from the face-down deck: everyone saw the new card.
    t.play("red", click(row(t.situation)["1"]?.id as string));
    expect(last()).toMatchObject({ preventUndo: true, preventUndoReason: "it revealed hidden information" });
    t.undoRefused("red", "You cannot undo this turn: it revealed hidden information");
    // Buying oil turns up nothing: it can be taken back.
    t.play("blue", [{ kind: "press button", componentId: "area-blue", button: "counter:oil:1" }]);
    expect(last()).toMatchObject({ preventUndo: false, replayMarks: [] });
    t.undo("blue");
    // Blue's turn ends the first round: the next one is marked where it begins.
    t.play("blue", click(row(t.situation)["1"]?.id as string));
    expect(last().replayMarks).toEqual(["Round 2"]);
    stack(t, "red", "bell");
    t.play("red", button("forage"));
    expect(last().replayMarks).toEqual(["Closing bell"]);
    expect(replayMarks(t.events)).toEqual([
      { step: 0, label: "S" },
      { step: 4, label: "Round 2" },
      { step: 6, label: "Closing bell" },
      { step: 6, label: "E" },
    ]);
  });

  it("hides what it should: hands as backs to rivals, the deck face down, boxed moths in edit mode only", () => {
    const pieces = piecesOf(nightMarket.content.components);
    const s = playTable(nightMarket, { players: ["red", "blue"], options: { moths: false } }).situation;
    const card = handOf(s, "blue")[0]?.id as string;
    expect(visibilityFor(s, pieces, card, "blue", false)).toBe("face");
    expect(visibilityFor(s, pieces, card, "red", false)).toBe("back");
    expect(visibilityFor(s, pieces, row(s)["1"]?.id as string, "red", false)).toBe("face");
    expect(visibilityFor(s, pieces, deckPile(s).at(-1)?.id as string, "red", false)).toBe("back");
    const moth = (findChildren(s, BOX) as { id: string }[])[0]?.id as string;
    expect(visibilityFor(s, pieces, moth, "red", false)).toBe("hidden");
    expect(visibilityFor(s, pieces, moth, "red", true)).not.toBe("hidden");
  });

  it("refuses illegal actions with the spec's messages", () => {
    playTable(nightMarket, { players: ["red", "blue"], options: { oilPrice: "3" } })
      .refused("blue", button("forage"), "You cannot play now: Wait for your turn")
      .refused("red", button("flip"), "Unknown button.")
      .refused(
        "red",
        [{ kind: "press button", componentId: "area-red", button: "counter:oil:1" }],
        "Cannot make move: Oil costs 3 coins.",
      )
      .refused(
        "red",
        [{ kind: "press button", componentId: "area-blue", button: "counter:oil:-1" }],
        "Cannot make move: That is not your lantern.",
      )
      .play("red", [{ kind: "press button", componentId: "area-red", button: "counter:oil:-1" }])
      .expect((s) => expect([counter(s, "red", "oil"), counter(s, "red", "coins")]).toEqual([0, 3]))
      .refused(
        "red",
        [{ kind: "press button", componentId: "area-red", button: "counter:oil:-1" }],
        "Cannot make move: Your lantern is empty.",
      )
      .undo("red")
      .expect((s) => expect(counter(s, "red", "oil")).toBe(1));
    playTable(nightMarket, { players: ["red", "blue"], options: { oil: false } }).refused(
      "red",
      [{ kind: "press button", componentId: "area-red", button: "counter:oil:1" }],
      "Cannot make move: Lantern oil is not used in this game.",
    );
  });

  for (const [n, options] of [
    [2, {}],
    [4, {}],
    [2, { length: "quick", prices: "fixed" }],
    [4, { length: "sprint", moths: false, oil: false }],
    [3, { length: "quick", oilPrice: "3" }],
    [2, { length: "long" }],
    [4, { length: "long", prices: "fixed" }],
  ] as [number, JsonObject][]) {
    it(`plays a complete game for ${n} players with ${JSON.stringify(options)}`, () => {
      const t = playTable(nightMarket, { players: COLORS.slice(0, n), options, seed: 20 + n });
      const start = ids(t.situation);
      playOut(t);
      const s = t.situation;
      expect(s.ended).toBe(true);
      expect(ids(s)).toEqual(start);
      expect(cardCount(s)).toBe(38);
      const result = s.stats.result as { winners: string[]; scores: { [c: string]: number } };
      for (const p of s.players) {
        expect(result.scores[p.color]).toBe(finalScore(s, p.color));
        expect(p.stats.score).toBe(finalScore(s, p.color));
      }
      const best = Math.max(...Object.values(result.scores));
      expect(result.winners.every((w) => result.scores[w] === best)).toBe(true);
      for (const g of GOOD_NAMES) expect(s.objectStats[g]?.finalPrice).toBe(price(s, g));
      // The bell rang (or the market ran dry), then every trader had exactly one last turn.
      const moves = allMoves(t);
      const rang = moves.findIndex((m) => m.type === "set global" && m.name === "closing");
      expect(rang).toBeGreaterThan(-1);
      const turnsAfter = moves
        .slice(rang)
        .filter((m) => m.type === "set gamestate" && m.state.name === "turn").length;
      const bellOut = [...(findChildren(s, BELL) ?? [])].length === 1;
      if (bellOut) expect(turnsAfter).toBe(n);
      expect(lanternBank(s).length + s.players.reduce((a, p) => a + lanternsOf(s, p.color).length, 0)).toBe(
        lanternsFor(n),
      );
      expect(findChildren(s, BOX)).toHaveLength(options.moths === false ? 2 : 0);
      const reshuffled = moves.some((m) => m.type === "reshuffle");
      if (options.length === "standard" || options.length === "long") expect(reshuffled).toBe(true);
      // The replay bar: each round where it begins, the closing, every reshuffle.
      const labels = replayMarks(t.events).map((m) => m.label);
      const rounds = Math.floor(Number(s.stats.turns) / n);
      expect(labels.filter((l) => l.startsWith("Round "))).toEqual(
        Array.from({ length: rounds }, (_, i) => `Round ${i + 2}`),
      );
      expect(labels.filter((l) => l === "Closing bell" || l === "Market ran dry")).toEqual([
        bellOut ? "Closing bell" : "Market ran dry",
      ]);
      expect(labels.filter((l) => l === "Deck reshuffled")).toHaveLength(
        t.events.filter((e) => e.kind === "turn" && e.moves.some((m) => m.type === "reshuffle")).length,
      );
    });
  }

  it("is deterministic: same seed and actions, same situation", () => {
    const run = (seed: number) => {
      const t = playTable(nightMarket, {
        players: ["red", "blue", "green"],
        options: { length: "quick" },
        seed,
      });
      playOut(t);
      return t.situation;
    };
    expect(run(9)).toEqual(run(9));
    expect(run(9)).not.toEqual(run(10));
  });
});

function findVariable(s: Situation, id: string): unknown {
  let value: unknown;
  walk(s.root, (c) => {
    if (c.id === id) value = c.variables?.price;
  });
  return value;
}

function findChildren(s: Situation, position: string) {
  let out: unknown[] = [];
  walk(s.root, (c) => {
    if (c.id === BOARD) out = (c.children[position] as unknown[]) ?? [];
  });
  return out;
}
