import { FULL_VIEW } from "../constants.js";
import type { LogMessage } from "../log/message.js";
import { summaryLines } from "../log/summary.js";
import type { RuleContext } from "../module/types.js";
import type { Move } from "../moves/index.js";
import { RecentCache } from "../recent.js";
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
  log: SentLine[];
  /**
   * The turn's summary lines this viewer may read (log/summary.ts), what the log shows in place of
   * `log`; absent when the turn has no summary (`log` is then what the log shows).
   */
  summary?: SentLine[];
  /** [old, new] ids of pieces this viewer saw before and after the turn (view/reissue.ts). */
  renamed?: Renames;
  /** Absent in a history (the table load, a resubscribe): the view comes whole with it. */
  patch?: ViewPatch;
}

/**
 * A log line as an event carries it: what the event's header already says and the usual values are
 * left out (about a third of the size; unpackLines puts them back). Absent: sourcePlayer is the
 * event's actor, targetPlayer and logDisplayComponent null, timestamp and editMode the event's,
 * logStyle 'edit' for an edit move and 'normal' otherwise, logIndent and currTurn 0.
 */
export interface SentLine {
  message: string;
  type: string;
  sourcePlayer?: string | null;
  targetPlayer?: string;
  timestamp?: number;
  logStyle?: string;
  logIndent?: number;
  editMode?: boolean;
  currTurn?: number;
  logDisplayComponent?: string;
  recipients?: string[];
}

type LineHeader = Pick<EventHeader, "actor" | "timestamp" | "editMode">;

function packLine(line: LogMessage, header: LineHeader): SentLine {
  const { event } = line;
  const out: SentLine = { message: line.message, type: event.type };
  if (event.sourcePlayer !== header.actor) out.sourcePlayer = event.sourcePlayer;
  if (event.targetPlayer !== null) out.targetPlayer = event.targetPlayer;
  if (event.timestamp !== header.timestamp) out.timestamp = event.timestamp;
  if (event.editMode !== (header.editMode === true)) out.editMode = event.editMode;
  if (event.logStyle !== (event.editMode ? "edit" : "normal")) out.logStyle = event.logStyle;
  if (event.logIndent !== 0) out.logIndent = event.logIndent;
  if (line.currTurn !== 0) out.currTurn = line.currTurn;
  if (line.logDisplayComponent !== null) out.logDisplayComponent = line.logDisplayComponent;
  if (line.recipients !== undefined) out.recipients = line.recipients;
  return out;
}

/** The lines of one event as sent, made once per array of lines (every viewer who reads them all). */
const packed = new WeakMap<readonly LogMessage[], SentLine[]>();

export function packLines(lines: readonly LogMessage[], header: LineHeader): SentLine[] {
  if (lines.length === 0) return NO_SENT_LINES;
  let out = packed.get(lines);
  if (out === undefined) {
    out = lines.map((line) => packLine(line, header));
    packed.set(lines, out);
  }
  return out;
}

const NO_SENT_LINES: SentLine[] = [];

/** The log lines of an event as it was sent, whole again. */
export function unpackLines(lines: readonly SentLine[], header: LineHeader): LogMessage[] {
  return lines.map((line) => {
    const editMode = line.editMode ?? header.editMode === true;
    const out: LogMessage = {
      message: line.message,
      event: {
        sourcePlayer: line.sourcePlayer === undefined ? header.actor : line.sourcePlayer,
        targetPlayer: line.targetPlayer ?? null,
        timestamp: line.timestamp ?? header.timestamp,
        logStyle: line.logStyle ?? (editMode ? "edit" : "normal"),
        logIndent: line.logIndent ?? 0,
        editMode,
        type: line.type,
      },
      currTurn: line.currTurn ?? 0,
      logDisplayComponent: line.logDisplayComponent ?? null,
    };
    if (line.recipients !== undefined) out.recipients = line.recipients;
    return out;
  });
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

/**
 * Patches made, per pair of views: viewers who see the same get the same patch, made once. Only the
 * newest few are kept: a patch is asked for by the viewers of one event as it is sent, and kept
 * longer (in a WeakMap, as before) it lived as long as the view before, a table's next turn and
 * more, so every young collection in between copied it (recent.ts).
 */
const patches = new RecentCache<Situation, Map<Situation, ViewPatch>>(8, false);

function patchOf(before: Situation, after: Situation): ViewPatch {
  let byAfter = patches.get(before);
  let patch = byAfter?.get(after);
  if (patch === undefined) {
    patch = diffViews(before, after);
    if (byAfter === undefined) {
      byAfter = new Map();
      patches.set(before, byAfter);
    }
    byAfter.set(after, patch);
  }
  return patch;
}

/**
 * The outlines made of a turn's moves, for viewers who read every popup (most turns have none): the
 * newest few, as patches above (in a WeakMap keyed by the event's moves they lived as long as the
 * table's log).
 */
const outlines = new RecentCache<readonly Move[], MoveStep[]>(8, false);

/**
 * The outline of a turn's moves for one viewer: a move's popup only for its eventRecipients. A step's
 * sourcePlayer is left out where it is the event's actor (nearly always).
 */
function stepsFor(viewer: string, moves: readonly Move[], actor: string): MoveStep[] {
  const restricted = (move: Move) =>
    move.popupMessage !== undefined &&
    viewer !== FULL_VIEW &&
    move.eventRecipients !== undefined &&
    !move.eventRecipients.includes(viewer);
  const shared = !moves.some(restricted);
  if (shared) {
    const made = outlines.get(moves);
    if (made !== undefined) return made;
  }
  const steps = moves.map((move) => {
    const step = stepOf(move);
    if (step.sourcePlayer === actor) delete step.sourcePlayer;
    if (restricted(move)) delete step.popupMessage;
    return step;
  });
  if (shared) outlines.set(moves, steps);
  return steps;
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
    steps: event.kind === "turn" ? stepsFor(viewer, event.moves, event.actor) : [],
    log: packLines(linesFor(viewer, input.log, header), header),
  };
  const summary = summaryFor(viewer, event);
  if (summary !== undefined) out.summary = summary;
  if (event.kind === "turn" && event.renamed !== undefined && event.renamed.length > 0) {
    const kept = keptInSight(event.renamed, before, after, viewer, ctx, module);
    if (kept.length > 0) out.renamed = kept;
  }
  if (input.patch)
    out.patch = patchOf(viewOf(before, viewer, ctx, module), viewOf(after, viewer, ctx, module));
  return out;
}

/** The summary of an event as `viewer` is sent it, or undefined when the event has none. */
export function summaryFor(viewer: string, event: TableEvent): SentLine[] | undefined {
  if (event.kind !== "turn") return undefined;
  const lines = summaryLines(event);
  if (lines === null) return undefined;
  const header = headerOf(event);
  return packLines(linesFor(viewer, lines, header), header);
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
