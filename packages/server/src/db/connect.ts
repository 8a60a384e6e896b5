import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The one database type the rest of the server sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which openPglite can load (test fixtures). */
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection (database restart) must not crash the process; the pool reconnects.
  pool.on("error", (err) => console.error("postgres pool error:", err.message));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
  return { db, kind: "postgres", close: () => pool.end() };
}

/** Opens (or creates) the embedded database. `dataDir` undefined means in memory. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? "memory://", loadDataDir ? { loadDataDir } : {});
  return wrapPglite(client);
}

export async function wrapPglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir("gzip")) as Blob,
  };
}
