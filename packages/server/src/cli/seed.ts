import { loadConfig } from "../config";
import { CONTROL_PATHS } from "../http/controlServer";
import { seedProjects } from "../projects/projects";
import { runAdminCommand } from "./adminCommand";

// npm run seed: writes the shipped games' content (options, change log, components, decks, images)
// into their projects again, after an upgrade. Visibility and roles set by admins are kept; works
// while the server runs.

async function main(): Promise<void> {
  const config = loadConfig();
  const touched = await runAdminCommand(config, (db) => seedProjects(db, { update: true }), {
    path: CONTROL_PATHS.seed,
    body: {},
  });
  console.log(`Seeded ${touched.length} shipped projects: ${touched.join(", ")}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
