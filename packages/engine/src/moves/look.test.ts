import { describe, expect, it } from "vitest";
import { defaultModule } from "../module/default.js";
import { recordTurn } from "../table/record.js";
import { expectRefusal, mustApply, pileIds, TEST_PIECES, testSituation } from "../test/fixture.js";
import { visibilityFor } from "../visibility.js";
import { applyMove } from "./index.js";

describe("look", () => {
  it("shows the looker every card in the deck, and nobody else, with a log line for all", () => {
    const s = testSituation();
    const { situation, log } = mustApply(s, {
      type: "look",
      componentId: "deck",
      positionName: "deck",
      sourcePlayer: "red",
      editMode: true,
    });
    for (const id of pileIds(situation, "deck", "deck")) {
      expect(visibilityFor(situation, TEST_PIECES, id, "red", false)).toBe("face");
      expect(visibilityFor(situation, TEST_PIECES, id, "blue", false)).toBe("back");
    }
    expect(log.map((l) => [l.message, l.event.sourcePlayer, l.event.logStyle])).toEqual([
      ["looked at deck", "red", "edit"],
    ]);
  });

  it("is forgotten when the deck is shuffled", () => {
    let s = mustApply(testSituation(), { type: "look", componentId: "deck", sourcePlayer: "red" }).situation;
    s = mustApply(s, { type: "reshuffle", componentId: "deck" }).situation;
    for (const id of pileIds(s, "deck", "deck"))
      expect(visibilityFor(s, TEST_PIECES, id, "red", false)).toBe("back");
  });

  it("refuses an unknown component, a missing position and a move with no player", () => {
    const s = testSituation();
    expectRefusal(
      applyMove(s, { type: "look", componentId: "nope", sourcePlayer: "red" }),
      "move/unknown-component",
    );
    expectRefusal(
      applyMove(s, { type: "look", componentId: "deck", positionName: "nope", sourcePlayer: "red" }),
      "move/bad-position",
    );
    expectRefusal(applyMove(s, { type: "look", componentId: "deck" }), "move/unknown-player");
  });
});

describe("the look's log line", () => {
  it("names a player's area as that player's hand, and what lies in it as theirs", () => {
    let s = testSituation();
    s = mustApply(s, {
      type: "component move",
      componentId: "m1",
      destinationId: "area-blue",
      positionName: "tableau",
    }).situation;
    const said = (componentId: string) =>
      mustApply(s, { type: "look", componentId, sourcePlayer: "red" }).log.map((l) => l.message);
    expect(said("area-blue")).toEqual(["looked at blue's hand"]);
    expect(said("m1")).toEqual(["looked at blue's meeple"]);
    expect(said("deck")).toEqual(["looked at deck"]);
  });
});

describe("a look in edit mode", () => {
  it("cannot be undone: it showed one player what the others did not see", () => {
    const recorded = recordTurn(
      testSituation(),
      0,
      {
        seat: "red",
        editMode: true,
        timestamp: 1,
        turnUID: "look",
        actions: [{ kind: "raw move", move: { type: "look", componentId: "deck" } }],
      },
      defaultModule,
      { pieces: TEST_PIECES },
    );
    expect(recorded.ok && recorded.value.event).toMatchObject({
      preventUndo: true,
      preventUndoReason: "it revealed hidden information",
    });
  });
});
