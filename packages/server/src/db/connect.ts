import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PgliteThread } from "./pgliteThread";
import * as schema from "./schema";

/** The one database type the rest of the server sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which openPglite can load (test fixtures). */
  dump?: () => Promise<Blob>;
  /** PGlite only: settles if the embedded database's thread ends without close (a crash). */
  lost?: Promise<Error>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Key of the advisory lock held while migrating: any constant our deployments do not use otherwise. */
const MIGRATION_LOCK = 0x7474_6d67; // 'ttmg'

/** Connections of the pool every statement shares. */
const SHARED_CONNECTIONS = 10;
/**
 * Connections kept for the turns' writes alone (NamedStatement.lane). A game start is some eighty
 * statements (lobby, seats, table loads, chat lines); when many games start at once they filled the
 * shared pool and a turn's write waited behind them for a connection (pool waits up to 40 ms at 100
 * tables, 140 ms at 200). Turns get a lane the lobby cannot queue in.
 */
const TURN_LANE_CONNECTIONS = 4;
const turnLanes = new WeakMap<object, pg.Pool>();

function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // An unreachable database (down, or a network that drops packets) fails a turn after 10 s instead
    // of holding the table's queue until the kernel gives up on the connection.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // A dropped idle connection (database restart) must not crash the process; the pool reconnects.
  pool.on("error", (err) => console.error("postgres pool error:", err.message));
  // A connection that drops while checked out (inside a transaction) emits 'error' on its client, and
  // the pool listens only to idle ones: unheard, the error would end the process. The statement in
  // flight fails by itself, and the pool discards the broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (err) => console.error("postgres connection lost:", err.message));
  });
  return pool;
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = newPool(url, SHARED_CONNECTIONS);
  const turns = newPool(url, TURN_LANE_CONNECTIONS);
  turnLanes.set(pool, turns);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migrateLocked(pool);
  return { db, kind: "postgres", close: async () => void (await Promise.all([pool.end(), turns.end()])) };
}

/**
 * Drizzle's migrator reads the last applied migration before its transaction, so two instances
 * starting together on an old schema would both apply the same migrations (the second fails, or a data
 * migration runs twice). A session advisory lock on one connection makes them take turns: the second
 * finds the work done.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // A connection that failed mid-way is discarded rather than handed to the next query.
    client.release(broken);
  }
}

/**
 * Opens (or creates) the embedded database, on a thread of its own (pgliteThread.ts). `dataDir`
 * undefined means in memory.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PgliteThread.start(dataDir ?? "memory://", loadDataDir);
  try {
    // Drizzle's PGlite driver calls query and transaction alone, which the thread's client answers alike.
    const db = drizzlePglite({ client: client as never, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      close: () => client.close(),
      dump: () => client.dumpDataDir(),
      lost: client.lost,
    };
  } catch (err) {
    await client.close();
    throw err;
  }
}

/** A statement run often enough to be parsed and planned once per connection, by name. */
export interface NamedStatement {
  name: string;
  text: string;
  /** 'turns': on PostgreSQL, run on the turns' own connections (TURN_LANE_CONNECTIONS). */
  lane?: "turns";
}

/**
 * Runs a named statement with its parameters and answers its rows. On PostgreSQL it is prepared once
 * per pooled connection (node-postgres keeps it by name) and skips Drizzle's query building: for the
 * turn's write, the one statement of every turn, that is the planner's and the ORM's time saved on
 * each. PGlite has no connections to keep statements on: its thread runs the text.
 */
export async function runNamed<Row>(db: Db, statement: NamedStatement, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = (statement.lane === "turns" ? turnLanes.get(client) : undefined) ?? client;
    const result = await pool.query({ name: statement.name, text: statement.text, values });
    return result.rows as Row[];
  }
  const result = await (client as PgliteThread).query<Row>(statement.text, values);
  return result.rows;
}
