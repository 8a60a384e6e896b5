import { parseArgs } from "node:util";
import { createInvitationsSchema } from "@tt/protocol";
import { mintInvitations } from "../auth/invitations";
import { loadConfig } from "../config";
import { CONTROL_PATHS } from "../http/controlServer";
import { runAdminCommand } from "./adminCommand";

// npm run invite -- [--count N] [--role ROLE]
// Mints invitation codes and prints a registration link for each; works while the server runs.

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
  const codes = await runAdminCommand(
    config,
    (db) => mintInvitations(db, { ...parsed.data, createdBy: null, expiryMs: config.inviteExpiryMs }),
    { path: CONTROL_PATHS.invitations, body: parsed.data },
  );
  for (const code of codes)
    console.log(`${code}  ${base}/register?inviteCode=${code}  (role ${parsed.data.role})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
