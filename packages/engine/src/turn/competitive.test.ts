import { describe, expect, it } from "vitest";
import { defaultModule } from "../module/default.js";
import { UNDO_REASONS } from "../module/turn-flags.js";
import { createTableHolder } from "../table/holder.js";
import { createViewerLog, predictTurn } from "../table/viewer-log.js";
import { deckTop, deepFreeze, mustApply, pileIds, TEST_PIECES, testSituation } from "../test/fixture.js";
import { visibilityFor } from "../visibility.js";
import type { Action, Turn } from "./actions.js";
import { evaluateTurn } from "./evaluate.js";

// Issue 36, point 3: at a competitive table edit mode shows hidden pieces only through the logged
// look, and no client chooses who reads or sees a move.

const project = { pieces: TEST_PIECES, options: {} };

/** Two cards face up in blue's hand: only blue sees their faces (the hand is owningPlayerOnly). */
function dealt() {
  let s = testSituation();
  for (let i = 0; i < 2; i++) {
    const card = deckTop(s);
    s = mustApply(s, {
      type: "component move",
      componentId: card,
      destinationId: "area-blue",
      positionName: "hand",
    }).situation;
    s = mustApply(s, { type: "component reveal", componentId: card }).situation;
  }
  return deepFreeze(s);
}

const raw = (move: unknown): Action => ({ kind: "raw move", move });

function editTurn(seat: string, actions: Action[], competitive: boolean): Turn {
  return { seat, editMode: true, timestamp: 7, turnUID: "edit", actions, competitive };
}

const attack = {
  look: { type: "look", componentId: "area-blue", eventRecipients: ["red"] },
  hiddenLook: { type: "look", componentId: "area-blue", logMessage: "" },
  disguisedLook: { type: "look", componentId: "area-blue", logMessage: "moved a meeple" },
  reveal: (card: string) => ({ type: "component reveal", componentId: card, forPlayers: ["red"] }),
  unflipped: (card: string) => ({
    type: "set component option",
    componentId: card,
    option: "cardUnflippedFor",
    value: ["red"],
  }),
  faceUp: { type: "set component option", componentId: "deck", option: "revealTop", value: true },
  overdrive: (card: string) => ({
    type: "set component overdrive",
    componentId: card,
    overdrive: { displayMode: "face" },
  }),
};

describe("raw moves at a competitive table", () => {
  it("refuse every move that chooses who reads its line or who sees a component", () => {
    const s = dealt();
    const card = pileIds(s, "area-blue", "hand")[0] as string;
    for (const move of [
      attack.look,
      attack.hiddenLook,
      attack.disguisedLook,
      attack.reveal(card),
      { type: "reveal all", componentId: "area-blue", forPlayers: ["red"] },
      attack.unflipped(card),
      attack.faceUp,
      attack.overdrive(card),
    ])
      expect(evaluateTurn(s, editTurn("red", [raw(move)], true), defaultModule, project)).toMatchObject({
        ok: false,
        code: "turn/edit-chooses-readers",
        message:
          "In a competitive game an edit move cannot choose who sees a component or who reads its log line: the server decides.",
      });
  });

  it("take the same moves at a sandbox table, where every seat sees everything anyway", () => {
    const s = dealt();
    const card = pileIds(s, "area-blue", "hand")[0] as string;
    for (const move of [attack.look, attack.reveal(card), attack.unflipped(card)])
      expect(evaluateTurn(s, editTurn("red", [raw(move)], false), defaultModule, project).ok).toBe(true);
  });

  it("let the look through: the looker sees blue's hand, everyone reads 'looked at blue's hand'", () => {
    const s = dealt();
    const looked = evaluateTurn(
      s,
      editTurn("red", [raw({ type: "look", componentId: "area-blue" })], true),
      defaultModule,
      project,
    );
    if (!looked.ok) throw new Error(looked.message);
    for (const id of pileIds(s, "area-blue", "hand"))
      expect(visibilityFor(looked.value.situation, TEST_PIECES, id, "red", false)).toBe("face");
    expect(looked.value.log).toEqual([
      expect.objectContaining({
        message: "looked at blue's hand",
        event: expect.objectContaining({ sourcePlayer: "red", editMode: true }),
      }),
    ]);
    expect(looked.value.log[0]?.recipients).toBeUndefined();
  });

  it("refuse any other move that shows some players a face the others do not see: 'use Look'", () => {
    const s = dealt();
    const card = pileIds(s, "area-blue", "hand")[0] as string;
    const top = deckTop(s);
    const peeks: Action[][] = [
      // The deck's top card into red's hand, then turned up there: red sees it, blue does not.
      [
        raw({ type: "component move", componentId: top, destinationId: "area-red", positionName: "hand" }),
        raw({ type: "component reveal", componentId: top }),
      ],
      // Blue's card into red's hand: red sees it now, blue no longer.
      [raw({ type: "component move", componentId: card, destinationId: "area-red", positionName: "hand" })],
    ];
    for (const actions of peeks)
      expect(evaluateTurn(s, editTurn("red", actions, true), defaultModule, project)).toMatchObject({
        ok: false,
        code: "turn/edit-reveals",
      });
    // The same moves at a sandbox, where every seat sees everything anyway, go.
    for (const actions of peeks)
      expect(evaluateTurn(s, editTurn("red", actions, false), defaultModule, project).ok).toBe(true);
  });

  it("let a face be shown to the whole table, logged for everyone and not to be undone", () => {
    const s = dealt();
    const card = pileIds(s, "area-blue", "hand")[0] as string;
    const shown = [
      // Blue's card laid on the table, face up: everyone sees it.
      { type: "component move", componentId: card, destinationId: "table", positionName: "pile" },
      // The deck's top card turned face up.
      { type: "component reveal", componentId: deckTop(s) },
      { type: "reveal all", componentId: "deck", positionName: "deck" },
    ];
    for (const move of shown) {
      const holder = createTableHolder({ start: s, events: [], module: defaultModule, project });
      const recorded = holder.record(editTurn("red", [raw(move)], true));
      if (!recorded.ok) throw new Error(`${move.type}: ${recorded.code}`);
      expect(recorded.value.event).toMatchObject({
        preventUndo: true,
        preventUndoReason: UNDO_REASONS.revealed,
      });
      expect(recorded.value.outcome.log.every((l) => l.recipients === undefined)).toBe(true);
      expect(recorded.value.outcome.log.length).toBeGreaterThan(0);
    }
    // What shows nothing new goes, and may be undone: a meeple moved, a card turned face down.
    const plain = [
      { type: "component move", componentId: "m1", destinationId: "table", positionName: "pile" },
      { type: "component reveal", componentId: card, facedown: true },
    ];
    for (const move of plain) {
      const holder = createTableHolder({ start: s, events: [], module: defaultModule, project });
      const recorded = holder.record(editTurn("red", [raw(move)], true));
      expect(recorded.ok && recorded.value.event?.preventUndo).toBe(false);
    }
  });

  it("are refused in the browser's prediction too, before anything is sent", () => {
    const s = dealt();
    const log = createViewerLog("red", s, []);
    const predicted = predictTurn(log, editTurn("red", [raw(attack.look)], true), defaultModule, project);
    expect(predicted).toMatchObject({ kind: "refused", refusal: { code: "turn/edit-chooses-readers" } });
  });
});

describe("edit-mode turns at a competitive table", () => {
  const dealToRed: Action[] = [
    { kind: "open deck", deckId: "deck" },
    { kind: "click position", destinationId: "area-red", positionName: "hand" },
  ];

  it("cannot be undone once they revealed something, an edit click included", () => {
    const table = createTableHolder({ start: dealt(), module: defaultModule, project });
    const played = table.play(editTurn("red", dealToRed, true));
    expect(played.ok && played.value.event).toMatchObject({
      editMode: true,
      preventUndo: true,
      preventUndoReason: UNDO_REASONS.revealed,
    });
    expect(table.planUndo({ seat: "blue", editMode: true, timestamp: 8 })).toMatchObject({
      ok: false,
      code: "undo/not-allowed",
      message: "You cannot undo this turn: it revealed hidden information",
    });
  });

  it("stay undoable when they revealed nothing, and at a sandbox table", () => {
    const meeple: Action[] = [
      raw({ type: "component move", componentId: "m1", destinationId: "table", positionName: "pile" }),
    ];
    const competitive = createTableHolder({ start: dealt(), module: defaultModule, project });
    expect(competitive.play(editTurn("red", meeple, true)).ok).toBe(true);
    expect(competitive.planUndo({ seat: "red", editMode: true, timestamp: 8 }).ok).toBe(true);
    const sandbox = createTableHolder({ start: dealt(), module: defaultModule, project });
    expect(sandbox.play(editTurn("red", dealToRed, false)).ok).toBe(true);
    expect(sandbox.planUndo({ seat: "red", editMode: true, timestamp: 8 }).ok).toBe(true);
  });

  it("log what the rules would leave unlogged, for every player", () => {
    const s = dealt();
    const set = evaluateTurn(
      s,
      editTurn("red", [raw({ type: "set gamestate", state: { name: "cheat", activePlayer: "red" } })], true),
      defaultModule,
      project,
    );
    expect(set.ok && set.value.log.map((l) => [l.message, l.recipients])).toEqual([
      ["set gamestate", undefined],
    ]);
  });
});
