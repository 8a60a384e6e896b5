import type { JsonObject, RuleModule, Situation, TableEvent, TableHolder } from "@tt/engine";
import type { TableRow } from "./tableInfo";

/** A table this process keeps in memory: its row and the engine's table holder (start, log, views). */
export interface Live {
  row: TableRow;
  holder: TableHolder;
  module: RuleModule;
  options: JsonObject;
  /** The component tree the pieces were read from, serialised: tells when another instance replaced it. */
  componentsKey: string;
  /** The full log as fullLog() last answered it, while the holder has as many events (every seat's page asks at the end). */
  fullLog?: { holder: TableHolder; events: number; log: FullLog };
}

/** An ended table's whole log: its start and every event, chance recorded (nothing is secret any more). */
export interface FullLog {
  start: Situation;
  events: TableEvent[];
}

/**
 * Ended tables kept beside the running ones. An ended table is asked for its whole log by each of its
 * seats' pages at the end, and then rarely (a results page, a replay), and each holds its log and
 * views (about 400 kB a Night Market game): kept to the cap of running tables, a server's heap grew with
 * every game played (issue 21: 344-507 MB at 140 tables after a few hundred games; 206-231 MB with
 * this cap).
 */
export const ENDED_TABLES_MAX = 64;

/**
 * Live tables kept per process, least recently used dropped beyond `max` (and ended ones beyond
 * `endedMax`), so memory does not grow with every table ever played. It is a cache: a table dropped
 * from it folds its log again from the database at its next use.
 */
export class LiveCache {
  private readonly tables = new Map<string, Live>();
  /** The ended tables among them, least recently used first. */
  private readonly ended = new Set<string>();

  constructor(
    private readonly max: number,
    private readonly endedMax = ENDED_TABLES_MAX,
  ) {}

  get(tableId: string): Live | undefined {
    return this.tables.get(tableId);
  }

  /**
   * Marks the table as just used (a Map keeps insertion order) and drops the oldest beyond the caps.
   * Called again when a table's game ends, so it counts among the ended from then on.
   */
  touch(tableId: string, live: Live): void {
    this.tables.delete(tableId);
    this.tables.set(tableId, live);
    this.ended.delete(tableId);
    if (live.row.status === "ended") {
      this.ended.add(tableId);
      while (this.ended.size > this.endedMax) this.forget(this.ended.values().next().value as string);
    }
    while (this.tables.size > this.max) this.forget(this.tables.keys().next().value as string);
  }

  forget(tableId: string): void {
    this.tables.delete(tableId);
    this.ended.delete(tableId);
  }

  get size(): number {
    return this.tables.size;
  }
}
