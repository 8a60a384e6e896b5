import { type LogMessage, type LogTurn, logTurn } from "@tt/engine";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { logRows } from "./eventLog";
import { LogPanel } from "./Panels";

// The game log shows each turn in the game's words; the move lines behind a summary are the
// designers' (issue 37 point 3).

const line = (message: string, type = "component move", editMode = false): LogMessage => ({
  message,
  event: {
    sourcePlayer: "red",
    targetPlayer: null,
    timestamp: 1,
    logStyle: editMode ? "edit" : "normal",
    logIndent: 0,
    editMode,
    type,
  },
  currTurn: 0,
  logDisplayComponent: null,
});

const moved = ["moved card", "lost 1 coins", "moved card", "moved card", "revealed card"].map((m) => line(m));
const turns: LogTurn[] = [
  logTurn(0, moved, [line("bought Silk for 1 coin", "summary")]),
  // An edit-mode turn, and turns of a log older than summaries, say their moves.
  logTurn(1, [line("moved card", "component move", true)], null),
];

/** The text of each line as a person reads it (the styles emotion writes into the markup left out). */
const texts = (html: string) =>
  [
    ...html.replace(/<style[^>]*>.*?<\/style>/g, "").matchAll(/<div[^>]*data-seq="\d+"[^>]*>(.*?)<\/div>/g),
  ].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, "").replace(/\s+/g, " "));

describe("the game log panel", () => {
  it("shows a turn's summary in place of its move lines, and the move lines of a turn without one", () => {
    const html = renderToStaticMarkup(<LogPanel turns={turns} />);
    expect(texts(html)).toEqual(["red bought Silk for 1 coin", "red edit moved card"]);
    // With the player's colour swatch (as the table draws it), the line still reads as a sentence.
    const swatched = renderToStaticMarkup(
      <LogPanel
        turns={turns}
        lineView={(l) => ({
          source: { name: l.event.sourcePlayer ?? "", color: "#ff4038" },
          target: null,
          component: null,
        })}
      />,
    );
    expect(texts(swatched)).toEqual(["red bought Silk for 1 coin", "red edit moved card"]);
    expect(html).not.toContain("revealed card");
    // Players get no way to the move lines.
    expect(html).not.toContain("Moves");
  });

  it("offers designers the move lines behind each summary, indented under it", () => {
    expect(renderToStaticMarkup(<LogPanel turns={turns} mayShowMoves />)).toContain("Moves");
    const rows = logRows(turns, true);
    expect(rows.map((r) => [r.line.seq, r.move, r.line.message])).toEqual([
      [0, false, "bought Silk for 1 coin"],
      ...moved.map((m) => [0, true, m.message]),
      [1, false, "moved card"],
    ]);
    expect(logRows(turns, false).every((r) => !r.move)).toBe(true);
  });

  it("says so while there is nothing to read", () => {
    const quiet = [logTurn(0, [], [])];
    expect(renderToStaticMarkup(<LogPanel turns={quiet} />)).toContain("No moves yet.");
  });
});
