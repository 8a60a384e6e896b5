import { describe, expect, it } from "vitest";
import type { GameTable } from "../../testing/driver";
import { figurine } from "./rules";
import { describeStat } from "./summary";
import { BLACK, fenTable, moveActions, newTable, playSan, press, WHITE } from "./testkit";

// The chess log as chess players write it (issue 37 point 3): numbered SAN with the pieces' figures.

/** Each turn of the log as players read it: its lines, the seat before each ('-' for nobody's). */
const log = (t: GameTable) =>
  t.holder.turns().map((turn) => turn.lines.map((l) => `${l.event.sourcePlayer ?? "-"}: ${l.message}`));

describe("the chess log", () => {
  it("numbers each move in SAN with its piece's figure, and ends with the result", () => {
    const t = playSan(newTable(), "f3 e5 g4 Qh4#");
    expect(log(t)).toEqual([
      [`${WHITE}: 1. f3`],
      [`${BLACK}: 1... e5`],
      [`${WHITE}: 2. g4`],
      [`${BLACK}: 2... ♛h4#`, "-: Checkmate. Black wins. (0-1)"],
    ]);
    // The moved piece's picture goes before each move's line.
    expect(t.holder.turns().map((turn) => turn.lines[0]?.logDisplayComponent)).toEqual([
      "white-pawn-f2",
      "black-pawn-e7",
      "white-pawn-g2",
      "black-queen-d8",
    ]);
    // The moves' own lines stay behind each turn for designers.
    expect(t.holder.turns()[3]?.moves?.map((l) => l.message)).toContain("Qh4#");
  });

  it("writes castling, captures and White's pieces as chess players do", () => {
    const t = playSan(newTable(), "e4 d5 Nf3 dxe4 Bc4 Nc6 O-O");
    expect(log(t).flat()).toEqual([
      `${WHITE}: 1. e4`,
      `${BLACK}: 1... d5`,
      `${WHITE}: 2. ♘f3`,
      `${BLACK}: 2... dxe4`,
      `${WHITE}: 3. ♗c4`,
      `${BLACK}: 3... ♞c6`,
      `${WHITE}: 4. O-O`,
    ]);
  });

  it("writes a promotion with its figure, and a pawn that waits for its piece", () => {
    expect(log(playSan(fenTable("promotion-puzzle"), "e8=Q#"))).toEqual([
      [`${WHITE}: 1. e8=♕#`, "-: Checkmate. White wins. (1-0)"],
    ]);
    // The piece chosen in a turn of its own, as a player picks it from the buttons.
    const t = fenTable("promotion-puzzle");
    t.play(WHITE, moveActions(t.situation, "e7", "e8")).play(WHITE, [press("promote-queen")]);
    expect(log(t)).toEqual([
      [`${WHITE}: e7-e8: a pawn to promote`],
      [`${WHITE}: 1. e8=♕#`, "-: Checkmate. White wins. (1-0)"],
    ]);
  });

  it("says draw offers and resignations in words", () => {
    const t = newTable()
      .play(WHITE, [press("offer-draw")])
      .play(WHITE, [press("resign")]);
    expect(log(t)).toEqual([
      [`${WHITE}: White offers a draw.`],
      [`${WHITE}: White resigns.`, "-: White resigned. Black wins. (0-1)"],
    ]);
  });
});

describe("figurine notation", () => {
  it("sets each piece letter as its side's figure, and leaves pawns, squares and castling alone", () => {
    expect(figurine("Nf3", "white")).toBe("♘f3");
    expect(figurine("Qxf7#", "black")).toBe("♛xf7#");
    expect(figurine("exd8=Q+", "white")).toBe("exd8=♕+");
    expect(figurine("Kxb1", "black")).toBe("♚xb1");
    expect(figurine("Rae1", "white")).toBe("♖ae1");
    expect(figurine("Bb5", "black")).toBe("♝b5");
    expect(figurine("O-O-O", "white")).toBe("O-O-O");
    expect(figurine("e4", "black")).toBe("e4");
  });
});

describe("chess statistics", () => {
  it("labels the result and the game's record in chess words", () => {
    const t = playSan(newTable(), "f3 e5 g4 Qh4#");
    const s = t.situation;
    const ctx = { pieces: {}, options: {} };
    expect(describeStat({ scope: "table", key: "result", value: s.stats.result ?? null }, s, ctx)).toEqual([
      { label: "Result", value: "Checkmate. Black wins. (0-1)" },
      { label: "Winner", value: BLACK },
    ]);
    const game = s.objectStats.game ?? {};
    expect(
      Object.entries(game).flatMap(([key, value]) =>
        describeStat({ scope: "component", key, value, owner: "game" }, s, ctx),
      ),
    ).toEqual([
      { label: "Result", value: "0-1" },
      { label: "How it ended", value: "checkmate" },
      { label: "Moves played", value: "4" },
      { label: "Game record", value: "1. f3 e5 2. g4 Qh4#" },
    ]);
  });
});
