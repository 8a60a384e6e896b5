import { FULL_VIEW } from "../constants.js";
import type { LogMessage } from "../log/message.js";
import type { RuleContext } from "../module/types.js";
import type { Move } from "../moves/index.js";
import type { Situation } from "../situation.js";
import { type EventHeader, headerOf, type TableEvent } from "../table/events.js";
import { diffViews, type ViewPatch } from "./patch.js";
import type { Renames } from "./reissue.js";
import { type SightRules, sightOf } from "./sight.js";
import { viewOf } from "./view.js";

/**
 * One event of a running table as one viewer receives it (DESIGN.md 'Hidden information'): the
 * event's header, what each move was in outline (enough to play the turn's animations in order),
 * the log lines the viewer may read, the new ids of pieces it kept seeing, and the patch from its
 * view before the event to its view after. Never the moves themselves: a move names what a card is
 * and where chance sent it. An ended table sends its whole log instead (everything is revealed).
 */
export interface ViewEvent extends EventHeader {
  steps: MoveStep[];
  log: LogMessage[];
  /** [old, new] ids of pieces this viewer saw before and after the turn (view/reissue.ts). */
  renamed?: Renames;
  /** Absent in a history (the table load, a resubscribe): the view comes whole with it. */
  patch?: ViewPatch;
}

/** A move in outline: what the board needs to time and animate it, nothing of what it revealed. */
export interface MoveStep {
  type: Move["type"];
  componentId?: string;
  /** Counter moves: whose counter. */
  player?: string;
  counter?: string;
  moveDelay?: number;
  moveTimeout?: number;
  skipAnimation?: boolean;
  popupMessage?: string;
  sourcePlayer?: string;
}

export function stepOf(move: Move): MoveStep {
  const step: MoveStep = { type: move.type };
  if ("componentId" in move && typeof move.componentId === "string") step.componentId = move.componentId;
  if (move.type === "inc counter" || move.type === "set counter") {
    step.player = move.player;
    step.counter = move.counter;
  }
  if (move.moveDelay !== undefined) step.moveDelay = move.moveDelay;
  if (move.moveTimeout !== undefined) step.moveTimeout = move.moveTimeout;
  if (move.skipAnimation !== undefined) step.skipAnimation = move.skipAnimation;
  if (move.popupMessage !== undefined) step.popupMessage = move.popupMessage;
  if (move.sourcePlayer !== undefined) step.sourcePlayer = move.sourcePlayer;
  return step;
}

/**
 * The log lines of a turn a viewer may read: a line of a move with eventRecipients goes to those
 * seats only, and a turn its player hid (turnHidden) is read by its player only; the full view reads
 * everything. (targetPlayer names whom a line is about, 'blue gained 4 coins', not who reads it.)
 */
export function linesFor(
  viewer: string,
  lines: readonly LogMessage[],
  header: Pick<EventHeader, "actor" | "turnHidden">,
) {
  if (viewer === FULL_VIEW) return lines as LogMessage[];
  if (header.turnHidden === true && header.actor !== viewer) return NO_LINES;
  // The same array when every line is for everyone, so viewers' events can be told alike cheaply.
  if (lines.every((line) => line.recipients === undefined)) return lines as LogMessage[];
  return lines.filter((line) => line.recipients === undefined || line.recipients.includes(viewer));
}

const NO_LINES: LogMessage[] = [];

/** Patches made, per pair of views: viewers who see the same get the same patch, made once. */
const patches = new WeakMap<Situation, WeakMap<Situation, ViewPatch>>();

function patchOf(before: Situation, after: Situation): ViewPatch {
  let byAfter = patches.get(before);
  let patch = byAfter?.get(after);
  if (patch === undefined) {
    patch = diffViews(before, after);
    if (byAfter === undefined) {
      byAfter = new WeakMap();
      patches.set(before, byAfter);
    }
    byAfter.set(after, patch);
  }
  return patch;
}

/** The outline of a turn's moves for one viewer: a move's popup only for its eventRecipients. */
function stepsFor(viewer: string, moves: readonly Move[]): MoveStep[] {
  return moves.map((move) => {
    const step = stepOf(move);
    if (step.popupMessage !== undefined && viewer !== FULL_VIEW && move.eventRecipients !== undefined)
      if (!move.eventRecipients.includes(viewer)) delete step.popupMessage;
    return step;
  });
}

export interface ViewEventInput {
  event: TableEvent;
  /** The full situations before and after the event. */
  before: Situation;
  after: Situation;
  /** The log lines the event wrote (none for an undo). */
  log: readonly LogMessage[];
  viewer: string;
  ctx: RuleContext;
  module?: SightRules;
  /** With the patch from the viewer's view before to after (a live event), or without (a history). */
  patch: boolean;
}

export function viewEvent(input: ViewEventInput): ViewEvent {
  const { event, before, after, viewer, ctx, module } = input;
  const header = headerOf(event);
  const out: ViewEvent = {
    ...header,
    steps: event.kind === "turn" ? stepsFor(viewer, event.moves) : [],
    log: linesFor(viewer, input.log, header),
  };
  if (event.kind === "turn" && event.renamed !== undefined && event.renamed.length > 0) {
    const kept = keptInSight(event.renamed, before, after, viewer, ctx, module);
    if (kept.length > 0) out.renamed = kept;
  }
  if (input.patch)
    out.patch = patchOf(viewOf(before, viewer, ctx, module), viewOf(after, viewer, ctx, module));
  return out;
}

/** The re-issues a viewer may be told: of pieces whose face it saw both before and after. */
function keptInSight(
  renamed: Renames,
  before: Situation,
  after: Situation,
  viewer: string,
  ctx: RuleContext,
  module: SightRules | undefined,
): Renames {
  if (viewer === FULL_VIEW) return renamed;
  const sightBefore = sightOf(before, ctx, module);
  const sightAfter = sightOf(after, ctx, module);
  const was = sightBefore.of(viewer);
  const now = sightAfter.of(viewer);
  const kept = renamed.filter(([from, to]) => {
    const i = sightBefore.indexOf(from);
    const j = sightAfter.indexOf(to);
    return i !== undefined && j !== undefined && was[i] === "face" && now[j] === "face";
  });
  return kept.length === renamed.length ? renamed : kept;
}
