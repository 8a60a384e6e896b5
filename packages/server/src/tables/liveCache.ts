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
 * Live tables kept per process, least recently used dropped beyond `max`, so memory does not grow with
 * every table ever played. It is a cache: a table dropped from it folds its log again from the
 * database at its next turn.
 */
export class LiveCache {
  private readonly tables = new Map<string, Live>();

  constructor(private readonly max: number) {}

  get(tableId: string): Live | undefined {
    return this.tables.get(tableId);
  }

  /** Marks the table as just used (a Map keeps insertion order) and drops the oldest beyond the cap. */
  touch(tableId: string, live: Live): void {
    this.tables.delete(tableId);
    this.tables.set(tableId, live);
    while (this.tables.size > this.max) {
      const oldest = this.tables.keys().next().value as string;
      this.tables.delete(oldest);
    }
  }

  forget(tableId: string): void {
    this.tables.delete(tableId);
  }
}
