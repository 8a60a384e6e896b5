import { createHash } from "node:crypto";
import { appendEvent, createSnapshotCache, type Situation, type TableEvent } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import type { HttpClient } from "./http";
import type { TableBot } from "./table";
import { inBatches } from "./users";

// The end-of-run check that nothing was lost or applied twice: every client's final situation (the
// events it received, folded with the engine) against the server's (the table load's events, folded
// the same way), compared by hash. Counted per client and table: events missing, events received
// twice, folds that fail (a gap or a repeat stops the engine), and hashes that differ.

export interface VerifyResult {
  games: number;
  clients: number;
  serverEvents: number;
  lost: number;
  duplicated: number;
  foldFailures: number;
  hashMismatches: number;
  hashesEqual: number;
  /** Tables whose server log could not be read. */
  unreadable: number;
  examples: string[];
}

/** JSON with sorted keys: two equal situations give one string whatever order their keys were set in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

export function situationHash(situation: Situation): string {
  return createHash("sha256").update(canonical(situation)).digest("hex");
}

/** Folds events in the order given; appendEvent refuses a gap or a repeated seq, which is the point. */
function foldInOrder(start: Situation, events: readonly TableEvent[]): Situation {
  const cache = createSnapshotCache(start, [], Number.MAX_SAFE_INTEGER);
  for (const event of events) appendEvent(cache, event);
  return cache.live;
}

export async function verifyTables(tables: readonly TableBot[], reader: (t: TableBot) => HttpClient) {
  const result: VerifyResult = {
    games: 0,
    clients: 0,
    serverEvents: 0,
    lost: 0,
    duplicated: 0,
    foldFailures: 0,
    hashMismatches: 0,
    hashesEqual: 0,
    unreadable: 0,
    examples: [],
  };
  const note = (line: string) => {
    if (result.examples.length < 10) result.examples.push(line);
  };
  const jobs = tables.flatMap((table) => table.games.map((tableId) => ({ table, tableId })));
  await inBatches(jobs, 8, async ({ table, tableId }) => {
    let load: TableLoadResponse;
    try {
      load = await reader(table).call<TableLoadResponse>(
        "table-open (check)",
        "GET",
        `/api/table-open/${tableId}`,
      );
    } catch (err) {
      result.unreadable++;
      note(`${tableId}: server log unreadable: ${(err as Error).message}`);
      return;
    }
    result.games++;
    result.serverEvents += load.events.length;
    const serverHash = situationHash(foldInOrder(load.start_position!, load.events));
    for (const seat of table.seats) {
      const log = seat.logs.get(tableId);
      if (!log) continue;
      result.clients++;
      const distinct = new Set(log.received.map((e) => e.seq)).size;
      const lost = load.events.length - distinct;
      const duplicated = log.received.length - distinct;
      result.lost += Math.max(0, lost);
      result.duplicated += duplicated;
      if (lost !== 0 || duplicated !== 0) {
        // Which events, and whose: a lost turn of the client's own seat is not the same fault as another's.
        const missing = load.events
          .filter((e) => !log.received.some((r) => r.seq === e.seq))
          .map((e) => `${e.seq}${e.kind === "turn" ? ` (${e.actor})` : ""}`);
        const which = missing.length > 0 ? ` [missing ${missing.slice(0, 5).join(", ")}]` : "";
        note(`${tableId} ${log.color}: ${lost} lost, ${duplicated} twice of ${load.events.length}${which}`);
      }
      let clientHash: string;
      try {
        clientHash = situationHash(foldInOrder(log.start, log.received));
      } catch (err) {
        result.foldFailures++;
        note(`${tableId} ${log.color}: fold failed: ${(err as Error).message}`);
        continue;
      }
      if (clientHash === serverHash) result.hashesEqual++;
      else {
        result.hashMismatches++;
        note(`${tableId} ${log.color}: situation hash differs from the server's`);
      }
    }
  });
  return result;
}
