import { type Action, activeState, type Bot, nextInt, type Situation } from "@tt/engine";
import { bestMoves, type ChessBotLevel } from "./bot-search";
import { BOARD_ID, SQUARES } from "./layout";
import { turnOf } from "./rules";
import { moveFrom, movePromotion, moveTo, positionFromFen } from "./rules/position";
import { roleOf, squareName } from "./rules/types";
import { BUTTONS, colorOf, liveChess, pieceAt } from "./state";

/**
 * The chess bot at a level (bot-search.ts): on its seat's view (chess hides nothing, so the view is
 * the board), it searches the position the table plays on (liveChess: the stored game, or the board
 * as edit mode left it) and answers with the clicks a player makes: the piece, its square, and for a
 * promotion the piece button, all in one turn. A draw offer is accepted when the bot stands worse,
 * otherwise a move declines it. It never offers a draw nor resigns.
 */

const click = (componentId: string): Action => ({ kind: "click component", componentId });
const press = (button: string): Action => ({ kind: "press state button", button });

/** A position a bot at level 2 or more would rather draw than play on (centipawns). */
const ACCEPT_DRAW_BELOW = -150;

export function chessBot(level: ChessBotLevel): Bot {
  return (view: Situation, seat: string, _ctx, rng) => {
    const chess = liveChess(view);
    const color = colorOf(view, seat);
    if (view.ended || chess.outcome !== null || color === null) return null;
    // A promotion left waiting (a turn cut short elsewhere): finish it with a queen.
    if (activeState(view).name === "promotion") return [press("promote-queen")];
    if (turnOf(chess) !== color) return null;
    const pos = positionFromFen(chess.fen);
    if (!pos.ok) return null;
    const choice = bestMoves(pos.value, level, chess.repetition);
    if (chess.drawOffer !== null && chess.drawOffer !== color && choice.score < ACCEPT_DRAW_BELOW)
      return [press(BUTTONS.acceptDraw.name)];
    if (choice.best.length === 0) return null;
    const [i] = nextInt(rng, choice.best.length);
    const m = choice.best[i] as number;
    const from = squareName(moveFrom(m));
    const piece = pieceAt(view, from);
    if (piece === undefined) return null;
    const actions: Action[] = [
      click(piece.id),
      {
        kind: "click position",
        destinationId: BOARD_ID,
        positionName: SQUARES,
        positionIndex: squareName(moveTo(m)),
      },
    ];
    const promotion = movePromotion(m);
    if (promotion) actions.push(press(`promote-${roleOf(promotion)}`));
    return actions;
  };
}
