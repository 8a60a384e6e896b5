import { readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import { type Db, openPglite, openPostgres } from "../db/connect";
import { DataDirLockedError, lockDataDir } from "../db/lock";
import { CONTROL_FILE, type ControlFile } from "../http/controlServer";

/**
 * Runs an operator command against the database: directly on PostgreSQL or on an idle embedded
 * database, and through the running server's loopback control endpoint when that server holds the
 * embedded database (PGlite belongs to one process).
 */
export async function runAdminCommand<T>(
  config: Config,
  direct: (db: Db) => Promise<T>,
  control: { path: string; body: unknown },
): Promise<T> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    try {
      return await direct(database.db);
    } finally {
      await database.close();
    }
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return viaRunningServer<T>(config.dataDir, control);
  }
  try {
    const database = await openPglite(path.join(config.dataDir, "pg"));
    try {
      return await direct(database.db);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

async function viaRunningServer<T>(dataDir: string, control: { path: string; body: unknown }): Promise<T> {
  const file = JSON.parse(readFileSync(path.join(dataDir, CONTROL_FILE), "utf8")) as ControlFile;
  const res = await fetch(`http://127.0.0.1:${file.port}${control.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-control-token": file.token },
    body: JSON.stringify(control.body),
  });
  if (!res.ok) throw new Error(`The running server refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
