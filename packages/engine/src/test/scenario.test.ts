import { describe, expect, it } from "vitest";
import { activeState } from "../access.js";
import { replayMarks } from "../table/events.js";
import { table } from "./driver.js";
import { deckTop, pileIds, testSituation } from "./fixture.js";
import { testGame } from "./test-game.js";

describe("a short game of the test game", () => {
  it("alternates turns, scores, refuses out-of-turn play, undoes and replays", () => {
    const start = testSituation();
    const firstCard = deckTop(start);
    const t = table(testGame, start)
      .play("red", [
        { kind: "open deck", deckId: "deck" },
        { kind: "click position", destinationId: "area-red", positionName: "hand" },
      ])
      .expect((s) => {
        expect(pileIds(s, "area-red", "hand")).toEqual([firstCard]);
        expect(activeState(s).activePlayer).toBe("blue");
        expect(s.players[0]?.counters[1]?.value).toBe(1);
      })
      .refused(
        "red",
        [{ kind: "click component", componentId: "m1" }],
        "You cannot play now: Wait for your turn",
      )
      .play("blue", [
        { kind: "click component", componentId: "m1" },
        { kind: "click position", destinationId: "area-blue", positionName: "tableau" },
      ])
      .expect((s) => expect(activeState(s).activePlayer).toBe("red"))
      .undo("blue")
      .expect((s) => {
        expect(pileIds(s, "area-blue", "tableau")).toEqual([]);
        expect(activeState(s).activePlayer).toBe("blue");
      });
    expect(t.events.map((e) => e.kind)).toEqual(["turn", "turn", "undo"]);
    expect(t.at(0)).toEqual(start);
    expect(t.at(2)).not.toEqual(t.at(1));
    expect(t.at(3)).toEqual(t.at(1));
    expect(replayMarks(t.events).map((m) => m.label)).toEqual(["S", "E"]);
  });
});
