import type { PieceLibrary } from "../component-info.js";
import type { ComponentSpec } from "../component-spec.js";
import type { Json, JsonObject } from "../json.js";
import type { SummaryLine } from "../log/summary.js";
import type { Move } from "../moves/index.js";
import type { Button, DeckInfo, Situation } from "../situation.js";

/** Project data the rules read: the component tree's pieces and the table options. */
export interface RuleContext {
  pieces: PieceLibrary;
  options: JsonObject;
}

/** Who is acting and how, as the hooks see it. */
export interface TurnInfo {
  seat: string;
  editMode: boolean;
  timestamp: number;
  turnUID: string;
  /** A competitive table (Turn.competitive, decided by the server); absent: a sandbox or debug table. */
  competitive?: boolean;
}

/** Moves a hook produces, or the reasons the action is not allowed ('Cannot make move: ...'). */
export type HookMoves = Move[] | { prevent: string[] };

export type ClickDecision =
  | { kind: "select" }
  | { kind: "moves"; moves: Move[] }
  | { kind: "nothing" }
  | { prevent: string[]; kind: "prevent" };

export interface ComponentClick {
  componentId: string;
  /** The seat's currently selected component, if any. */
  selected: string | null;
  /** The named clickable area that was clicked, when the component has areas and one was hit. */
  area?: string;
}

export interface PositionClick {
  selected: string;
  destinationId: string;
  positionName: string;
  positionIndex?: string | number;
}

export interface SetupPlayer {
  color: string;
  isAutoma?: boolean;
}

export interface SetupInput {
  players: SetupPlayer[];
  options: JsonObject;
  pieces: PieceLibrary;
  /** The component tree's root: the board and everything on it at the start. */
  root: ComponentSpec;
  /** Copied into the root once per player, as that player's area. */
  playerArea?: ComponentSpec;
  counters?: { name: string; value: number; options?: JsonObject }[];
  decks: { [deckName: string]: DeckInfo };
  seed: number;
  dataSheet?: Json;
}

/** A game state the module knows: what it says and which buttons it offers. */
export interface StateDefinition {
  message?: string;
  buttons?: Button[];
  editModeButtons?: Button[];
}

/**
 * What the rules say about a recorded turn (game-table.md section 4, Undo and Replay).
 * preventUndo: true, or the reason as a short clause ('it revealed hidden information'), shown as
 * 'You cannot undo this turn: {reason}'. undoBreakpoint (default true): undo walks back until it has
 * undone a breakpoint turn. replayMarks: captions of this turn on the replay bar ('Round 2').
 */
export interface TurnFlagDecision {
  preventUndo?: boolean | string;
  undoBreakpoint?: boolean;
  replayMarks?: string[];
}

/** A rule module's own secrets for one viewer (RuleModule.secrets). */
export interface Secrets {
  /** Component ids the viewer sees only the back of (a face it would see otherwise becomes a back). */
  back?: readonly string[];
  /** Component ids the viewer does not see at all (nor anything on them). */
  hidden?: readonly string[];
  /** Keys of situation.globals left out of the viewer's view. */
  globals?: readonly string[];
}

/** A turn as summarizeTurn reads it. */
export interface TurnSummaryInput {
  /** The full situations before and after the turn (the server's: every face in them). */
  before: Situation;
  after: Situation;
  moves: readonly Move[];
  turn: TurnInfo;
  /**
   * Whether every viewer (each seat and spectators) sees this component's face before or after the
   * turn. A line for everyone may name only such a component; the others are 'a card', or named in
   * a line with `recipients`.
   */
  isPublic(componentId: string): boolean;
}

export type { SummaryLine };

/** A statistic a game keeps, as describeStat is asked about it. */
export interface StatRef {
  /** A seat's stats, the table's (Global stats) or a component's (objectStats, Component stats). */
  scope: "player" | "table" | "component";
  /** Its key in those stats: 'bellsRung', 'result'. */
  key: string;
  value: Json;
  /** The seat (scope player) or the component id (scope component). */
  owner?: string;
}

/** One row of the Full statistics: a label and a value as text, or as a list (one item a line). */
export interface StatRow {
  label: string;
  value: string | string[];
}

/** A place the game marks on the board (RuleModule.marks). */
export interface BoardMark {
  /** A slot name ('e4') or a component id, as highlights name them. */
  target: string;
  /** 'recent': where the last move went from and to; 'danger': a king in check. */
  kind: "recent" | "danger";
  /** What a screen reader hears of it: 'last move', 'in check'. */
  label: string;
}

/** A game's record (RuleModule.moveList): column names, then each round's number and its moves. */
export interface MoveList {
  /** One per move of a round: 'White', 'Black'. */
  columns: string[];
  /** A move not played (yet, or before the record starts) is "". */
  rows: { number: number; moves: string[] }[];
}

export interface OverviewStat {
  name: string;
  displayName: string;
  customStyle?: string;
}

/**
 * A rule module: plain pure functions, every one optional in what a game supplies. resolveModule
 * fills the gaps from the default module.
 */
export interface RuleModule {
  name: string;
  setup(input: SetupInput): Situation;
  clickComponent(
    situation: Situation,
    click: ComponentClick,
    turn: TurnInfo,
    ctx: RuleContext,
  ): ClickDecision;
  clickPosition(situation: Situation, click: PositionClick, turn: TurnInfo, ctx: RuleContext): HookMoves;
  pressButton(
    situation: Situation,
    componentId: string,
    button: string,
    turn: TurnInfo,
    ctx: RuleContext,
  ): HookMoves;
  pressStateButton(situation: Situation, button: string, turn: TurnInfo, ctx: RuleContext): HookMoves;
  /** Moves that follow a move (game-event evaluation). */
  gameEvent(situation: Situation, move: Move, turn: TurnInfo, ctx: RuleContext): Move[];
  /** Called while the active state has autoEvalState, until it returns no moves. */
  autoEvaluate(situation: Situation, turn: TurnInfo, ctx: RuleContext): Move[];
  /** Called when the client sends a delayed evaluation for the active state's delayedEval. */
  delayedEvaluate(situation: Situation, turn: TurnInfo, ctx: RuleContext): Move[];
  movePreventReasons(situation: Situation, turn: TurnInfo, ctx: RuleContext): string[];
  isClickable(
    situation: Situation,
    componentId: string,
    seat: string,
    editMode: boolean,
    ctx: RuleContext,
  ): boolean;
  /**
   * Whether a seat (or 'spectator') sees what lies in one position of a component. A hidden
   * position's contents reach that viewer as placeholders only (view/view.ts). The default reads
   * the active state's isPosVisible.
   */
  isPosVisible(
    situation: Situation,
    componentId: string,
    positionName: string,
    seat: string,
    ctx: RuleContext,
  ): boolean;
  /**
   * What else a seat (or 'spectator') may not see, beyond display modes, face-down cards and
   * isPosVisible: components to show as their back or not at all, and globals to leave out of its
   * view. The default keeps nothing else secret. Decided on the server for every view it sends.
   */
  secrets(situation: Situation, seat: string, ctx: RuleContext): Secrets;
  tooltip(situation: Situation, componentId: string, seat: string, ctx: RuleContext): string | null;
  highlights(situation: Situation, seat: string, ctx: RuleContext): string[];
  /**
   * Places the game marks for the seat to see, whoever's turn it is: the last move's squares, a king
   * in check. Each names a slot or a component as highlights do. The default marks nothing.
   */
  marks(situation: Situation, seat: string, ctx: RuleContext): BoardMark[];
  /**
   * Whether the board is drawn turned half round for this seat (chess's Black sees their own pieces
   * at the bottom). Pieces stay upright. The default never turns it.
   */
  turnBoard(situation: Situation, seat: string, ctx: RuleContext): boolean;
  /**
   * The game's record in its own notation, shown beside the board: a numbered row per round (chess:
   * '1. e4 e5' in SAN). Null for a game without one, the default.
   */
  moveList(situation: Situation, ctx: RuleContext): MoveList | null;
  stateMessage(situation: Situation, seat: string, ctx: RuleContext): string;
  gameStates: { [name: string]: StateDefinition };
  stats(situation: Situation, ctx: RuleContext): OverviewStat[];
  /**
   * How one statistic reads on the results page's Full statistics: its label from the game and its
   * value as words, never a raw key or JSON. Several rows for one stat (a game end's `result`: winners,
   * scores), or none to leave it out. The default humanises the key ('bellsRung' -> 'Bells rung') and
   * writes lists and objects as lists (module/stats.ts, defaultDescribeStat).
   */
  describeStat(stat: StatRef, situation: Situation, ctx: RuleContext): StatRow[];
  /**
   * The log's lines for a turn that produced moves, in the game's words (not called for edit-mode
   * turns, which keep their move lines): made once on the server when the turn is recorded and kept
   * in the event, the moves' own lines staying behind it for designers. Each line is read by every
   * viewer unless it has recipients, so name only what `isPublic` allows in a line for everyone. The
   * default (module/summary.ts, defaultTurnSummary) says the turn in one line: moves grouped ('moved
   * 2 cards to the discard pile'), cards named by their sheet's name where everyone sees them.
   */
  summarizeTurn(turn: TurnSummaryInput, ctx: RuleContext): SummaryLine[];
  /**
   * Optional heuristic for bots (engine bot/generic.ts): how good `view` (a seat's view, placeholders
   * for what it may not see) is for `seat`, higher is better, on any scale the game likes. The
   * generic bot searches with it (greedy, Monte Carlo); without it bots play at random. No default.
   */
  evaluate?(view: Situation, seat: string, ctx: RuleContext): number;
  /**
   * The flags of a turn that produced moves, decided from the situation before and after it (not
   * called for edit-mode turns). The default prevents undo of a turn that revealed hidden
   * information or used chance (defaultTurnFlags); a game that adds replay marks usually starts from
   * that default.
   */
  turnFlags(
    before: Situation,
    after: Situation,
    moves: readonly Move[],
    turn: TurnInfo,
    ctx: RuleContext,
  ): TurnFlagDecision;
}

export type PartialRuleModule = Partial<RuleModule>;
