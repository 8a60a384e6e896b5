import { describe, expect, it } from "vitest";
import { FULL_VIEW, SPECTATOR } from "../constants.js";
import type { LogMessage } from "../log/message.js";
import { defaultModule } from "../module/default.js";
import { createTableHolder } from "../table/holder.js";
import { deckTop, TEST_PIECES, testSituation } from "../test/fixture.js";
import { linesFor } from "./event.js";

const line = (message: string, recipients?: string[]): LogMessage => ({
  message,
  event: {
    sourcePlayer: "red",
    targetPlayer: "blue",
    timestamp: 0,
    logStyle: "normal",
    logIndent: 0,
    editMode: false,
    type: "custom",
  },
  currTurn: 0,
  logDisplayComponent: null,
  ...(recipients === undefined ? {} : { recipients }),
});

describe("an event as one viewer receives it", () => {
  it("gives a line of a move with eventRecipients to those only, and a hidden turn's lines to its player", () => {
    // targetPlayer says whom a line is about ('blue gained 4 coins'): everyone reads it.
    const lines = [line("for all"), line("for blue", ["blue"])];
    expect(linesFor("blue", lines, { actor: "red" }).map((l) => l.message)).toEqual(["for all", "for blue"]);
    expect(linesFor("green", lines, { actor: "red" }).map((l) => l.message)).toEqual(["for all"]);
    expect(linesFor("blue", lines, { actor: "red", turnHidden: true })).toEqual([]);
    expect(linesFor("red", lines, { actor: "red", turnHidden: true }).map((l) => l.message)).toEqual([
      "for all",
    ]);
    expect(linesFor(FULL_VIEW, lines, { actor: "red", turnHidden: true })).toHaveLength(2);
  });

  it("outlines the moves without what chance decided, and tells new ids only to who kept seeing the piece", () => {
    const holder = createTableHolder({
      start: testSituation(),
      module: defaultModule,
      project: { pieces: TEST_PIECES },
    });
    const top = deckTop(holder.live);
    const edit = (seat: string, move: unknown) => ({
      seat,
      timestamp: 1,
      turnUID: `t${holder.events.length}`,
      editMode: true,
      actions: [{ kind: "raw move" as const, move }],
    });
    holder.play(edit("red", { type: "reshuffle", componentId: "deck" }));
    const shuffle = holder.viewEvent("blue", 0, true);
    expect(shuffle.steps).toEqual([{ type: "reshuffle", componentId: "deck" }]);
    expect(JSON.stringify(shuffle)).not.toContain("order");
    // Nobody saw the shuffled cards' faces: nobody is told where they went.
    expect(shuffle.renamed).toBeUndefined();
    expect(holder.viewEvent(FULL_VIEW, 0, false).renamed).toHaveLength(6);

    const card = holder.follow(top);
    holder.play(
      edit("red", {
        type: "component move",
        componentId: card,
        destinationId: "table",
        positionName: "pile",
      }),
    );
    holder.play(edit("red", { type: "component reveal", componentId: card }));
    // From the shared pile (everyone sees it) into red's hand (only red): red keeps seeing it.
    holder.play(
      edit("red", {
        type: "component move",
        componentId: card,
        destinationId: "area-red",
        positionName: "hand",
      }),
    );
    const renamed = holder.events[3]?.kind === "turn" ? holder.events[3].renamed : undefined;
    expect(renamed).toHaveLength(1);
    expect(holder.viewEvent("red", 3, false).renamed).toEqual(renamed);
    expect(holder.viewEvent("blue", 3, false).renamed).toBeUndefined();
    expect(holder.viewEvent(SPECTATOR, 3, false).renamed).toBeUndefined();
  });

  it("hands a viewer the very same event while it is sent, and an equal one after other tables' events", () => {
    const table = () =>
      createTableHolder({ start: testSituation(), module: defaultModule, project: { pieces: TEST_PIECES } });
    const draw = (holder: ReturnType<typeof table>) =>
      holder.play({
        seat: "red",
        timestamp: 1,
        turnUID: `t${holder.events.length}`,
        editMode: true,
        actions: [
          {
            kind: "raw move" as const,
            move: {
              type: "component move",
              componentId: deckTop(holder.live),
              destinationId: "area-red",
              positionName: "hand",
            },
          },
        ],
      });
    const holder = table();
    draw(holder);
    const blue = holder.viewEvent("blue", 0, true);
    // One object for everyone it is sent to: a broadcast serialises it once.
    expect(holder.viewEvent("blue", 0, true)).toBe(blue);
    expect(blue.patch).toBeDefined();
    // The engine keeps what it made for the newest events only; made again, it is the same.
    for (let i = 0; i < 12; i++) {
      const other = table();
      draw(other);
      other.viewEvent("blue", 0, true);
    }
    const again = holder.viewEvent("blue", 0, true);
    expect(again).not.toBe(blue);
    expect(again).toEqual(blue);
  });
});
