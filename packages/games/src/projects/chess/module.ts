import {
  activeState,
  type ClickDecision,
  defaultSetup,
  defaultTurnFlags,
  findComponent,
  type HookMoves,
  type Move,
  type PartialRuleModule,
  type SetupInput,
  type Situation,
  toGameState,
} from "@tt/engine";
import { overviewStats } from "./content";
import { fenFor, SQUARES } from "./layout";
import { marksOf, moveListOf } from "./marks";
import { commitMoves, endMoves, nextStateMoves, replayMarks, requestMove, said } from "./moves";
import {
  acceptDraw,
  applyMove,
  type ChessState,
  type Color,
  declineDraw,
  legalDestinations,
  offerDraw,
  type PromotionRole,
  type Refusal,
  type Result,
  resign,
  startState,
  status,
} from "./rules";
import {
  BUTTONS,
  COLOR_NAME,
  chessOf,
  colorOf,
  liveChess,
  PROMOTION_BUTTONS,
  pieceAt,
  playState,
  type Sides,
  squareOf,
  toJson,
} from "./state";
import { describeStat, summarizeTurn } from "./summary";

/**
 * The chess rule module. Every hook asks the rules core (via the ChessState in globals) and answers
 * with engine moves, so the engine's own pipeline (seat check, all-or-nothing turns, log, undo)
 * runs chess exactly as any other game. Picking up a piece is a plain selection, held by the
 * engine with the turn's clicks; the browser computes highlights with it (the server never needs to).
 */

const GAME_OVER = "The game is over.";
const CHOOSE = "Choose a piece to promote to.";

function setup(input: SetupInput): Situation {
  const base = defaultSetup(input);
  const start = startState(fenFor(input.options));
  // The FEN comes from this module's own list of positions: a failure is a programming error.
  if (!start.ok) throw new Error(`Bad start position: ${JSON.stringify(start.error)}`);
  const sides = sidesFor(input.players.map((p) => p.color));
  const players = base.players.map((p) => ({
    ...p,
    stats: { moves: 0, captures: 0, checks: 0 },
    customAttrs: { side: p.color === sides.white ? "white" : "black" },
  }));
  return {
    ...base,
    players,
    globals: { chess: toJson(start.value), sides: toJson(sides) },
    gameState: { current: toGameState(playState(start.value, sides, status(start.value).inCheck)) },
  };
}

/**
 * Which seat plays which colour: seats named 'white' and 'black' (should a project name them so)
 * play their colour; seats of other names (tables made before the seats were named so, tests) play
 * in seat order, the first White.
 */
export function sidesFor(seats: readonly string[]): Sides {
  if (seats.includes("white") && seats.includes("black")) return { white: "white", black: "black" };
  return { white: seats[0] ?? "white", black: seats[1] ?? seats[0] ?? "black" };
}

const inPromotion = (situation: Situation): boolean => activeState(situation).name === "promotion";

function clickComponent(
  situation: Situation,
  click: { componentId: string; selected: string | null },
  seat: string,
): ClickDecision {
  const prevent = (reason: string): ClickDecision => ({ kind: "prevent", prevent: [reason] });
  const chess = liveChess(situation);
  if (chess.outcome !== null) return prevent(GAME_OVER);
  if (inPromotion(situation)) return prevent(CHOOSE);
  const clicked = findComponent(situation.root, click.componentId);
  const color = colorOf(situation, seat);
  if (clicked === undefined || color === null) return { kind: "nothing" };
  const square = squareOf(clicked);
  if (square === null)
    return clicked.name === "board" ? { kind: "nothing" } : prevent("That piece has been captured.");
  if (clicked.options.colour !== color) {
    // Clicking an enemy piece while holding one of yours is a capture attempt on its square.
    const held = click.selected === null ? undefined : findComponent(situation.root, click.selected);
    const from = held === undefined ? null : squareOf(held);
    if (held !== undefined && from !== null && held.options.colour === color) {
      const moves = requestMove(situation, seat, from, square);
      return Array.isArray(moves) ? { kind: "moves", moves } : { kind: "prevent", prevent: moves.prevent };
    }
    return prevent("That is not your piece.");
  }
  if (legalDestinations(chess, square).length === 0) return prevent("That piece has no legal move.");
  // The engine holds the selection with the turn's other clicks: picking up a piece is not a turn of
  // its own, so the move that follows needs no second round trip to the server.
  return { kind: "select" };
}

function clickPosition(
  situation: Situation,
  click: { selected: string; positionName: string; positionIndex?: string | number },
  seat: string,
): HookMoves {
  if (liveChess(situation).outcome !== null) return { prevent: [GAME_OVER] };
  if (inPromotion(situation)) return { prevent: [CHOOSE] };
  const held = findComponent(situation.root, click.selected);
  const from = held === undefined ? null : squareOf(held);
  if (held === undefined || from === null) return { prevent: ["Select one of your pieces first."] };
  if (click.positionName !== SQUARES || click.positionIndex === undefined) {
    return { prevent: ["Pieces only move to squares of the board."] };
  }
  return requestMove(situation, seat, from, String(click.positionIndex));
}

/** Turns a core refusal into the hook's answer, or the core's new state into moves. */
function answer(result: Result<ChessState, Refusal>, moves: (state: ChessState) => Move[]): HookMoves {
  return result.ok ? moves(result.value) : { prevent: [result.error.message] };
}

function pressStateButton(situation: Situation, button: string, seat: string): HookMoves {
  const chess = liveChess(situation);
  const color = colorOf(situation, seat);
  if (color === null) return { prevent: ["Only the two players play this game."] };
  const press = (log: string): Move => ({ type: "press state button", button, logMessage: log });
  const promotion = PROMOTION_BUTTONS.find((b) => b.name === button);
  if (promotion !== undefined) return promote(situation, seat, color, promotion.text);
  switch (button) {
    case BUTTONS.offerDraw.name:
      return answer(offerDraw(chess, color), (next) => [
        press(said(color, "offers a draw.")),
        { type: "set global", name: "chess", value: toJson(next) },
        ...nextStateMoves(situation, next),
      ]);
    case BUTTONS.declineDraw.name:
      return answer(declineDraw(chess, color), (next) => [
        press(said(color, "declines the draw.")),
        { type: "set global", name: "chess", value: toJson(next) },
        ...nextStateMoves(situation, next),
      ]);
    case BUTTONS.acceptDraw.name:
    case BUTTONS.resign.name: {
      const result = button === BUTTONS.resign.name ? resign(chess, color) : acceptDraw(chess, color);
      const text = button === BUTTONS.resign.name ? "resigns." : "accepts the draw.";
      return answer(result, (next) => [
        press(said(color, text)),
        { type: "set global", name: "chess", value: toJson(next) },
        ...endMoves(situation, next, next.outcome as NonNullable<ChessState["outcome"]>),
      ]);
    }
    default:
      // Unknown to chess: the engine's own check answers 'Unknown button.'
      return [press("")];
  }
}

/** Commits the promotion chosen in the substate: the pawn (already on its square) becomes `text`. */
function promote(situation: Situation, seat: string, color: Color, text: string): HookMoves {
  const state = activeState(situation);
  if (state.name !== "promotion") return { prevent: ["There is no pawn to promote."] };
  const from = String(state.variables.from);
  const to = String(state.variables.to);
  const role = text.toLowerCase() as PromotionRole;
  return answer(applyMove(liveChess(situation), { from, to, promotion: role }, color), (next) => {
    const pawn = pieceAt(situation, to);
    if (pawn === undefined) throw new Error(`No pawn on ${to} to promote`);
    return [
      { type: "press state button", button: `promote-${role}`, logMessage: "" },
      {
        type: "set component option",
        componentId: pawn.id,
        option: "promoted",
        value: role,
        logMessage: next.moves.at(-1) ?? "",
      },
      { type: "resolve current state" },
      ...commitMoves(situation, seat, next),
    ];
  });
}

export const module: PartialRuleModule = {
  name: "chess",
  setup,
  clickComponent: (situation, click, turn) => clickComponent(situation, click, turn.seat),
  clickPosition: (situation, click, turn) => clickPosition(situation, click, turn.seat),
  pressStateButton: (situation, button, turn) => pressStateButton(situation, button, turn.seat),
  movePreventReasons: (situation) => (liveChess(situation).outcome === null ? [] : [GAME_OVER]),
  /**
   * Square names ('e4'): the slot keys of the board's 'squares' position where the seat's selected
   * piece may go. Empty when nothing of the seat's is selected or the option is off.
   */
  highlights(situation, seat, ctx) {
    if (ctx.options.showDestinations === false) return [];
    const selected = situation.selected[seat];
    const piece = selected ? findComponent(situation.root, selected) : undefined;
    const square = piece === undefined ? null : squareOf(piece);
    if (piece === undefined || square === null || piece.options.colour !== colorOf(situation, seat))
      return [];
    return legalDestinations(liveChess(situation), square);
  },
  // The last move's squares and a checked king, for every viewer (marks.ts).
  marks: (situation) => marksOf(situation),
  // Black sees the board from their side: their pieces at the bottom.
  turnBoard: (situation, seat) => colorOf(situation, seat) === "black",
  // The moves in SAN beside the board, two to a numbered row.
  moveList: (situation) => moveListOf(situation),
  tooltip(situation, componentId) {
    const piece = findComponent(situation.root, componentId);
    if (piece === undefined || piece.options.colour === undefined) return null;
    const promoted = piece.options.promoted === undefined ? "" : ` (promoted to ${piece.options.promoted})`;
    return `${COLOR_NAME[piece.options.colour as Color]} ${piece.name}${promoted}`;
  },
  stats: () => overviewStats,
  describeStat,
  // The log in SAN with the pieces' figures (summary.ts).
  summarizeTurn,
  // Undo as the engine decides it (chess hides nothing and rolls nothing: every move may be taken
  // back), and the checks, mates and promotions marked on the replay bar.
  turnFlags: (before, after, moves, turn, ctx) => ({
    ...defaultTurnFlags(before, after, moves, turn, ctx),
    replayMarks: replayMarks(chessOf(before), chessOf(after)),
  }),
  gameStates: {
    play: { message: "White to move.", buttons: [BUTTONS.offerDraw, BUTTONS.resign].map((b) => ({ ...b })) },
    promotion: { message: CHOOSE, buttons: PROMOTION_BUTTONS.map((b) => ({ ...b })) },
    over: { message: GAME_OVER },
  },
};
