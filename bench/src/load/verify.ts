import { createHash } from "node:crypto";
import {
  createTableHolder,
  fullView,
  HIDDEN_RNG,
  type JsonObject,
  type Situation,
  type TableEvent,
  type TableHolder,
  viewOf,
} from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import type { ClientLog } from "./seat";
import type { TableBot } from "./table";
import { inBatches } from "./users";

// The end-of-run check that nothing was lost or applied twice and that every client saw what the
// server says it should. The server's side is its database: the table's start situation and event
// log, folded here with the engine's table holder as the server folds them (same module, same
// pieces), which gives each seat's view after any event. Each client's side is the view its viewer
// log holds after the patches, subscribe answers and table load it took, and the seqs it received.
// A running table's client must hold `holder.view(colour)`. A game that ended is checked twice: the
// seat's view right before the last event (the view it played with), and the whole game the
// client loaded after the end (GET /api/table-log), which must be the full situation
// (`fullView`: everything but the random state). Counted per client and table: events missing
// (lost), events received twice (duplicated), broadcasts that came past a hole (gaps) or whose patch
// did not fit (patch errors), and clients whose situation hashes differ from the server's.

export interface VerifyResult {
  games: number;
  clients: number;
  serverEvents: number;
  lost: number;
  duplicated: number;
  gaps: number;
  patchErrors: number;
  hashMismatches: number;
  hashesEqual: number;
  /** Tables whose server log could not be read or folded. */
  unreadable: number;
  examples: string[];
}

/** A read of the server's database (deploy.ts: made inside a server process). */
export type DatabaseRead = <T>(text: string, params: unknown[]) => Promise<T[]>;

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

/** Where two JSON values first differ (a path such as `root.children.board[2].id`), or null. */
function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (a === b) return null;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return canonical(a) === canonical(b)
      ? null
      : `${path || "(top)"}: ${canonical(a).slice(0, 60)} / ${canonical(b).slice(0, 60)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array / object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    const step = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      step,
    );
    if (found !== null) return found;
  }
  return null;
}

interface TableRead {
  project_slug: string;
  start_situation: Situation | null;
  components: ComponentTree | null;
  options: JsonObject;
}

/** The table as the server holds it, folded from the database exactly as its table hub does. */
export async function serverHolder(read: DatabaseRead, tableId: string) {
  const [row] = await read<TableRead>(
    "SELECT project_slug, start_situation, components, options FROM tables WHERE id = $1",
    [tableId],
  );
  if (!row?.start_situation) throw new Error("no such started table in the database");
  const events = await read<{ event: TableEvent }>(
    "SELECT event FROM table_events WHERE table_id = $1 ORDER BY seq",
    [tableId],
  );
  return createTableHolder({
    start: row.start_situation,
    events: events.map((e) => e.event),
    module: registry.moduleFor(row.project_slug),
    project: { pieces: row.components ? piecesOf(row.components) : {}, options: row.options },
  });
}

/** Null when the client holds what the server says it should, else where it differs. */
function compare(holder: TableHolder, client: ClientLog): string | null {
  const where = (mine: Situation, server: () => Situation, what: string) => {
    let theirs: Situation;
    try {
      theirs = server();
    } catch (err) {
      return `the server's ${what} failed: ${(err as Error).message}`;
    }
    if (situationHash(mine) === situationHash(theirs)) return null;
    // Where, so one fault can be told from another: an id, a face, a counter, the game state.
    return `${what} differs at ${firstDifference(mine, theirs)}`;
  };
  const { ctx, module } = holder;
  if (!holder.live.ended) return where(client.log.view, () => holder.view(client.color), "seat view");
  // Null when the end came whole with a subscribe answer (a reconnect): there is no seat view to check.
  const before = client.beforeEnd;
  if (before !== null) {
    const seatView = where(
      before.view,
      () => viewOf(holder.at(before.seq + 1), client.color, ctx, module),
      `seat view after event ${before.seq}`,
    );
    if (seatView !== null) return seatView;
  }
  if (client.whole === null) return `no whole game after the end: ${client.reloadError ?? "not loaded"}`;
  // The ended table's start comes without the random state (HIDDEN_RNG), and folding its moves still
  // draws from that constant, so the folded random state means nothing; nothing draws after the end.
  let folded: Situation;
  try {
    folded = client.whole();
  } catch (err) {
    return `the whole game after the end did not fold: ${(err as Error).message.slice(0, 120)}`;
  }
  const whole = { ...folded, rng: HIDDEN_RNG };
  return where(whole, () => fullView(holder.live), "whole game after the end");
}

export async function verifyTables(tables: readonly TableBot[], read: DatabaseRead): Promise<VerifyResult> {
  const result: VerifyResult = {
    games: 0,
    clients: 0,
    serverEvents: 0,
    lost: 0,
    duplicated: 0,
    gaps: 0,
    patchErrors: 0,
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
    let holder: TableHolder;
    try {
      holder = await serverHolder(read, tableId);
    } catch (err) {
      result.unreadable++;
      note(`${tableId}: server log unreadable: ${(err as Error).message}`);
      return;
    }
    // A reload after the end may still be on its way when the run stops.
    await Promise.all(table.seats.map((s) => s.settled(tableId)));
    const events = holder.events;
    result.games++;
    result.serverEvents += events.length;
    for (const seat of table.seats) {
      const client = seat.logs.get(tableId);
      if (!client) continue;
      result.clients++;
      const distinct = new Set(client.received);
      const missing = events.filter((e) => !distinct.has(e.seq));
      const duplicated = client.received.length - distinct.size;
      const unknown = [...distinct].filter((seq) => seq >= events.length);
      result.lost += missing.length;
      result.duplicated += duplicated;
      result.gaps += client.gaps;
      result.patchErrors += client.patchErrors;
      if (missing.length > 0 || duplicated > 0 || unknown.length > 0) {
        // Which events, and whose: a lost turn of the client's own seat is not the same fault as another's.
        const which = missing.map((e) => `${e.seq}${e.kind === "turn" ? ` (${e.actor})` : ""}`);
        note(
          `${tableId} ${client.color}: ${missing.length} lost, ${duplicated} twice of ${events.length}` +
            (which.length > 0 ? ` [missing ${which.slice(0, 5).join(", ")}]` : "") +
            (unknown.length > 0 ? ` [not in the server's log: ${unknown.slice(0, 5).join(", ")}]` : ""),
        );
      }
      if (client.gaps > 0 || client.patchErrors > 0)
        note(
          `${tableId} ${client.color}: ${client.gaps} gaps, ${client.patchErrors} patches that did not fit`,
        );
      const differs = compare(holder, client);
      if (differs === null) result.hashesEqual++;
      else {
        result.hashMismatches++;
        note(`${tableId} ${client.color}: ${differs}`);
      }
    }
  });
  return result;
}
