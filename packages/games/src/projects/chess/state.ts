import { type Component, findComponent, type Json, type Situation, type StateInput } from "@tt/engine";
import { BOARD_ID, SQUARES } from "./layout";
import { type ChessState, type Color, type Outcome, turnOf } from "./rules";

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

export const BUTTONS = {
  offerDraw: { name: "offer-draw", text: "Offer draw" },
  acceptDraw: { name: "accept-draw", text: "Accept draw" },
  declineDraw: { name: "decline-draw", text: "Decline draw" },
  resign: { name: "resign", text: "Resign", style: "danger" },
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
 * answered on one's own turn (or by moving, which declines them), so the buttons follow the offer.
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
