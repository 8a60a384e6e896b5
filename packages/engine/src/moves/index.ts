import { z } from "zod";
import { withFields } from "../access.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { addSubstateSchema, applyAddSubstate } from "./add-substate.js";
import type { Applied, MoveResult } from "./base.js";
import { applyComponentCreate, componentCreateSchema } from "./component-create.js";
import { applyComponentMove, componentMoveSchema } from "./component-move.js";
import { applyComponentReveal, componentRevealSchema } from "./component-reveal.js";
import { applyCustom, customSchema } from "./custom.js";
import { applyDiscard, discardSchema } from "./discard.js";
import { applyGameEnd, gameEndSchema } from "./game-end.js";
import { applyIncCounter, incCounterSchema } from "./inc-counter.js";
import { applyIncStat, incStatSchema } from "./inc-stat.js";
import { applyLook, lookSchema } from "./look.js";
import { applyMoveAll, moveAllSchema } from "./move-all.js";
import { applyMoveToBank, moveToBankSchema } from "./move-to-bank.js";
import { applyPressButton, pressButtonSchema } from "./press-button.js";
import { applyPressStateButton, pressStateButtonSchema } from "./press-state-button.js";
import { applyPushStat, pushStatSchema } from "./push-stat.js";
import { applyPutToBottom, putToBottomSchema } from "./put-to-bottom.js";
import { applyRandomizeVariable, randomizeVariableSchema } from "./randomize-variable.js";
import { applyReloadData, reloadDataSchema } from "./reload-data.js";
import { applyReshuffle, reshuffleSchema } from "./reshuffle.js";
import { applyResolveCurrentState, resolveCurrentStateSchema } from "./resolve-current-state.js";
import { applyReturnToTop, returnToTopSchema } from "./return-to-top.js";
import { applyRevealAll, revealAllSchema } from "./reveal-all.js";
import { applySelectComponent, selectComponentSchema } from "./select-component.js";
import { applySetComponentOption, setComponentOptionSchema } from "./set-component-option.js";
import { applySetComponentOverdrive, setComponentOverdriveSchema } from "./set-component-overdrive.js";
import { applySetComponentVariable, setComponentVariableSchema } from "./set-component-variable.js";
import { applySetCounter, setCounterSchema } from "./set-counter.js";
import { applySetGamestate, setGamestateSchema } from "./set-gamestate.js";
import { applySetGamestateVariable, setGamestateVariableSchema } from "./set-gamestate-variable.js";
import { applySetGlobal, setGlobalSchema } from "./set-global.js";
import { applySetObjectStat, setObjectStatSchema } from "./set-object-stat.js";
import { applySetPlayerAttr, setPlayerAttrSchema } from "./set-player-attr.js";

/** Every move type of game-table.md section 3, validated at the boundary by this one schema. */
export const moveSchema = z.discriminatedUnion("type", [
  incCounterSchema,
  setCounterSchema,
  incStatSchema,
  pushStatSchema,
  setObjectStatSchema,
  componentMoveSchema,
  moveAllSchema,
  revealAllSchema,
  componentRevealSchema,
  componentCreateSchema,
  moveToBankSchema,
  discardSchema,
  returnToTopSchema,
  putToBottomSchema,
  reshuffleSchema,
  setComponentOptionSchema,
  setComponentVariableSchema,
  randomizeVariableSchema,
  setGamestateSchema,
  addSubstateSchema,
  resolveCurrentStateSchema,
  setGlobalSchema,
  setGamestateVariableSchema,
  setComponentOverdriveSchema,
  setPlayerAttrSchema,
  selectComponentSchema,
  pressButtonSchema,
  pressStateButtonSchema,
  customSchema,
  gameEndSchema,
  reloadDataSchema,
  lookSchema,
]);

export type Move = z.infer<typeof moveSchema>;
export type MoveType = Move["type"];
export type MoveOf<T extends MoveType> = Extract<Move, { type: T }>;

type Appliers = { [T in MoveType]: (situation: Situation, move: MoveOf<T>) => MoveResult };

const appliers: Appliers = {
  "inc counter": applyIncCounter,
  "set counter": applySetCounter,
  "inc stat": applyIncStat,
  "push stat": applyPushStat,
  "set object stat": applySetObjectStat,
  "component move": applyComponentMove,
  "move all": applyMoveAll,
  "reveal all": applyRevealAll,
  "component reveal": applyComponentReveal,
  "component create": applyComponentCreate,
  "move to bank": applyMoveToBank,
  discard: applyDiscard,
  "return to top": applyReturnToTop,
  "put to bottom": applyPutToBottom,
  reshuffle: applyReshuffle,
  "set component option": applySetComponentOption,
  "set component variable": applySetComponentVariable,
  "randomize variable": applyRandomizeVariable,
  "set gamestate": applySetGamestate,
  "add substate": applyAddSubstate,
  "resolve current state": applyResolveCurrentState,
  "set global": applySetGlobal,
  "set gamestate variable": applySetGamestateVariable,
  "set component overdrive": applySetComponentOverdrive,
  "set player attr": applySetPlayerAttr,
  "select component": applySelectComponent,
  "press button": applyPressButton,
  "press state button": applyPressStateButton,
  custom: applyCustom,
  "game end": applyGameEnd,
  "reload data": applyReloadData,
  look: applyLook,
};

export const MOVE_TYPES = Object.keys(appliers) as MoveType[];

/**
 * Moves that still make sense once the game has ended: a module typically answers 'game end' with
 * final scores and statistics in the same turn. Everything else is refused after the end.
 */
const AFTER_END: ReadonlySet<MoveType> = new Set<MoveType>([
  "inc stat",
  "push stat",
  "set object stat",
  "set global",
  "set player attr",
  "custom",
]);

/**
 * Applies one move. Moves are trusted here (parse them with moveSchema at the boundary): the hot
 * path of folds and replays must not pay for validation again.
 */
export function applyMove(situation: Situation, move: Move): MoveResult {
  if (situation.ended && !AFTER_END.has(move.type)) return refuse("move/game-ended");
  const apply = appliers[move.type] as (situation: Situation, move: Move) => MoveResult;
  const result = apply(situation, move);
  if (!result.ok) return result;
  const next = result.value.situation;
  const value: Applied = {
    situation: withFields(next, { evaledMoves: next.evaledMoves + 1 }),
    log: result.value.log,
  };
  if (result.value.resolved !== undefined) value.resolved = result.value.resolved as Move;
  return { ok: true, value };
}

/** Validates unknown input as a move; a refusal when it is not one. */
export function parseMove(input: unknown): { ok: true; value: Move } | ReturnType<typeof refuse> {
  const parsed = moveSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : refuse("move/invalid", [parsed.error.message]);
}
