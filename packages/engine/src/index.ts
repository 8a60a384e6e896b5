/** @tt/engine: the pure rules engine shared by server and browser. */

export * from "./access.js";
export { type GenericBotOptions, type GenericSearch, genericBot, randomBot } from "./bot/generic.js";
export { type PlayGameOptions, playGame, type SelfPlayResult, type StopReason } from "./bot/play.js";
export { firstActions, type RandomTurnOptions, randomTurn } from "./bot/random.js";
export {
  type LegalTurn,
  legalTurns,
  type Probe,
  probe,
  randomLegalTurn,
  type SearchBudget,
} from "./bot/turns.js";
export type { Bot, BotContext, RngCell } from "./bot/types.js";
export * from "./cards/index.js";
export * from "./component-info.js";
export type { ComponentSpec } from "./component-spec.js";
export {
  type ComponentTree,
  type ComponentTreeDraft,
  componentTreeSchema,
  type PieceDraft,
} from "./component-tree.js";
export * from "./constants.js";
export type { Json, JsonObject } from "./json.js";
export * from "./layout.js";
export type { LogEvent, LogExtras, LogMessage } from "./log/message.js";
export {
  type LogTurn,
  logTurn,
  normaliseSummary,
  SUMMARY_LINE_TYPE,
  type SummaryLine,
  summaryLineSchema,
  summaryLines,
} from "./log/summary.js";
export { type MoveTiming, moveTiming } from "./log/timing.js";
export { clickableComponents } from "./module/clickable.js";
export { counterButton, defaultModule } from "./module/default.js";
export { resolveModule } from "./module/resolve.js";
export { enterState, enterSubstate, stateInput } from "./module/states.js";
export { defaultDescribeStat, humanise, inlineValue, NO_VALUE, statValue } from "./module/stats.js";
export {
  countedList,
  countOf,
  defaultTurnSummary,
  faceName,
  gameEndLine,
  listPhrase,
  publicFaces,
} from "./module/summary.js";
export { selectionTargets } from "./module/targets.js";
export { tooltipFor } from "./module/tooltip.js";
export {
  defaultTurnFlags,
  revealsHiddenInformation,
  UNDO_REASONS,
  usedChance,
} from "./module/turn-flags.js";
export type * from "./module/types.js";
export type { Applied, MoveBase, MoveResult } from "./moves/base.js";
export { COMPONENT_TYPES, createdId } from "./moves/component-create.js";
export {
  applyMove,
  MOVE_TYPES,
  type Move,
  type MoveOf,
  type MoveType,
  moveSchema,
  parseMove,
} from "./moves/index.js";
export type { ReloadDataMove } from "./moves/reload-data.js";
export { buttonSchema, type StateInput, stateInputSchema, toGameState } from "./moves/state-schema.js";
export * from "./result.js";
export { nextFloat, nextInt, seedRng, shuffle } from "./rng.js";
export * from "./schema.js";
export { defaultSetup, PLAYERS_POSITION } from "./setup.js";
export type * from "./situation.js";
export * from "./table/events.js";
export * from "./table/holder.js";
export * from "./table/outcome.js";
export * from "./table/record.js";
export * from "./table/replay.js";
export * from "./table/tile-stats.js";
export * from "./table/undo-log.js";
export * from "./table/viewer-log.js";
export * from "./tree.js";
export {
  type Action,
  actionSchema,
  TABLE_STATUSES,
  type TableStatus,
  type Turn,
  turnSchema,
} from "./turn/actions.js";
export { checkTurn, evaluateTurn, type ProjectData, type TurnOutcome } from "./turn/evaluate.js";
export { activeSeats, mayAct, showsPlayerButtons } from "./turn/permissions.js";
export * from "./view/event.js";
export * from "./view/patch.js";
export { applyRenames, type Renames, reissuedIds, sealStart, shuffledIds } from "./view/reissue.js";
export { faceMasks, type Sight, type SightRules, sightOf } from "./view/sight.js";
export { fullView, HIDDEN_RNG, isPlaceholder, viewOf } from "./view/view.js";
export { seenAs, type Visibility, visibilityFor } from "./visibility.js";
