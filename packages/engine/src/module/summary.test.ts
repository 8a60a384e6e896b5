import { describe, expect, it } from "vitest";
import type { SummaryLine } from "../log/summary.js";
import type { Move } from "../moves/index.js";
import type { Situation } from "../situation.js";
import { deckTop, mustApply, pileIds, TEST_PIECES, testSituation } from "../test/fixture.js";
import { countedList, countOf, defaultTurnSummary, gameEndLine, listPhrase, publicFaces } from "./summary.js";

const ctx = { pieces: TEST_PIECES, options: {} };
const turn = { seat: "red", editMode: false, timestamp: 1, turnUID: "t1" };

/** The default summary of `moves` played by red on `before`, as recordTurn asks for it. */
function summary(before: Situation, moves: Move[], seat = "red"): SummaryLine[] {
  const after = moves.reduce((s, move) => mustApply(s, move).situation, before);
  const isPublic = publicFaces(before, after, ctx);
  return defaultTurnSummary({ before, after, moves, turn: { ...turn, seat }, isPublic }, ctx);
}

const redHand = (s: Situation) => s.players[0]?.area as string;

/** Red draws the deck's top card into their hand (face up there: only red sees it). */
function drawn(): { s: Situation; card: string } {
  const s = testSituation();
  const card = deckTop(s);
  const moves: Move[] = [
    { type: "component move", componentId: card, destinationId: redHand(s), positionName: "hand" },
    { type: "component reveal", componentId: card },
  ];
  return { s: moves.reduce((x, m) => mustApply(x, m).situation, s), card };
}

describe("the default summary of a turn", () => {
  it("says a draw into the actor's own hand without naming the card nobody else sees", () => {
    const s = testSituation();
    const card = deckTop(s);
    expect(
      summary(s, [
        { type: "component move", componentId: card, destinationId: redHand(s), positionName: "hand" },
        { type: "component reveal", componentId: card },
      ]),
    ).toEqual([{ message: "drew a card" }]);
  });

  it("names a card by its sheet's name where everyone sees it, in one line, a counter's changes summed", () => {
    const { s, card } = drawn();
    const second = deckTop(s);
    const lines = summary(s, [
      { type: "component move", componentId: card, destinationId: "table", positionName: "pile" },
      { type: "component move", componentId: second, destinationId: "table", positionName: "pile" },
      { type: "component reveal", componentId: second },
      { type: "inc counter", player: "red", counter: "coins", amount: 2 },
      { type: "inc counter", player: "red", counter: "coins", amount: -1 },
      { type: "inc counter", player: "blue", counter: "vp", amount: 1 },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(
      /^moved [a-e] to the pile, dealt [a-e] to the pile, gained 1 coin and blue gained 1 vp$/,
    );
  });

  it("says moves to one place in one phrase", () => {
    const s = testSituation();
    const to = { destinationId: "table", positionName: "pile" };
    expect(
      summary(s, [
        { type: "component move", componentId: "m1", ...to },
        { type: "component move", componentId: "m2", ...to },
      ]),
    ).toEqual([{ message: "moved 2 meeple to the pile" }]);
    // Named and unnamed things in one list: a card from red's hand to blue's is seen by one at a time.
    const { s: held, card } = drawn();
    const blue = { destinationId: held.players[1]?.area as string, positionName: "hand" };
    expect(
      summary(held, [
        { type: "component move", componentId: "m1", ...blue },
        { type: "component move", componentId: card, ...blue },
        { type: "component move", componentId: "m2", ...blue },
      ]),
    ).toEqual([{ message: "moved 2 meeple and a card to blue's hand" }]);
  });

  it("counts what only some see by its kind, and keeps a card shown to some players unnamed", () => {
    const { s, card } = drawn();
    const lines = summary(s, [
      {
        type: "component move",
        componentId: "m1",
        destinationId: "table",
        positionName: "board",
        positionIndex: "a",
      },
      { type: "component reveal", componentId: card, forPlayers: ["blue"] },
      { type: "discard", componentId: card },
    ]);
    expect(lines[0]?.message).toMatch(
      /^moved meeple to a on the board, showed a card to blue and discarded [a-e]$/,
    );
    // A change to a piece nobody else sees names its kind, not the piece.
    const change: Move = {
      type: "set component variable",
      componentId: deckTop(s),
      variable: "power",
      value: 3,
    };
    expect(summary(s, [change])).toEqual([{ message: "a card's power is now 3" }]);
  });

  it("says a move in the rules' own words, leaves out what they left unlogged, and keeps recipients apart", () => {
    const s = testSituation();
    const lines = summary(s, [
      { type: "set global", name: "round", value: 2, logMessage: "Round 2 begins" },
      {
        type: "component move",
        componentId: "m1",
        destinationId: "table",
        positionName: "pile",
        logMessage: "",
      },
      { type: "inc counter", player: "red", counter: "vp", amount: 1, eventRecipients: ["red"] },
      { type: "inc stat", player: "red", stat: "secret", amount: 1 },
    ]);
    expect(lines).toEqual([{ message: "Round 2 begins" }, { message: "gained 1 vp", recipients: ["red"] }]);
  });

  it("says only the button pressed when nothing followed it, and the result when something did", () => {
    const s = mustApply(testSituation(), {
      type: "set gamestate",
      state: { name: "play", activePlayer: "red", buttons: [{ name: "pass", text: "Pass the turn" }] },
    }).situation;
    expect(summary(s, [{ type: "press state button", button: "pass" }])).toEqual([
      { message: "pressed Pass the turn" },
    ]);
    expect(
      summary(s, [
        { type: "press state button", button: "pass" },
        {
          type: "randomize variable",
          componentId: "die",
          variable: "face",
          values: { min: 1, max: 6 },
          result: 4,
        },
        {
          type: "randomize variable",
          componentId: "die",
          variable: "face",
          values: { min: 1, max: 6 },
          result: 6,
        },
      ]),
    ).toEqual([{ message: "rolled 4 and 6" }]);
  });

  it("ends with a line of nobody's for the game end, naming winners and scores", () => {
    const lines = summary(testSituation(), [
      { type: "game end", result: { winners: ["red"], scores: { red: 12, blue: 9 } } },
    ]);
    expect(lines).toEqual([
      { message: "The game has ended: red wins (red 12, blue 9).", sourcePlayer: null },
    ]);
    expect(gameEndLine(undefined)).toBe("The game has ended.");
    expect(gameEndLine({ winners: ["red", "blue"] }, "The market closes")).toBe(
      "The market closes: red and blue win.",
    );
  });

  it("leaves its input alone", () => {
    const s = testSituation();
    const before = JSON.stringify(s);
    summary(s, [{ type: "component move", componentId: "m1", destinationId: "table", positionName: "pile" }]);
    expect(JSON.stringify(s)).toBe(before);
    expect(pileIds(s, "table", "pile")).toEqual([]);
  });
});

describe("what a summary may name", () => {
  it("is what every seat and spectators see the face of, before or after the turn", () => {
    const { s, card } = drawn();
    const after = mustApply(s, { type: "discard", componentId: card }).situation;
    expect(publicFaces(s, s, ctx)(card)).toBe(false);
    expect(publicFaces(s, after, ctx)(card)).toBe(true);
    expect(publicFaces(s, s, ctx)(deckTop(s))).toBe(false);
    expect(publicFaces(s, s, ctx)("m1")).toBe(true);
  });
});

describe("phrases", () => {
  it("lists, counts and makes one of a plural singular", () => {
    expect(listPhrase([])).toBe("");
    expect(listPhrase(["a"])).toBe("a");
    expect(listPhrase(["a", "b", "c"])).toBe("a, b and c");
    expect(countedList(["Silk", "Tea", "Silk"])).toBe("2 Silk and Tea");
    expect([countOf(1, "coins"), countOf(3, "coins"), countOf(1, "bonus"), countOf(1, "glass")]).toEqual([
      "1 coin",
      "3 coins",
      "1 bonus",
      "1 glass",
    ]);
  });
});
