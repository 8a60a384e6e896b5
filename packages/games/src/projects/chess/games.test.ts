import { findComponent, parseMove, replayMarks } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { trayOf } from "./layout";
import { chessOf } from "./state";
import {
  BLACK,
  click,
  componentCount,
  fenTable,
  idAt,
  logLines,
  moveActions,
  newTable,
  playSan,
  press,
  stateName,
  WHITE,
} from "./testkit";

/** Complete games played click by click through the engine's turn pipeline. */

const resultOf = (t: ReturnType<typeof newTable>) => t.situation.stats.result as { [k: string]: unknown };

describe("chess games to the end", () => {
  it("fool's mate: checkmate, SAN log, stats", () => {
    const t = playSan(newTable(), "1. f3 e5 2. g4 Qh4#");
    expect(t.situation.ended).toBe(true);
    expect(resultOf(t)).toEqual({
      result: "0-1",
      reason: "checkmate",
      text: "Checkmate. Black wins.",
      winner: BLACK,
    });
    expect(logLines(t)).toEqual(["f3", "e5", "g4", "Qh4#", "Checkmate. Black wins. (0-1)"]);
    expect(t.situation.players.map((p) => [p.stats.score, p.stats.moves, p.stats.checks])).toEqual([
      [0, 2, 0],
      [1, 2, 1],
    ]);
    expect(t.situation.objectStats.game).toEqual({
      result: "0-1",
      reason: "checkmate",
      moves: 4,
      movetext: "1. f3 e5 2. g4 Qh4#",
    });
    expect(t.situation.gameState.current.message).toBe("Checkmate. Black wins. (0-1)");
  });

  it("stalemate (Loyd's ten-move stalemate), with components conserved throughout", () => {
    const t = newTable();
    const count = componentCount(t.situation);
    const moves = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6";
    for (const san of moves.split(" ")) {
      playSan(t, san);
      expect(componentCount(t.situation)).toBe(count);
    }
    expect(resultOf(t)).toMatchObject({ result: "1/2-1/2", reason: "stalemate", winner: null });
    const board = findComponent(t.situation.root, "board");
    expect(board?.children[trayOf("black")]).toHaveLength(6);
    expect(t.situation.players.map((p) => [p.stats.score, p.stats.captures])).toEqual([
      [0.5, 6],
      [0.5, 0],
    ]);
  });

  it("threefold repetition", () => {
    const t = playSan(newTable(), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    expect(t.situation.ended).toBe(false);
    playSan(t, "Ng8");
    expect(resultOf(t)).toMatchObject({ result: "1/2-1/2", reason: "threefold-repetition" });
  });

  it("insufficient material (the hidden debugging position)", () => {
    const t = playSan(fenTable("debug-bare-kings"), "Kxd2");
    expect(resultOf(t)).toMatchObject({ result: "1/2-1/2", reason: "insufficient-material" });
    expect(logLines(t)).toEqual(["Kxd2", "Draw: neither side has enough material to checkmate. (1/2-1/2)"]);
  });

  it("resignation", () => {
    const t = playSan(newTable(), "e4").play(BLACK, [press("resign")]);
    expect(resultOf(t)).toMatchObject({ result: "1-0", reason: "resignation", winner: WHITE });
    expect(logLines(t)).toEqual(["e4", "Black resigns.", "Black resigned. White wins. (1-0)"]);
  });

  it("draw offer: declined by moving, declined by button, then agreed", () => {
    const t = newTable().play(WHITE, [press("offer-draw")]);
    expect(t.situation.gameState.current.buttons.map((b) => b.name)).toEqual(["resign"]);
    playSan(t, "e4");
    expect(t.situation.gameState.current.message).toBe(
      "Black to move. White offers a draw: accept or decline it.",
    );
    expect(t.situation.gameState.current.buttons.map((b) => b.text)).toEqual([
      "Accept draw",
      "Decline draw",
      "Resign",
    ]);
    playSan(t, "e5");
    expect(chessOf(t.situation).drawOffer).toBeNull();
    t.play(WHITE, [press("offer-draw")]);
    playSan(t, "Nf3");
    t.play(BLACK, [press("decline-draw")]);
    expect(chessOf(t.situation).drawOffer).toBeNull();
    playSan(t, "Nc6").play(WHITE, [press("offer-draw")]);
    playSan(t, "Bb5").play(BLACK, [press("accept-draw")]);
    expect(resultOf(t)).toMatchObject({ result: "1/2-1/2", reason: "agreement", winner: null });
    expect(logLines(t)).toContain("Black accepts the draw.");
  });

  it.each([
    ["queen", "a8=Q+"],
    ["rook", "a8=R+"],
    ["bishop", "a8=B"],
    ["knight", "a8=N"],
  ])("promotes to a %s with the state buttons", (role, san) => {
    const t = fenTable("pawn-race");
    const pawn = idAt(t.situation, "a7");
    t.play(WHITE, moveActions(t.situation, "a7", "a8"));
    expect(stateName(t.situation)).toBe("promotion");
    expect(chessOf(t.situation).moves).toEqual([]);
    t.play(WHITE, [press(`promote-${role}`)]);
    expect(stateName(t.situation)).toBe("play");
    expect(idAt(t.situation, "a8")).toBe(pawn);
    expect(findComponent(t.situation.root, pawn)?.options.promoted).toBe(role);
    expect(chessOf(t.situation).moves).toEqual([san]);
    expect(logLines(t)).toEqual([san]);
    expect(t.situation.gameState.current.activePlayer).toBe(BLACK);
  });

  it("promotes with mate: e8=Q#", () => {
    const t = playSan(fenTable("promotion-puzzle"), "e8=Q#");
    expect(resultOf(t)).toMatchObject({ result: "1-0", reason: "checkmate", winner: WHITE });
    expect(logLines(t)).toEqual(["e8=Q#", "Checkmate. White wins. (1-0)"]);
  });

  it("underpromotes for Black later in a game", () => {
    const t = fenTable("pawn-race");
    playSan(t, "a8=Q+ Kd7 Qb7+ Ke6 Qc6+ Ke5 Qd7 h1=N Qd5+");
    expect(chessOf(t.situation).moves.at(-2)).toBe("h1=N");
    expect(findComponent(t.situation.root, "black-pawn-h2")?.options.promoted).toBe("knight");
  });

  it("castles on both sides, moving the rooks", () => {
    const t = playSan(newTable(), "e4 e5 Nf3 Nc6 Bc4 d6 O-O Be6 d3 Qd7 Nc3 O-O-O");
    const s = t.situation;
    expect([idAt(s, "g1"), idAt(s, "f1"), idAt(s, "c8"), idAt(s, "d8")]).toEqual([
      "white-king-e1",
      "white-rook-h1",
      "black-king-e8",
      "black-rook-a8",
    ]);
    expect(logLines(t)).toContain("O-O");
    expect(logLines(t).at(-1)).toBe("O-O-O");
  });

  it("captures en passant, moving the passed pawn to its tray", () => {
    const t = playSan(newTable(), "e4 a6 e5 d5 exd6");
    const board = findComponent(t.situation.root, "board");
    expect(board?.children[trayOf("black")]).toEqual([expect.objectContaining({ id: "black-pawn-d7" })]);
    expect(idAt(t.situation, "d6")).toBe("white-pawn-e2");
    expect(logLines(t).at(-1)).toBe("exd6");
  });

  it("captures by clicking the enemy piece while holding one's own", () => {
    const t = playSan(newTable(), "e4 d5");
    t.play(WHITE, [click(idAt(t.situation, "e4")), click(idAt(t.situation, "d5"))]);
    expect(idAt(t.situation, "d5")).toBe("white-pawn-e2");
    expect(logLines(t).at(-1)).toBe("exd5");
  });

  it("records only schema-valid moves, replays to the live situation and undoes a move", () => {
    const t = playSan(newTable(), "e4 e5 Nf3 Nc6 Bc4 d6 O-O Be6 d3 Qd7 Nc3 O-O-O");
    for (const e of t.events)
      if (e.kind === "turn") for (const m of e.moves) expect(parseMove(m).ok).toBe(true);
    expect(t.at(t.events.length)).toEqual(t.situation);
    t.undo(BLACK);
    expect(chessOf(t.situation).moves.at(-1)).toBe("Nc3");
    expect(idAt(t.situation, "e8")).toBe("black-king-e8");
    expect(t.situation.gameState.current.activePlayer).toBe(BLACK);
  });
});

describe("the replay bar", () => {
  const labels = (t: ReturnType<typeof newTable>) => replayMarks(t.events).map((m) => m.label);

  it("marks each check, mate and promotion where it was played, numbered as in the movetext", () => {
    expect(labels(playSan(newTable(), "1. f3 e5 2. g4 Qh4#"))).toEqual(["S", "2... Qh4#", "E"]);
    const checked = playSan(newTable(), "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7");
    expect(replayMarks(checked.events)).toEqual([
      { step: 0, label: "S" },
      { step: 11, label: "6. Qxd7+" },
      { step: 12, label: "E" },
    ]);
    expect(labels(playSan(fenTable("pawn-race"), "a8=Q+ Ke7 Qb8 h1=Q+"))).toEqual([
      "S",
      "1. a8=Q+",
      "2... h1=Q+",
      "E",
    ]);
    // Nothing else is marked, and every chess move can still be taken back.
    const quiet = playSan(newTable(), "e4 e5 Nf3");
    expect(labels(quiet)).toEqual(["S", "E"]);
    expect(quiet.events.every((e) => e.kind === "turn" && !e.preventUndo)).toBe(true);
  });
});

describe("after an edit-mode repair", () => {
  it("plays on from the board as it stands", () => {
    const table = newTable();
    // Edit mode: White's e-pawn is put on e4 by hand (no rules), then Black plays normally.
    table.play(
      WHITE,
      [
        {
          kind: "raw move",
          move: {
            type: "component move",
            componentId: "white-pawn-e2",
            destinationId: "board",
            positionName: "squares",
            positionIndex: "e4",
          },
        },
      ],
      { editMode: true },
    );
    expect(table.situation.globals.chess).toMatchObject({
      fen: expect.stringMatching(/^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP/),
    });
    // The stored position knows no pawn on e4; only a game that follows the board can push it on.
    table.play(WHITE, moveActions(table.situation, "e4", "e5"));
    table.play(BLACK, moveActions(table.situation, "d7", "d5"));
    table.play(WHITE, moveActions(table.situation, "e5", "d6"));
    expect(logLines(table).slice(-3)).toEqual(["e5", "d5", "exd6"]);
  });
});
