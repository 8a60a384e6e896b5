import { describe, expect, it } from "vitest";
import type { Move } from "../moves/index.js";
import { planUndo, replayMarks, type TurnEvent } from "../table/events.js";
import { recordTurn } from "../table/record.js";
import { table } from "../test/driver.js";
import { deckTop, mustApply, TEST_PIECES, testSituation } from "../test/fixture.js";
import type { Action } from "../turn/actions.js";
import { defaultModule } from "./default.js";
import { resolveModule } from "./resolve.js";
import { normaliseReplayMarks, revealsHiddenInformation, UNDO_REASONS, usedChance } from "./turn-flags.js";
import type { PartialRuleModule } from "./types.js";

// Who decides whether a turn can be undone and what it marks on the replay bar: the rules.

const drawToHand: Action[] = [
  { kind: "open deck", deckId: "deck" },
  { kind: "click position", destinationId: "area-red", positionName: "hand" },
];
const meepleToPile: Action[] = [
  { kind: "click component", componentId: "m1" },
  { kind: "click position", destinationId: "table", positionName: "pile" },
];
const press = (button: string): Action[] => [{ kind: "press state button", button }];

/** The default rules, plus state buttons that roll the die or shuffle the deck. */
const chancy: PartialRuleModule = {
  pressStateButton(_s, button): Move[] {
    if (button === "roll")
      return [
        { type: "randomize variable", componentId: "die", variable: "face", values: { min: 1, max: 6 } },
      ];
    if (button === "shuffle") return [{ type: "reshuffle", componentId: "deck" }];
    return [{ type: "press state button", button }];
  },
};

const lastTurn = (events: readonly unknown[]) => events.at(-1) as TurnEvent;
const undoMessage = (t: ReturnType<typeof table>, seat = "red") => {
  const planned = planUndo(t.events, t.situation, { seat, timestamp: 0 });
  return planned.ok ? "undone" : planned.message;
};

describe("the default turn flags", () => {
  it("let a plain move be undone: no hidden information, no chance", () => {
    const t = table(resolveModule({})).play("red", meepleToPile);
    expect(lastTurn(t.events)).toMatchObject({ preventUndo: false, undoBreakpoint: true, replayMarks: [] });
    expect(lastTurn(t.events).preventUndoReason).toBeUndefined();
    expect(undoMessage(t)).toBe("undone");
  });

  it("prevent undoing a draw from the face-down deck: the player has seen the card", () => {
    const t = table(resolveModule({})).play("red", drawToHand);
    expect(lastTurn(t.events)).toMatchObject({
      preventUndo: true,
      preventUndoReason: UNDO_REASONS.revealed,
    });
    expect(undoMessage(t)).toBe("You cannot undo this turn: it revealed hidden information");
  });

  it("prevent undoing a shuffle or a roll of the die: both used chance", () => {
    const module = resolveModule(chancy);
    for (const button of ["shuffle", "roll"]) {
      const t = table(module).play("red", press(button));
      expect(lastTurn(t.events)).toMatchObject({ preventUndo: true, preventUndoReason: UNDO_REASONS.chance });
      expect(undoMessage(t)).toBe("You cannot undo this turn: it used chance");
    }
  });

  it("treat a card leaving a private hand for an open pile as revealed, but not for a pile that shows backs", () => {
    const drawn = table(resolveModule({}), testSituation()).play("red", drawToHand).situation;
    const card = deckTop(testSituation());
    const toTableau = mustApply(drawn, {
      type: "component move",
      componentId: card,
      destinationId: "area-red",
      positionName: "tableau",
    }).situation;
    // The hand shows the card to red only; the tableau shows blue its back: blue learns nothing.
    expect(revealsHiddenInformation(drawn, toTableau, { pieces: TEST_PIECES, options: {} })).toBe(false);
    const toPile = mustApply(drawn, {
      type: "component move",
      componentId: card,
      destinationId: "table",
      positionName: "pile",
    }).situation;
    expect(revealsHiddenInformation(drawn, toPile, { pieces: TEST_PIECES, options: {} })).toBe(true);
  });

  it("count a deck that turns its next top card face up as a reveal, a created component as none", () => {
    const s = testSituation();
    const shown = mustApply(s, {
      type: "set component option",
      componentId: "deck",
      option: "revealTop",
      value: true,
    }).situation;
    expect(revealsHiddenInformation(s, shown, { pieces: TEST_PIECES, options: {} })).toBe(true);
    const created = mustApply(s, {
      type: "component create",
      name: "coin",
      componentType: "token",
      destinationId: "table",
      positionName: "pile",
    }).situation;
    expect(revealsHiddenInformation(s, created, { pieces: TEST_PIECES, options: {} })).toBe(false);
    expect(usedChance(s, created)).toBe(false);
  });

  it("keep edit-mode turns undoable, as before: edit mode sees everything and runs no rules", () => {
    const t = table(resolveModule({})).play("red", drawToHand, { editMode: true });
    expect(lastTurn(t.events)).toMatchObject({ preventUndo: false, undoBreakpoint: true });
    expect(undoMessage(t)).toBe("undone");
  });
});

describe("a module's own turn flags", () => {
  const marking = resolveModule({
    turnFlags(before, after, moves, turn, ctx) {
      const base = defaultModule.turnFlags(before, after, moves, turn, ctx);
      const round = Number(after.globals.round ?? 1);
      return {
        ...base,
        // A draw is fine to take back in this game; a round's first turn starts a new undo stretch.
        preventUndo: false,
        undoBreakpoint: moves.some((m) => m.type === "set global"),
        replayMarks: round !== Number(before.globals.round ?? 1) ? [`Round ${round}`] : [],
      };
    },
    pressStateButton: () => [{ type: "set global", name: "round", value: 2 }],
  });

  it("override the default and put their marks on the replay bar", () => {
    const t = table(marking)
      .play("red", press("next round"))
      .play("red", drawToHand)
      .play("red", meepleToPile);
    expect(t.events.map((e) => (e.kind === "turn" ? [e.preventUndo, e.undoBreakpoint] : null))).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]);
    expect(replayMarks(t.events)).toEqual([
      { step: 0, label: "S" },
      { step: 1, label: "Round 2" },
      { step: 3, label: "E" },
    ]);
    // Not breakpoints: one undo walks back over both turns to the round's start, the draw included.
    expect(planUndo(t.events, t.situation, { seat: "red", timestamp: 0 })).toMatchObject({
      ok: true,
      value: { undone: [2, 1, 0] },
    });
  });

  it("give a reason of their own, shown with the refusal", () => {
    const t = table(resolveModule({ turnFlags: () => ({ preventUndo: "the tile is glued down" }) })).play(
      "red",
      meepleToPile,
    );
    expect(undoMessage(t)).toBe("You cannot undo this turn: the tile is glued down");
    const bare = table(resolveModule({ turnFlags: () => ({ preventUndo: true }) })).play("red", meepleToPile);
    expect(undoMessage(bare)).toBe("You cannot undo this turn");
  });

  it("are cut to short captions, a few a turn", () => {
    const long = "x".repeat(80);
    expect(normaliseReplayMarks([" Round 2 ", "", long, "a", "b", "c", "d", "e"])).toEqual([
      "Round 2",
      "x".repeat(50),
      "a",
      "b",
      "c",
    ]);
  });

  it("refuse the turn as a script error when the hook throws", () => {
    const broken = resolveModule({
      turnFlags: () => {
        throw new Error("no flags today");
      },
    });
    const result = recordTurn(testSituation(), 0, turnOf(meepleToPile), broken, { pieces: TEST_PIECES });
    expect(result).toMatchObject({
      ok: false,
      code: "turn/script-error",
      message: "SCRIPT ERROR: no flags today",
    });
  });
});

describe("flags the player's side asks for", () => {
  const turn = turnOf(meepleToPile);

  it("may add a prevention to their own turn, never lift the rules' one", () => {
    const added = recordTurn(
      testSituation(),
      0,
      turn,
      resolveModule({}),
      { pieces: TEST_PIECES },
      {
        preventUndo: true,
      },
    );
    expect(added.ok && added.value.event).toMatchObject({ preventUndo: true });
    const drawn = recordTurn(
      testSituation(),
      0,
      turnOf(drawToHand),
      resolveModule({}),
      { pieces: TEST_PIECES },
      {
        preventUndo: false,
      },
    );
    expect(drawn.ok && drawn.value.event).toMatchObject({
      preventUndo: true,
      preventUndoReason: UNDO_REASONS.revealed,
    });
  });
});

function turnOf(actions: Action[]) {
  return { seat: "red", actions, timestamp: 1, turnUID: "u1" };
}
