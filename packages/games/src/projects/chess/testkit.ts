import type { Action, JsonObject, Situation } from "@tt/engine";
import { walk } from "@tt/engine";
import { type GameTable, playTable } from "../../testing/driver";
import { chess } from "./index";
import { BOARD_ID, SQUARES } from "./layout";
import { applySan, type ChessState, turnOf } from "./rules";
import { chessOf, pieceAt, sidesOf } from "./state";

/** Scenario helpers for the chess tests: clicks as the table sends them, games scripted in SAN. */

/** The project's seats (content.playerColors): each plays its colour. */
export const WHITE = "white";
export const BLACK = "black";

export function newTable(options: JsonObject = {}): GameTable {
  return playTable(chess, { players: [WHITE, BLACK], options });
}

export const fenTable = (fen: string): GameTable => newTable({ startPosition: "fen", fen });

export const click = (componentId: string): Action => ({ kind: "click component", componentId });

export const square = (name: string): Action => ({
  kind: "click position",
  destinationId: BOARD_ID,
  positionName: SQUARES,
  positionIndex: name,
});

export const press = (button: string): Action => ({ kind: "press state button", button });

export function idAt(situation: Situation, name: string): string {
  const piece = pieceAt(situation, name);
  if (piece === undefined) throw new Error(`No piece on ${name}`);
  return piece.id;
}

/** The two clicks that move the piece on `from` to `to`. */
export const moveActions = (situation: Situation, from: string, to: string): Action[] => [
  click(idAt(situation, from)),
  square(to),
];

/** Plays moves given in SAN through clicks (and the promotion button), each by the seat to move. */
export function playSan(table: GameTable, moves: string): GameTable {
  for (const san of moves.split(/\s+/).filter((m) => m !== "" && !/^\d+\.+$/.test(m))) {
    const state: ChessState = chessOf(table.situation);
    const next = applySan(state, san);
    if (!next.ok || next.value.lastMove === null) throw new Error(`Bad SAN in test: ${san}`);
    const { from, to, promotion } = next.value.lastMove;
    const seat = sidesOf(table.situation)[turnOf(state)];
    const actions = moveActions(table.situation, from, to);
    table.play(seat, promotion ? [...actions, press(`promote-${promotion}`)] : actions);
  }
  return table;
}

/** Log lines set by the module (SAN, offers, the result), in order. */
export const logLines = (table: GameTable): string[] =>
  table.events
    .flatMap((e) => (e.kind === "turn" ? e.moves : []))
    .flatMap((m) => (m.logMessage ? [m.logMessage] : []));

export function componentCount(situation: Situation): number {
  let n = 0;
  walk(situation.root, () => {
    n++;
  });
  return n;
}

export const stateName = (s: Situation): string => {
  let state = s.gameState.current;
  while (state.subState !== null) state = state.subState;
  return state.name;
};
