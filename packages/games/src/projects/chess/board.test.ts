import { resolveModule } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../../registry";
import { defaultOptions, playTable } from "../../testing/driver";
import { boardSvg, boardTurnedSvg, LABEL_COLOR, LABEL_SIZE } from "./images/table";
import { chess } from "./index";
import { chessMarks, chessMoveList } from "./marks";
import { sidesFor } from "./module";
import { applySan, type ChessState, startState } from "./rules";
import { chessOf, sidesOf } from "./state";
import { BLACK, fenTable, moveActions, newTable, playSan, press, WHITE } from "./testkit";

// Chess as chess players expect it at the table (issue 37 point 5): seats named after the sides, the
// board turned for Black, the last move and a check marked, the moves listed in SAN, and resigning or
// offering a draw while the opponent thinks.

const module = resolveModule(chess.module);
const ctx = { pieces: piecesOf(chess.content.components), options: defaultOptions(chess) };

function played(sans: string): ChessState {
  const start = startState();
  if (!start.ok) throw new Error("start");
  let state = start.value;
  for (const san of sans.split(" ")) {
    const next = applySan(state, san);
    if (!next.ok) throw new Error(san);
    state = next.value;
  }
  return state;
}

describe("chess seats", () => {
  it("seats White on the white seat and Black on the black one, whatever their order", () => {
    expect(sidesFor(["black", "white"])).toEqual({ white: "white", black: "black" });
    const t = playTable(chess, { players: ["black", "white"] });
    expect(sidesOf(t.situation)).toEqual({ white: "white", black: "black" });
    expect(t.situation.gameState.current.activePlayer).toBe("white");
  });

  it("plays seats of other names (tables made before) in seat order, the first White", () => {
    expect(sidesFor(["red", "blue"])).toEqual({ white: "red", black: "blue" });
  });
});

describe("chess board marks", () => {
  it("marks the last move's two squares", () => {
    expect(chessMarks(played("e4 e5 Nf3"))).toEqual([
      { target: "g1", kind: "recent", label: "last move from here" },
      { target: "f3", kind: "recent", label: "last move to here" },
    ]);
  });

  it("marks the king in check", () => {
    const marks = chessMarks(played("e4 f5 Qh5+"));
    expect(marks).toContainEqual({ target: "e8", kind: "danger", label: "king in check" });
    expect(chessMarks(played("e4 f5")).some((m) => m.kind === "danger")).toBe(false);
  });

  it("marks nothing before the first move", () => {
    const start = startState();
    if (!start.ok) throw new Error("start");
    expect(chessMarks(start.value)).toEqual([]);
  });

  it("answers the table's marks from the situation played through clicks", () => {
    const t = playSan(newTable(), "e4 e5");
    expect(module.marks(t.situation, "spectator", ctx).map((m) => m.target)).toEqual(["e7", "e5"]);
  });
});

describe("chess board orientation", () => {
  it("turns the board for Black only", () => {
    const s = newTable().situation;
    expect(module.turnBoard(s, BLACK, ctx)).toBe(true);
    expect(module.turnBoard(s, WHITE, ctx)).toBe(false);
    expect(module.turnBoard(s, "spectator", ctx)).toBe(false);
  });

  it("draws the turned board's coordinates turned back, and all of them large and dark", () => {
    expect(chess.content.images["board-turned.svg"]).toBe(boardTurnedSvg);
    expect(chess.content.components.board).toMatchObject({ turnedImage: "board-turned.svg" });
    for (const svg of [boardSvg, boardTurnedSvg]) {
      expect(svg).toContain(`font-size="${LABEL_SIZE}"`);
      expect(svg).toContain(`fill="${LABEL_COLOR}"`);
    }
    expect(LABEL_SIZE).toBeGreaterThanOrEqual(24);
    expect(boardTurnedSvg.match(/rotate\(180 /g)).toHaveLength(16);
    expect(boardSvg).not.toContain("rotate(");
  });

  it("keeps the coordinates readable on both square colours (WCAG 4.5:1)", () => {
    for (const square of ["#eedcb3", "#a8764a"]) expect(contrast(LABEL_COLOR, square)).toBeGreaterThan(4.5);
  });
});

describe("chess move list", () => {
  it("lists the moves in SAN, two to a numbered row", () => {
    expect(chessMoveList(played("e4 e5 Nf3"))).toEqual({
      columns: ["White", "Black"],
      rows: [
        { number: 1, moves: ["e4", "e5"] },
        { number: 2, moves: ["Nf3", ""] },
      ],
    });
  });

  it("starts a game with Black to move on Black's side of its first row", () => {
    const t = fenTable("after-e4");
    playSan(t, "c5");
    expect(module.moveList(t.situation, ctx)?.rows).toEqual([{ number: 1, moves: ["", "c5"] }]);
  });
});

describe("chess resign and draw offers out of turn", () => {
  it("lets the waiting side resign, which ends the game", () => {
    const t = newTable();
    t.play(BLACK, [press("resign")]);
    expect(t.situation.ended).toBe(true);
    expect(chessOf(t.situation).outcome?.result).toBe("1-0");
  });

  it("lets the waiting side offer a draw, answered by the side to move", () => {
    const t = newTable();
    t.play(BLACK, [press("offer-draw")]);
    expect(t.situation.gameState.current.message).toBe(
      "White to move. Black offers a draw: accept or decline it.",
    );
    // The offer is answered on one's own turn only: Black cannot accept it for White.
    t.refused(BLACK, [press("accept-draw")], "You cannot play now: Wait for your turn");
    t.play(WHITE, [press("accept-draw")]);
    expect(chessOf(t.situation).outcome?.result).toBe("1/2-1/2");
  });

  it("still keeps the waiting side's pieces still", () => {
    const t = newTable();
    t.refused(BLACK, moveActions(t.situation, "e7", "e5"), "You cannot play now: Wait for your turn");
    t.refused("spectator", [press("resign")], "You cannot play now: Wait for your turn");
  });
});

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}
