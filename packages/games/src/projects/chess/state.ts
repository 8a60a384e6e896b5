import {
  activeState,
  type Component,
  findComponent,
  type Json,
  type Situation,
  type StateInput,
} from "@tt/engine";
import { BOARD_ID, SQUARES } from "./layout";
import { type ChessState, type Color, type Outcome, startState, turnOf } from "./rules";

/**
 * What the chess module keeps in the situation and how it reads it back. The rules core's
 * ChessState (FEN, repetition keys, draw offer, outcome) lives in `globals.chess` as plain JSON;
 * `globals.sides` maps the colours to the seats.
 */

export interface Sides {
  white: string;
  black: string;
}

export const COLOR_NAME: Record<Color, string> = { white: "White", black: "Black" };
export const other = (c: Color): Color => (c === "white" ? "black" : "white");

export function chessOf(situation: Situation): ChessState {
  const state = situation.globals.chess;
  // Set up by this module: a missing state means the table was not made by it.
  if (typeof state !== "object" || state === null) throw new Error("No chess state in this table.");
  return state as unknown as ChessState;
}

const LETTER: Record<string, string> = {
  pawn: "p",
  knight: "n",
  bishop: "b",
  rook: "r",
  queen: "q",
  king: "k",
};
const FILES = "abcdefgh";

/** The piece placement of the board as the components stand (FEN's first field). */
export function boardPlacement(situation: Situation): string {
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = "";
    let empty = 0;
    for (const file of FILES) {
      const piece = pieceAt(situation, `${file}${rank}`);
      if (!piece) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const role = typeof piece.options.promoted === "string" ? piece.options.promoted : piece.name;
      const letter = LETTER[role] ?? "?";
      row += piece.options.colour === "white" ? letter.toUpperCase() : letter;
    }
    rows.push(empty ? row + empty : row);
  }
  return rows.join("/");
}

/** Castling rights that still make sense: the king and that rook on their starting squares. */
function possibleCastling(rights: string, placement: (square: string) => string | undefined): string {
  const kept = [...rights].filter((r) => {
    const [king, rook] = (
      { K: ["e1K", "h1R"], Q: ["e1K", "a1R"], k: ["e8k", "h8r"], q: ["e8k", "a8r"] } as const
    )[r as "K" | "Q" | "k" | "q"] ?? ["", ""];
    return placement(king.slice(0, 2)) === king[2] && placement(rook.slice(0, 2)) === rook[2];
  });
  return kept.length ? kept.join("") : "-";
}

/**
 * The chess state to play on. Edit mode moves components without the rules (that is its purpose:
 * repairing a game), so when the board no longer matches the stored position the game goes on from
 * the board as it stands: same side to move, castling rights that still hold, no en passant, and a
 * fresh repetition history.
 */
export function liveChess(situation: Situation): ChessState {
  const chess = chessOf(situation);
  const placement = boardPlacement(situation);
  const [storedPlacement, turn = "w", castling = "-", , , fullmoves = "1"] = chess.fen.split(" ");
  // While a promotion waits for its piece, the pawn already stands on the last rank: not an edit.
  if (
    placement === storedPlacement ||
    chess.outcome !== null ||
    activeState(situation).name === "promotion"
  ) {
    return chess;
  }
  const at = (square: string) => {
    const piece = pieceAt(situation, square);
    if (!piece) return undefined;
    const role = typeof piece.options.promoted === "string" ? piece.options.promoted : piece.name;
    const letter = LETTER[role] ?? "?";
    return piece.options.colour === "white" ? letter.toUpperCase() : letter;
  };
  const fen = `${placement} ${turn} ${possibleCastling(castling, at)} - 0 ${fullmoves}`;
  const rebuilt = startState(fen);
  // A board the rules cannot play on (two kings of a colour, say) stays as it was stored.
  return rebuilt.ok ? { ...rebuilt.value, moves: chess.moves, initialFen: chess.initialFen } : chess;
}

export function sidesOf(situation: Situation): Sides {
  return situation.globals.sides as unknown as Sides;
}

export const toJson = (value: ChessState | Sides): Json => value as unknown as Json;

/** The colour a seat plays, or null for spectators and seats outside the game. */
export function colorOf(situation: Situation, seat: string): Color | null {
  const sides = sidesOf(situation);
  if (sides.white === seat) return "white";
  if (sides.black === seat) return "black";
  return null;
}

/** The board square a component stands on, or null when it is in a tray or not a chessman. */
export function squareOf(component: Component): string | null {
  const at = component.childData;
  return at !== null && at.positionName === SQUARES ? at.childPos : null;
}

export function pieceAt(situation: Situation, square: string): Component | undefined {
  const board = findComponent(situation.root, BOARD_ID);
  const squares = board?.children[SQUARES];
  return squares === undefined || Array.isArray(squares) ? undefined : squares[square];
}

/**
 * Resign and Offer draw may be pressed whoever's turn it is (`anyTurn`: the engine lets the waiting
 * seat press them; pressStateButton checks the colour). An offer is answered by the side to move.
 */
export const BUTTONS = {
  offerDraw: { name: "offer-draw", text: "Offer draw", anyTurn: true },
  acceptDraw: { name: "accept-draw", text: "Accept draw" },
  declineDraw: { name: "decline-draw", text: "Decline draw" },
  resign: {
    name: "resign",
    text: "Resign",
    style: "danger",
    confirm: "Resign this game? It ends at once.",
    anyTurn: true,
  },
} as const;

export const PROMOTION_BUTTONS = [
  { name: "promote-queen", text: "Queen" },
  { name: "promote-rook", text: "Rook" },
  { name: "promote-bishop", text: "Bishop" },
  { name: "promote-knight", text: "Knight" },
] as const;

export function playMessage(chess: ChessState, inCheck: boolean): string {
  const turn = turnOf(chess);
  let message = `${COLOR_NAME[turn]} to move`;
  if (inCheck) message += " (check)";
  if (chess.drawOffer === other(turn))
    message += `. ${COLOR_NAME[other(turn)]} offers a draw: accept or decline it`;
  else if (chess.drawOffer === turn) message += `. ${COLOR_NAME[turn]} has offered a draw`;
  return `${message}.`;
}

/**
 * The state of a game in progress: the side to move is the only active seat. Draw offers are
 * answered on one's own turn (or by moving, which declines them), so the buttons follow the offer;
 * the waiting side sees only the anyTurn ones among them (Offer draw, Resign).
 */
export function playState(chess: ChessState, sides: Sides, inCheck: boolean): StateInput {
  const turn = turnOf(chess);
  const buttons =
    chess.drawOffer === other(turn)
      ? [BUTTONS.acceptDraw, BUTTONS.declineDraw, BUTTONS.resign]
      : chess.drawOffer === turn
        ? [BUTTONS.resign]
        : [BUTTONS.offerDraw, BUTTONS.resign];
  return {
    name: "play",
    activePlayer: sides[turn],
    message: playMessage(chess, inCheck),
    buttons: buttons.map((b) => ({ ...b })),
    variables: { turn },
  };
}

/** The choice after a pawn reached the last rank; the move is committed when a button is pressed. */
export function promotionState(seat: string, from: string, to: string): StateInput {
  return {
    name: "promotion",
    activePlayer: seat,
    message: "Choose a piece to promote to.",
    buttons: PROMOTION_BUTTONS.map((b) => ({ ...b })),
    variables: { from, to },
  };
}

export function overState(outcome: Outcome): StateInput {
  return { name: "over", activePlayer: "everyone", message: `${outcome.text} (${outcome.result})` };
}
