/** Game constants of the spec (game-table.md section 9, section 3 colours). The engine owns them. */

export const PLAYER_COLORS = {
  red: "ff4038",
  blue: "2799d8",
  green: "57a141",
  yellow: "ecce46",
  cyan: "00a9a9",
  orange: "ee6401",
  cerise: "d8358c",
  lime: "b3cc00",
  purple: "825a9d",
  white: "b1b1b1",
} as const;

export type PlayerColor = keyof typeof PLAYER_COLORS;
export const PLAYER_COLOR_NAMES = Object.keys(PLAYER_COLORS) as PlayerColor[];

/** Auto-evaluation stops a turn after this many moves: a rule that keeps adding moves is a bug. */
export const MOVE_LOOP_LIMIT = 1000;
/** Undo walks back at most this many turns looking for an undo breakpoint. */
export const UNDO_WALK_LIMIT = 50;
/** A turn's replay marks as the log keeps them: short captions on the replay bar, a few per turn. */
export const REPLAY_MARK_MAX_LENGTH = 50;
export const REPLAY_MARKS_PER_TURN = 5;
/**
 * A turn's summary as the log keeps it (the rule module's summarizeTurn): a line or two in the game's
 * words, each cut at this length, at most this many lines a turn.
 */
export const SUMMARY_LINE_MAX_LENGTH = 200;
export const SUMMARY_LINES_PER_TURN = 5;
/** Longest reason kept with a turn that cannot be undone ('You cannot undo this turn: {reason}'). */
export const PREVENT_UNDO_REASON_MAX_LENGTH = 200;

/** Minimum board extent by player count 0..4; more players use the last value. */
export const BOARD_EXTENT_BY_PLAYERS = [1, 1, 1.6, 1.6, 2.2] as const;

/** Default delays in ms, divided by the evaluation speed on the client. */
export const DEFAULT_DELAYS = {
  componentMoveTimeout: 500,
  setGlobal: 600,
  counterChangeDelay: 100,
  counterChangeTimeout: 500,
  gameStateMoves: 0,
} as const;

export const ANIMATION = {
  moveDuration: 450,
  counterFly: 800,
  counterFlyRepeat: 150,
} as const;

export const COUNTER_STEP = { plain: 1, ctrl: 10 } as const;

export const DECK_DISPLAY = { height: 190, widthRatio: 0.7, expandedGridWidth: 400 } as const;

export const REPLAY_STEP = { plain: 1, ctrl: 10 } as const;

export const EVALUATION_SPEED = { default: 1, min: 0.1, max: 3, step: 0.05 } as const;

/** Special values of gameState.activePlayer besides a colour or a list of colours. */
export const EVERYONE = "everyone";
export const RIVAL = "rival";
/** Seat names that are not colours. */
export const SPECTATOR = "spectator";
export const ALWAYS_ACTIVE = "alwaysactive";
/**
 * The viewer who sees everything (view/view.ts): privileged watchers who asked for it, sandbox and
 * debug tables, and every viewer once a table has ended. Not a seat: nobody plays as 'full'.
 */
export const FULL_VIEW = "full";

/** Version of the persisted situation JSON; bump it and add a migration in schema.ts. */
export const SITUATION_VERSION = 1;
