import { resolveModule, type Situation } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../../registry";
import { defaultOptions } from "../../testing/driver";
import { chess } from "./index";
import { chessOf } from "./state";
import {
  BLACK,
  click,
  fenTable,
  idAt,
  moveActions,
  newTable,
  playSan,
  press,
  square,
  WHITE,
} from "./testkit";

const module = resolveModule(chess.module);
const ctx = (options = {}) => ({
  pieces: piecesOf(chess.content.components),
  options: { ...defaultOptions(chess), ...options },
});
/** The situation as the browser sees it while `seat` holds `id` (the selection is held, not logged). */
const holding = (s: Situation, seat: string, id: string): Situation => ({
  ...s,
  selected: { ...s.selected, [seat]: id },
});
const highlights = (s: Situation, seat: string, options = {}) =>
  [...module.highlights(s, seat, ctx(options))].sort();

describe("chess refusals", () => {
  it("refuses the wrong seat, other players' pieces and pieces without moves", () => {
    const t = newTable();
    t.refused(BLACK, moveActions(t.situation, "e7", "e5"), "You cannot play now: Wait for your turn");
    t.refused("spectator", moveActions(t.situation, "e2", "e4"), "You cannot play now: Wait for your turn");
    t.refused(WHITE, [click(idAt(t.situation, "e7"))], "Cannot make move: That is not your piece.");
    t.refused(WHITE, [click(idAt(t.situation, "a1"))], "Cannot make move: That piece has no legal move.");
    t.refused(WHITE, [square("e4")], "Select a component first.");
  });

  it("refuses illegal destinations naming the piece, other moves with the core's messages", () => {
    const t = newTable();
    t.refused(
      WHITE,
      moveActions(t.situation, "e2", "e5"),
      "Cannot make move: That square is not a legal move for the pawn.",
    );
    t.refused(
      WHITE,
      moveActions(t.situation, "g1", "g3"),
      "Cannot make move: That square is not a legal move for the knight.",
    );
    t.refused(
      WHITE,
      [
        click(idAt(t.situation, "e2")),
        { kind: "click position", destinationId: "board", positionName: "captured-white" },
      ],
      "Cannot make move: Pieces only move to squares of the board.",
    );
    // The knight on c3 is pinned by the bishop on b4.
    playSan(t, "d4 e5 Nc3 Bb4");
    t.refused(WHITE, [click(idAt(t.situation, "c3"))], "Cannot make move: That piece has no legal move.");
    t.refused(WHITE, moveActions(t.situation, "e1", "g1"), "Cannot make move: You cannot castle now.");
    // Nothing refused changed the table.
    expect(chessOf(t.situation).moves).toEqual(["d4", "e5", "Nc3", "Bb4"]);
    const u = playSan(newTable(), "e4 e5 Ke2 Qg5");
    u.refused(
      WHITE,
      moveActions(u.situation, "e2", "e3"),
      "Cannot make move: That move would leave your king in check.",
    );
  });

  it("refuses draw answers without an offer and double offers", () => {
    const t = newTable();
    t.refused(WHITE, [press("accept-draw")], "Cannot make move: There is no draw offer to answer.");
    t.play(WHITE, [press("offer-draw")]);
    t.refused(WHITE, [press("offer-draw")], "Cannot make move: You have already offered a draw.");
    t.refused(WHITE, [press("accept-draw")], "Cannot make move: You cannot answer your own draw offer.");
    t.refused(WHITE, [press("dance")], "Unknown button.");
  });

  it("asks for the promotion choice before anything else", () => {
    const t = fenTable("pawn-race");
    t.play(WHITE, moveActions(t.situation, "a7", "a8"));
    t.refused(WHITE, [click(idAt(t.situation, "e1"))], "Cannot make move: Choose a piece to promote to.");
    t.refused(WHITE, [press("resign")], "Unknown button.");
    t.refused(BLACK, [press("promote-queen")], "You cannot play now: Wait for your turn");
    t.play(WHITE, [press("promote-queen")]);
    t.refused(BLACK, [press("promote-queen")], "Cannot make move: There is no pawn to promote.");
  });

  it("refuses every action after the end", () => {
    const t = playSan(newTable(), "f3 e5 g4 Qh4#");
    t.refused(WHITE, moveActions(t.situation, "e2", "e4"), "You can only do moves in midgame tables.");
    t.refused(BLACK, [press("resign")], "You can only do moves in midgame tables.");
    // A table whose end was lifted (e.g. in edit mode) still knows the chess game is over.
    const reopened = { ...t.situation, ended: false };
    const turn = { seat: WHITE, editMode: false, timestamp: 0, turnUID: "x" };
    expect(module.movePreventReasons(reopened, turn, ctx())).toEqual(["The game is over."]);
  });
});

describe("chess highlights", () => {
  it("returns the square names the seat's selected piece may reach", () => {
    const t = newTable();
    expect(highlights(t.situation, WHITE)).toEqual([]);
    // Picking up a piece is a plain selection, held with the turn's clicks: not a turn of its own.
    t.play(WHITE, [click(idAt(t.situation, "e2"))]);
    expect(t.situation.selected[WHITE] ?? null).toBeNull();
    expect(highlights(holding(t.situation, WHITE, idAt(t.situation, "e2")), WHITE)).toEqual(["e3", "e4"]);
    expect(highlights(holding(t.situation, WHITE, idAt(t.situation, "e2")), BLACK)).toEqual([]);
    expect(
      highlights(holding(t.situation, WHITE, idAt(t.situation, "e2")), WHITE, { showDestinations: false }),
    ).toEqual([]);
    expect(highlights(holding(t.situation, WHITE, idAt(t.situation, "g1")), WHITE)).toEqual(["f3", "h3"]);
    // The piece's click and the square's in one turn move the knight.
    t.play(WHITE, [click(idAt(t.situation, "g1")), square("f3")]);
    expect(idAt(t.situation, "f3")).toBe("white-knight-g1");
    expect(t.situation.selected[WHITE] ?? null).toBeNull();
  });

  it("includes castling and en passant squares", () => {
    const t = fenTable("kiwipete");
    expect(highlights(holding(t.situation, WHITE, idAt(t.situation, "e1")), WHITE)).toEqual([
      "c1",
      "d1",
      "f1",
      "g1",
    ]);
    const u = playSan(newTable(), "e4 a6 e5 d5");
    expect(highlights(holding(u.situation, WHITE, idAt(u.situation, "e5")), WHITE)).toEqual(["d6", "e6"]);
  });

  it("describes pieces in tooltips", () => {
    const s = newTable().situation;
    expect(module.tooltip(s, "black-knight-b8", WHITE, ctx())).toBe("Black knight");
    expect(module.tooltip(s, "board", WHITE, ctx())).toBeNull();
  });
});
