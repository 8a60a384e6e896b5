import type { LogMessage } from "../log/message.js";
import { type LogTurn, logTurn, summaryLines } from "../log/summary.js";
import type { RuleContext, RuleModule } from "../module/types.js";
import { markLasting, RecentCache, unmarkLasting } from "../recent.js";
import { ok, type Result } from "../result.js";
import type { Situation } from "../situation.js";
import type { Turn } from "../turn/actions.js";
import type { ProjectData } from "../turn/evaluate.js";
import { linesFor, packLines, summaryFor, type ViewEvent, viewEvent } from "../view/event.js";
import { reissuedIds } from "../view/reissue.js";
import { viewOf } from "../view/view.js";
import {
  applyTurnWithLog,
  effectiveTurns,
  headerOf,
  planUndo,
  type TableEvent,
  type UndoEvent,
  type UndoRequest,
} from "./events.js";
import { type Recorded, type RequestedTurnFlags, recordTurn } from "./record.js";
import { appendEvent, createSnapshotCache, type SnapshotCache, situationAt } from "./replay.js";
import { withUndoLines } from "./undo-log.js";

/**
 * A table as whoever holds its full situation keeps it: the start, the log, a snapshot cache, the
 * log lines each turn wrote, and every viewer's view of it. One holder for the server, the browser's
 * replay of an ended table, the games' test driver and the benchmarks (STYLE.md: one holder in the
 * engine, used everywhere). It is mutable (it owns its snapshot cache); everything it hands out is
 * plain immutable JSON.
 */
export interface TableHolder {
  readonly start: Situation;
  readonly events: readonly TableEvent[];
  /** The situation after every event. */
  readonly live: Situation;
  readonly module: RuleModule;
  readonly ctx: RuleContext;
  /** Evaluates a turn against the live situation as event number events.length; nothing is kept. */
  record(turn: Turn, requested?: RequestedTurnFlags): Result<Recorded>;
  /**
   * Adds the next event of the log. `recorded` is what record() answered for it, saving the second
   * evaluation; without it (an event another instance wrote) the event is applied again.
   */
  append(event: TableEvent, recorded?: Recorded): void;
  /** record() and, when the turn did something, append(). */
  play(turn: Turn, requested?: RequestedTurnFlags): Result<Recorded>;
  planUndo(request: UndoRequest): Result<UndoEvent>;
  /** planUndo() and append(). */
  undo(request: UndoRequest): Result<UndoEvent>;
  /** The situation after the first `step` events (a replay step). */
  at(step: number): Situation;
  /** The log lines turn `seq` wrote ([] for an undo). */
  linesOf(seq: number): readonly LogMessage[];
  /** The log lines of the turns in effect, each with its seq. */
  log(): (LogMessage & { seq: number })[];
  /** Turn `seq`'s summary as log lines (log/summary.ts), or null when it has none (its lines say it). */
  summaryOf(seq: number): readonly LogMessage[] | null;
  /**
   * The turns in effect after the first `step` events (all: every event), as the log shows them, with
   * a line for each undo among them.
   */
  turns(step?: number): LogTurn[];
  /** A viewer's view of the live situation (view/view.ts). */
  view(viewer: string): Situation;
  /** Event `seq` as `viewer` receives it; with `patch`, the change of its view by that event. */
  viewEvent(viewer: string, seq: number, patch: boolean): ViewEvent;
  /**
   * The events from seq `from` on as `viewer` reads them in a history (the table load, a resubscribe):
   * headers and the lines it may read, no patches and no outlines (its view comes whole with them).
   */
  history(viewer: string, from?: number): ViewEvent[];
  /** The id a piece has now that had `id` after event `since` - 1 (0: at the start), following re-issues. */
  follow(id: string, since?: number): string;
}

export interface TableHolderOptions {
  start: Situation;
  events?: readonly TableEvent[];
  module: RuleModule;
  project?: ProjectData;
  snapshotEvery?: number;
}

/**
 * The events made for the viewers of an event, by what makes them differ: of the newest few events
 * of all tables. They are asked for as the event is sent; kept by the holder until its next event,
 * they and their patches were copied by every young collection in between (recent.ts).
 */
const madeFor = new RecentCache<TableEvent, ViewEvent[]>(8, false);

export function createTableHolder(options: TableHolderOptions): TableHolder {
  const { start, module } = options;
  const project = options.project ?? {};
  const ctx: RuleContext = { pieces: project.pieces ?? {}, options: project.options ?? {} };
  const cache: SnapshotCache = createSnapshotCache(start, [], options.snapshotEvery);
  const lines = new Map<number, readonly LogMessage[]>();
  /** The live situation before the newest event: the 'before' of the event a server broadcasts. */
  let previous = start;
  // What the engine works out of the live situation and the one before it (sight, views, the tree's
  // index) is kept while they are these, whatever else runs between two turns (recent.ts).
  const lasting = (s: Situation) => [s, s.root];
  markLasting(...lasting(start));

  const append = (event: TableEvent, recorded?: Recorded) => {
    let after: Situation | undefined;
    if (event.kind === "turn") {
      if (recorded !== undefined && recorded.event === event) {
        after = recorded.outcome.situation;
        lines.set(event.seq, recorded.outcome.log);
      } else {
        const applied = applyTurnWithLog(cache.live, event);
        after = applied.situation;
        lines.set(event.seq, applied.log);
      }
    }
    const dropped = previous;
    previous = cache.live;
    appendEvent(cache, event, after);
    markLasting(...lasting(cache.live));
    if (dropped !== previous && dropped !== cache.live) {
      unmarkLasting(dropped);
      // A turn that moved no component keeps the root.
      if (dropped.root !== previous.root && dropped.root !== cache.live.root) unmarkLasting(dropped.root);
    }
  };

  const at = (step: number) => situationAt(cache, step);

  const alike = (event: TableEvent, made: ViewEvent): ViewEvent => {
    let list = madeFor.get(event);
    if (list === undefined) {
      list = [];
      madeFor.set(event, list);
    }
    const same = list.find(
      (m) =>
        m.patch === made.patch &&
        m.log === made.log &&
        m.summary === made.summary &&
        m.renamed === made.renamed,
    );
    if (same !== undefined) return same;
    list.push(made);
    return made;
  };

  const holder: TableHolder = {
    start,
    get events() {
      return cache.events;
    },
    get live() {
      return cache.live;
    },
    module,
    ctx,
    record: (turn, requested) =>
      recordTurn(cache.live, cache.events.length, turn, module, project, requested),
    append,
    play(turn, requested) {
      const recorded = holder.record(turn, requested);
      if (recorded.ok && recorded.value.event !== null) append(recorded.value.event, recorded.value);
      return recorded;
    },
    planUndo(request) {
      const planned = planUndo(cache.events, cache.live, request);
      if (!planned.ok) return planned;
      // What the undo takes out of someone's sight comes back under new ids, as after a turn: the
      // situation it returns to is the one the earliest undone turn was played on.
      const restored = at(Math.min(...planned.value.undone));
      const renamed = reissuedIds(cache.live, restored, ctx, module, new Set());
      return ok(renamed.length === 0 ? planned.value : { ...planned.value, renamed });
    },
    undo(request) {
      const planned = holder.planUndo(request);
      if (planned.ok) append(planned.value);
      return planned.ok ? ok(planned.value) : planned;
    },
    at,
    linesOf: (seq) => lines.get(seq) ?? [],
    log: () =>
      effectiveTurns(cache.events).flatMap((seq) => (lines.get(seq) ?? []).map((line) => ({ ...line, seq }))),
    summaryOf(seq) {
      const event = cache.events[seq];
      return event?.kind === "turn" ? summaryLines(event) : null;
    },
    turns(step = cache.events.length) {
      const events = cache.events.slice(0, step);
      const turns = effectiveTurns(events).map((seq) =>
        logTurn(seq, lines.get(seq) ?? [], holder.summaryOf(seq)),
      );
      // Each undo's line where it happened, as the players read it live (undo-log.ts).
      return withUndoLines(turns, events);
    },
    view: (viewer) => viewOf(cache.live, viewer, ctx, module),
    viewEvent(viewer, seq, patch) {
      const event = cache.events[seq];
      if (event === undefined) throw new Error(`No event ${seq} at this table.`);
      const last = seq === cache.events.length - 1;
      const made = viewEvent({
        event,
        before: last ? previous : at(seq),
        after: last ? cache.live : at(seq + 1),
        log: lines.get(seq) ?? [],
        viewer,
        ctx,
        module,
        patch,
      });
      // Viewers who are sent the same get the very same object: a broadcast serialises it once.
      return alike(event, made);
    },
    history(viewer, from = 0) {
      return cache.events.slice(from).map((event) => {
        const header = headerOf(event);
        const made: ViewEvent = {
          ...header,
          steps: [],
          log: packLines(linesFor(viewer, lines.get(event.seq) ?? [], header), header),
        };
        const summary = summaryFor(viewer, event);
        if (summary !== undefined) made.summary = summary;
        return made;
      });
    },
    follow(id, since = 0) {
      let current = id;
      const effective = new Set(effectiveTurns(cache.events));
      for (const event of cache.events.slice(since)) {
        if (event.kind !== "turn" || !effective.has(event.seq)) continue;
        for (const [from, to] of event.renamed ?? []) if (from === current) current = to;
      }
      return current;
    },
  };
  for (const event of options.events ?? []) append(event);
  return holder;
}
