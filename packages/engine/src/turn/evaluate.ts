import { activeState, DECK_POSITION, findPlayer } from "../access.js";
import type { PieceLibrary } from "../component-info.js";
import { MOVE_LOOP_LIMIT } from "../constants.js";
import type { JsonObject } from "../json.js";
import type { LogMessage } from "../log/message.js";
import { defaultModule } from "../module/default.js";
import type { HookMoves, RuleContext, RuleModule, TurnInfo } from "../module/types.js";
import { applyMove, type Move, parseMove } from "../moves/index.js";
import { ok, type Refusal, type Result, refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { findComponent } from "../tree.js";
import type { Action, Turn } from "./actions.js";
import { competitiveRawMoveRefusal, revealedByRawMove } from "./competitive.js";
import { mayAct } from "./permissions.js";

export interface TurnOutcome {
  situation: Situation;
  /** Every move applied, in order, follow-ups included: this is what the event log records. */
  moves: Move[];
  log: LogMessage[];
  /** The seat's selection after the turn (selection alone changes nothing and is not logged). */
  selected: string | null;
}

export interface ProjectData {
  pieces?: PieceLibrary;
  options?: JsonObject;
}

/** Mutable only inside one evaluation; nothing of it escapes but the outcome. */
interface Run {
  situation: Situation;
  moves: Move[];
  log: LogMessage[];
  selected: string | null;
  count: number;
  turn: Turn;
  info: TurnInfo;
  module: RuleModule;
  ctx: RuleContext;
}

function stamp(run: Run, move: Move): Move {
  // Object.assign copies the keys in the same order as a spread, a little faster on moves of many shapes.
  const stamped: Move = Object.assign({}, move);
  stamped.sourcePlayer = run.info.seat;
  stamped.timestamp = run.info.timestamp;
  if (run.info.editMode) stamped.editMode = true;
  if (run.turn.currTurn !== undefined) stamped.currTurn = run.turn.currTurn;
  return stamped;
}

/** Applies moves depth first: each move's follow-ups run before the next queued move. */
function runMoves(run: Run, moves: Move[]): Refusal | null {
  if (moves.length > MOVE_LOOP_LIMIT) return refuse("turn/too-many-moves");
  const queue = moves.slice();
  while (queue.length > 0) {
    if (++run.count > MOVE_LOOP_LIMIT) return refuse("turn/move-limit");
    const stamped = stamp(run, queue.shift() as Move);
    const result = applyMove(run.situation, stamped);
    if (!result.ok) return result;
    run.situation = result.value.situation;
    // The log keeps the move with what chance decided (a shuffle's order, a roll), so every replay of
    // it, in any browser, lands on the same situation without the server's random state.
    const move = (result.value.resolved as Move | undefined) ?? stamped;
    run.moves.push(move);
    run.log.push(...result.value.log);
    if (move.type === "select component" && move.seat === run.info.seat) run.selected = move.componentId;
    // Edit mode runs no rule automation, except for state buttons (edit-only buttons exist to be
    // answered by the game, e.g. 'skip this phase', while fixing a table) and a move that asks for it
    // with forceEvaluate (spec section 3, 'Move').
    if (run.info.editMode && move.type !== "press state button" && move.forceEvaluate !== true) continue;
    const follow = run.module.gameEvent(run.situation, move, run.info, run.ctx);
    if (follow.length > MOVE_LOOP_LIMIT) return refuse("turn/too-many-moves");
    queue.unshift(...follow);
  }
  return null;
}

function runHook(run: Run, produced: HookMoves): Refusal | null {
  if (!Array.isArray(produced)) return refuse("turn/prevented", produced.prevent);
  return runMoves(run, produced);
}

/** Edit mode plays without rule automation: the default module decides clicks. */
function rules(run: Run): RuleModule {
  return run.info.editMode ? defaultModule : run.module;
}

function runAction(run: Run, action: Action): Refusal | null {
  const { info, ctx } = run;
  switch (action.kind) {
    case "click component": {
      const module = rules(run);
      // Clicking a component that is not clickable is ignored (game-table.md section 5), except while
      // holding another one: then the click means the place it stands on (the top card of a discard
      // pile, a taken cell), so the rules can answer for that place.
      if (!module.isClickable(run.situation, action.componentId, info.seat, info.editMode, ctx)) {
        const target = findComponent(run.situation.root, action.componentId);
        if (run.selected === null) {
          // A card of a deck's draw pile stands for its deck: a click on the pile is a click on the
          // deck, which deals its top card (the default module), when the rules let the seat click it.
          const pile = target?.parent == null ? undefined : findComponent(run.situation.root, target.parent);
          if (
            pile?.type === "deck" &&
            target?.childData?.positionName === DECK_POSITION &&
            module.isClickable(run.situation, pile.id, info.seat, info.editMode, ctx)
          )
            return runAction(run, { kind: "click component", componentId: pile.id });
          return null;
        }
        if (target?.parent == null || target.childData === null) return null;
        const slot = target.childData.childPos;
        return runAction(run, {
          kind: "click position",
          destinationId: target.parent,
          positionName: target.childData.positionName,
          ...(slot === null ? {} : { positionIndex: slot }),
        });
      }
      if (run.selected === action.componentId) {
        run.selected = null;
        return null;
      }
      const decision = module.clickComponent(
        run.situation,
        {
          componentId: action.componentId,
          selected: run.selected,
          ...(action.area === undefined ? {} : { area: action.area }),
        },
        info,
        ctx,
      );
      if (decision.kind === "select") run.selected = action.componentId;
      if (decision.kind === "prevent") return refuse("turn/prevented", decision.prevent);
      if (decision.kind === "moves") {
        run.selected = null;
        return runMoves(run, decision.moves);
      }
      return null;
    }
    case "open deck":
      if (run.situation.containers[action.deckId]?.kind !== "deck") return refuse("turn/invalid-action");
      run.selected = action.deckId;
      return null;
    case "click position": {
      if (run.selected === null) return refuse("turn/no-selection");
      const click = {
        selected: run.selected,
        destinationId: action.destinationId,
        positionName: action.positionName,
        ...(action.positionIndex === undefined ? {} : { positionIndex: action.positionIndex }),
      };
      run.selected = null;
      return runHook(run, rules(run).clickPosition(run.situation, click, info, ctx));
    }
    case "press button":
      return runHook(
        run,
        rules(run).pressButton(run.situation, action.componentId, action.button, info, ctx),
      );
    case "press state button": {
      const state = activeState(run.situation);
      const onlyInEdit =
        !state.buttons.some((b) => b.name === action.button) &&
        state.editModeButtons.some((b) => b.name === action.button);
      if (onlyInEdit && !info.editMode) return refuse("move/edit-mode-only");
      // State buttons are the game's even in edit mode: the module gives them meaning.
      return runHook(run, run.module.pressStateButton(run.situation, action.button, info, ctx));
    }
    case "raw move": {
      if (!info.editMode) return refuse("turn/raw-move-outside-edit-mode");
      const parsed = parseMove(action.move);
      if (!parsed.ok) return parsed;
      if (info.competitive !== true) return runMoves(run, [parsed.value]);
      const chooses = competitiveRawMoveRefusal(parsed.value);
      if (chooses !== null) return chooses;
      const before = run.situation;
      const from = run.moves.length;
      const failed = runMoves(run, [parsed.value]);
      if (failed !== null) return failed;
      return revealedByRawMove(before, run.situation, run.moves.slice(from), ctx, run.module);
    }
    case "delayed eval":
      return runMoves(run, run.module.delayedEvaluate(run.situation, info, ctx));
  }
}

/** The seat and table checks every turn passes before any action is evaluated. */
export function checkTurn(
  situation: Situation,
  turn: Turn,
  module: RuleModule,
  ctx: RuleContext,
): Refusal | null {
  const info = turnInfo(turn);
  const delayed = turn.actions.length > 0 && turn.actions.every((a) => a.kind === "delayed eval");
  if (situation.ended || (turn.status !== undefined && turn.status !== "midgame" && !delayed)) {
    return refuse("turn/not-midgame");
  }
  if (info.editMode) return turn.seat === "spectator" ? refuse("turn/not-your-turn") : null;
  if (!mayAct(situation, turn.seat) && !anyTurnPresses(situation, turn)) return refuse("turn/not-your-turn");
  const reasons = module.movePreventReasons(situation, info, ctx);
  return reasons.length > 0 ? refuse("turn/prevented", reasons) : null;
}

/**
 * A seated player's turn made only of presses of the active state's `anyTurn` buttons (resign, offer a
 * draw): allowed out of turn, so waiting for one's turn never keeps a player from resigning. Anything
 * else in the same turn (a piece picked up) would be a move out of turn, so the whole turn must be
 * such presses.
 */
function anyTurnPresses(situation: Situation, turn: Turn): boolean {
  if (turn.actions.length === 0 || findPlayer(situation, turn.seat) === undefined) return false;
  const { buttons } = activeState(situation);
  return turn.actions.every(
    (a) => a.kind === "press state button" && buttons.some((b) => b.name === a.button && b.anyTurn === true),
  );
}

function turnInfo(turn: Turn): TurnInfo {
  return {
    seat: turn.seat,
    editMode: turn.editMode === true,
    timestamp: turn.timestamp,
    turnUID: turn.turnUID,
    ...(turn.competitive === true ? { competitive: true } : {}),
  };
}

/**
 * Evaluates a turn: checks the seat, turns each action into moves with the rule module, applies
 * them with their follow-ups, then runs auto-evaluation while the active state asks for it. All or
 * nothing: any refusal leaves the situation as it was. A rule module that throws is a script error
 * of that game: it refuses the turn ('SCRIPT ERROR: ...') instead of taking the table down.
 */
export function evaluateTurn(
  situation: Situation,
  turn: Turn,
  module: RuleModule,
  project: ProjectData = {},
): Result<TurnOutcome> {
  try {
    return evaluate(situation, turn, module, project);
  } catch (error) {
    return refuse("turn/script-error", [error instanceof Error ? error.message : String(error)]);
  }
}

function evaluate(
  situation: Situation,
  turn: Turn,
  module: RuleModule,
  project: ProjectData,
): Result<TurnOutcome> {
  const ctx: RuleContext = { pieces: project.pieces ?? {}, options: project.options ?? {} };
  const refused = checkTurn(situation, turn, module, ctx);
  if (refused !== null) return refused;
  const state = activeState(situation);
  const run: Run = {
    situation,
    moves: [],
    log: [],
    selected: situation.selected[turn.seat] ?? state.forceSelectedComponent ?? state.defaultSelected,
    count: 0,
    turn,
    info: turnInfo(turn),
    module,
    ctx,
  };
  for (const action of turn.actions) {
    const failure = runAction(run, action);
    if (failure !== null) return failure;
  }
  while (!run.info.editMode && !run.situation.ended && activeState(run.situation).autoEvalState) {
    const moves = module.autoEvaluate(run.situation, run.info, ctx);
    if (moves.length === 0) break;
    const failure = runMoves(run, moves);
    if (failure !== null) return failure;
  }
  return ok({ situation: run.situation, moves: run.moves, log: run.log, selected: run.selected });
}
