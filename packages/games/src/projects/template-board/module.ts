import {
  activeState,
  applyMove,
  defaultSetup,
  defaultTurnFlags,
  enterState,
  findComponent,
  type Move,
  type PartialRuleModule,
  type RuleContext,
  type SetupInput,
  type Situation,
} from "@tt/engine";
import { BOARD_ID, GRID, nextPlayer, pointsFor, SUPPLY, score, supplyOf } from "./rules";

/**
 * The rule module: only the hooks the default module does not cover. Every hook is a pure function
 * of the situation; the engine applies the moves it returns, all or nothing.
 *
 * A turn is two game states:
 *   'place'  the active player clicks one of their stones, then an empty cell;
 *   'score'  the same player presses 'Score' (a state button): points, then the next player.
 * The move from 'place' to 'score' is a game event (a move that triggers moves); the end check
 * runs when 'Score' is pressed.
 */

// Game states live in one place: enterState copies message and buttons into the situation, so the
// client draws them from the situation and never needs this file.
const gameStates = {
  place: {
    message: "Place one of your stones on an empty cell.",
    // Edit-mode-only button: lets a tester fix a stuck table ('This button can only be used in edit mode.').
    editModeButtons: [{ name: "skip", text: "Skip this turn" }],
  },
  score: {
    message: "Press Score to count your stone and its neighbours.",
    buttons: [{ name: "score", text: "Score" }],
  },
};

/** The target score, or Infinity when the game is played until the stones run out. */
function target(ctx: RuleContext): number {
  return ctx.options.ending === "fill" ? Number.POSITIVE_INFINITY : Number(ctx.options.target ?? 10);
}

/** The default set-up, then each stone into its owner's tray and the first player to 'place'. */
function setup(input: SetupInput): Situation {
  let s = defaultSetup(input);
  const reserve = findComponent(s.root, "table")?.children.reserve;
  const moves: Move[] = (Array.isArray(reserve) ? reserve : []).map((stone) => ({
    type: "component move",
    componentId: stone.id,
    destinationId: `area-${stone.name.replace("stone-", "")}`,
    positionName: SUPPLY,
  }));
  moves.push(enterState({ gameStates }, "place", s.players[0]?.color ?? "everyone"));
  for (const move of moves) {
    const r = applyMove(s, move);
    // A refusal here is a bug in the layout, not a player's mistake.
    if (!r.ok) throw new Error(`template-board set-up: ${r.message}`);
    s = r.value.situation;
  }
  return s;
}

/** Final scores into player stats (shown on the results page), then the game end itself. */
function endGame(situation: Situation, extra: { color: string; points: number } | null): Move[] {
  const scores: { [color: string]: number } = {};
  for (const p of situation.players) {
    scores[p.color] = score(situation, p.color) + (extra?.color === p.color ? extra.points : 0);
  }
  const best = Math.max(...Object.values(scores));
  const winners = Object.keys(scores).filter((c) => scores[c] === best);
  return [
    ...situation.players.map(
      (p): Move => ({ type: "inc stat", player: p.color, stat: "score", amount: scores[p.color] ?? 0 }),
    ),
    { type: "game end", result: { winners, scores } },
  ];
}

/** After a scored turn: the next player with stones places, or the game ends. */
function afterScoring(situation: Situation, color: string, points: number, ctx: RuleContext): Move[] {
  if (score(situation, color) + points >= target(ctx)) return endGame(situation, { color, points });
  const next = nextPlayer(situation, color);
  if (supplyOf(situation, next).length === 0) return endGame(situation, { color, points });
  return [enterState({ gameStates }, "place", next)];
}

export const module: PartialRuleModule = {
  name: "template-board",
  setup,
  gameStates,

  // Only your own stones in your own tray are clickable, and only while placing.
  isClickable(situation, componentId, seat, editMode) {
    if (editMode) return true;
    if (activeState(situation).name !== "place") return false;
    return supplyOf(situation, seat).includes(componentId);
  },

  clickPosition(situation, click) {
    // (In edit mode the engine uses the default module's clicks: testers may put anything anywhere.)
    if (
      click.destinationId !== BOARD_ID ||
      click.positionName !== GRID ||
      click.positionIndex === undefined
    ) {
      return { prevent: ["Place your stone on a cell of the board."] };
    }
    const grid = findComponent(situation.root, BOARD_ID)?.children[GRID];
    if (grid !== undefined && !Array.isArray(grid) && grid[String(click.positionIndex)] !== undefined) {
      return { prevent: ["That cell is taken."] };
    }
    return [
      {
        type: "component move",
        componentId: click.selected,
        destinationId: BOARD_ID,
        positionName: GRID,
        positionIndex: click.positionIndex,
      },
    ];
  },

  // The game event: a stone landing on the board while placing moves the turn on to 'score'. The
  // cell is kept in the state's variables, so the Score button knows what to count.
  gameEvent(situation, move, turn) {
    if (move.type !== "component move" || move.positionName !== GRID) return [];
    if (activeState(situation).name !== "place") return [];
    return [
      enterState({ gameStates }, "score", turn.seat, { variables: { cell: String(move.positionIndex) } }),
    ];
  },

  pressStateButton(situation, button, turn, ctx) {
    const pressed: Move = { type: "press state button", button };
    const state = activeState(situation);
    if (button === "skip")
      return [pressed, enterState({ gameStates }, "place", nextPlayer(situation, turn.seat))];
    if (button !== "score" || state.name !== "score") return [pressed];
    const cell = String(state.variables.cell);
    const points = pointsFor(situation, cell, turn.seat);
    return [
      pressed,
      { type: "inc counter", player: turn.seat, counter: "score", amount: points },
      { type: "inc stat", player: turn.seat, stat: "placed", amount: 1 },
      { type: "push stat", player: turn.seat, stat: "turnScores", value: points },
      ...afterScoring(situation, turn.seat, points, ctx),
    ];
  },

  // Tell players why a click did nothing; shown above the board.
  stateMessage(situation, seat) {
    const state = activeState(situation);
    const mine = state.activePlayer === seat;
    return mine ? state.message : `Waiting for ${String(state.activePlayer)}.`;
  },

  // A turn's flags: the engine's default decides undo (a turn that reveals hidden information or uses
  // chance cannot be undone; this game has neither), and each new round is marked on the replay bar.
  turnFlags(before, after, moves, turn, ctx) {
    const placed = (s: Situation) => s.players.reduce((sum, p) => sum + Number(p.stats.placed ?? 0), 0);
    const seats = after.players.length;
    const total = placed(after);
    const round = !after.ended && seats > 0 && total > placed(before) && total % seats === 0;
    return {
      ...defaultTurnFlags(before, after, moves, turn, ctx),
      replayMarks: round ? [`Round ${total / seats + 1}`] : [],
    };
  },

  // The player stats shown on the results page, in order.
  stats: () => [
    { name: "score", displayName: "Score" },
    { name: "placed", displayName: "Stones placed" },
  ],
};
