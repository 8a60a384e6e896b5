import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createInvitationsSchema } from "@tt/protocol";
import { mintInvitations } from "../auth/invitations";
import { loadConfig } from "../config";
import { type Database, openPglite, openPostgres } from "../db/connect";
import { DataDirLockedError, lockDataDir } from "../db/lock";
import { CONTROL_FILE, type ControlFile } from "../http/controlRoutes";

// npm run invite -- [--count N] [--role ROLE]
// Mints invitation codes and prints a registration link for each. With the embedded database a running
// server owns the data directory, so the codes are minted through that server's local control endpoint.

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: "string", default: "1" }, role: { type: "string", default: "user" } },
  });
  const parsed = createInvitationsSchema.safeParse({ count: Number(values.count), role: values.role });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
    process.exit(2);
  }
  const config = loadConfig();
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const codes = await mint(config, parsed.data);
  for (const code of codes)
    console.log(`${code}  ${base}/register?inviteCode=${code}  (role ${parsed.data.role})`);
}

async function mint(
  config: ReturnType<typeof loadConfig>,
  req: { count: number; role: string },
): Promise<string[]> {
  const run = async (database: Database) => {
    try {
      return await mintInvitations(database.db, { ...req, createdBy: null, expiryMs: config.inviteExpiryMs });
    } finally {
      await database.close();
    }
  };
  if (config.databaseUrl) return run(await openPostgres(config.databaseUrl));
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return viaRunningServer(config.dataDir, req);
  }
  try {
    return await run(await openPglite(path.join(config.dataDir, "pg")));
  } finally {
    unlock();
  }
}

async function viaRunningServer(dataDir: string, req: { count: number; role: string }): Promise<string[]> {
  const control = JSON.parse(readFileSync(path.join(dataDir, CONTROL_FILE), "utf8")) as ControlFile;
  const res = await fetch(`http://127.0.0.1:${control.port}/api/control/invitations`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-control-token": control.token },
    body: JSON.stringify(req),
  });
  if (!res.ok) throw new Error(`The running server refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as string[];
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
