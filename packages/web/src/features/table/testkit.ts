// Test helpers: a real chess table folded by the engine, and turns recorded as the server would.
import {
  type Action,
  createTableHolder,
  recordTurn,
  type Situation,
  type TableHolder,
  type TurnEvent,
} from "@tt/engine";
import { piecesOf, registry } from "@tt/games";

export const SLUG = "chess";
const game = registry.game(SLUG);
export const pieces = game ? piecesOf(game.content.components) : {};

export function chessStart(): Situation {
  return registry.startSituation(SLUG, {
    players: [{ color: "red" }, { color: "blue" }],
    options: {},
    seed: 1,
  });
}

/** Records a turn on `live` at `seq`; throws when refused or when it produces no event. */
export function turn(live: Situation, seq: number, seat: string, actions: Action[]): TurnEvent {
  const result = recordTurn(
    live,
    seq,
    { seat, timestamp: 1000 + seq, turnUID: `t${seq}`, actions },
    registry.moduleFor(SLUG),
    { pieces, options: {} },
  );
  if (!result.ok) throw new Error(result.message);
  if (result.value.event === null) throw new Error("no event");
  return result.value.event;
}

/** A whole chess move as one turn: the piece's click, then its destination square's. */
export function chessMove(
  live: Situation,
  seq: number,
  seat: string,
  pieceId: string,
  to: string,
): TurnEvent {
  return turn(live, seq, seat, [
    { kind: "click component", componentId: pieceId },
    { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: to },
  ]);
}

/** A chess table held as the server holds it: its viewers' events come from here in tests. */
export function chessTable(): TableHolder {
  return createTableHolder({
    start: chessStart(),
    module: registry.moduleFor(SLUG),
    project: { pieces, options: {} },
  });
}

/** Plays a chess move at a held table as `seat`; throws when refused. */
export function playChess(table: TableHolder, seat: string, pieceId: string, to: string): void {
  const played = table.play({
    seat,
    timestamp: 1000 + table.events.length,
    turnUID: `t${table.events.length}`,
    actions: [
      { kind: "click component", componentId: pieceId },
      { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: to },
    ],
  });
  if (!played.ok || played.value.event === null) throw new Error(played.ok ? "no event" : played.message);
}
