import {
  createTableHolder,
  type EventHeader,
  type JsonObject,
  type Situation,
  type TableEvent,
  type TableHolder,
  type ViewEvent,
} from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../src/db/connect";
import { tableEvents, tables } from "../src/db/schema";

// A running table's truth, for tests that check what the server sends against it: the browser and
// the bots hold only their views, the server alone holds the start, the moves and the random state.

/** The table as the server holds it, folded from its database rows with the engine's table holder. */
export async function fullTable(db: Db, tableId: string): Promise<TableHolder> {
  const [row] = await db.select().from(tables).where(eq(tables.id, tableId));
  if (!row?.startSituation) throw new Error(`table ${tableId} has not started`);
  const events = await db
    .select({ event: tableEvents.event })
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
  return createTableHolder({
    start: row.startSituation as Situation,
    events: events.map((e) => e.event as TableEvent),
    module: registry.moduleFor(row.projectSlug),
    project: {
      pieces: row.components ? piecesOf(row.components as ComponentTree) : {},
      options: row.options as JsonObject,
    },
  });
}

/** An event as a viewer received it, down to its header (what every copy of it shares). */
export function headerOfView(event: ViewEvent): EventHeader {
  const { steps: _steps, log: _log, summary: _summary, renamed: _renamed, patch: _patch, ...header } = event;
  return header;
}
