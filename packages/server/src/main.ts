import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { firstAdminInvitation } from "./auth/invitations";
import { deleteIdleSessions } from "./auth/sessions";
import { loadConfig } from "./config";
import { type Database, openPglite, openPostgres } from "./db/connect";
import { DataDirLockedError, lockDataDir } from "./db/lock";
import { CONTROL_FILE, type ControlFile, type ControlServer, startControlServer } from "./http/controlServer";
import { defaultWebDist, readBuildId } from "./http/webApp";
import { seedProjects } from "./projects/projects";
import { createStorage } from "./storage";

async function main(): Promise<void> {
  const config = loadConfig();
  let unlock = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    unlock = lockDataDir(prepareDir(config.dataDir));
    database = await openPglite(path.join(config.dataDir, "pg"));
  }
  await seedProjects(database.db);
  await deleteIdleSessions(database.db, config.sessionIdleMs);

  const webDist = config.webDist ?? defaultWebDist;
  const { app } = await buildApp({
    config,
    database,
    buildId: readBuildId(webDist),
    webDist,
    storage: createStorage(config),
  });
  let control: ControlServer | undefined;
  for (const warning of config.warnings) app.log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await control?.close();
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  // The embedded database's thread ended under the server (it ran out of memory, or crashed): nothing
  // can be saved any more, so the server stops rather than refuse every turn; started again, PGlite
  // recovers from its write-ahead log.
  void database.lost?.then((err) => {
    console.error(`The embedded database stopped: ${err.message}`);
    unlock();
    process.exit(1);
  });
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  if (database.kind === "pglite") {
    // Local admin commands (npm run invite, npm run seed) reach this server on a loopback listener
    // of its own, never through the public port (http/controlServer.ts).
    const token = randomBytes(24).toString("base64url");
    control = await startControlServer(database.db, config, token);
    const file: ControlFile = { port: control.port, token };
    writeFileSync(path.join(config.dataDir, CONTROL_FILE), JSON.stringify(file), { mode: 0o600 });
  }
  const base = config.publicUrl ?? `http://localhost:${port}`;
  const code = await firstAdminInvitation(database.db, config.inviteExpiryMs);
  if (code) console.log(`No users yet. Register the first site admin at ${base}/register?inviteCode=${code}`);
  console.log(
    `Serving on ${base} (${database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"})`,
  );
}

function prepareDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
