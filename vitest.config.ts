import { defineConfig } from "vitest/config";

// Four projects: pure unit tests, database-backed server tests (embedded PGlite, or the real
// PostgreSQL when DATABASE_URL is set), the abuse suite and browser tests against a real server in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/{engine,games,protocol,web}/src/**/*.test.{ts,tsx}"],
          environment: "node",
          // Pure code with no global state: one shared module graph instead of a fresh worker per file
          // (the engine's 49 files took 30 s isolated, 5 s shared).
          isolate: false,
        },
      },
      {
        test: {
          name: "db",
          include: ["packages/server/{src,test}/**/*.test.ts"],
          globalSetup: ["packages/server/test/globalSetup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The standing abuse suite (npm run test:abuse, docs/abuse.md): attacks against a real server
        // process, one file after another (each measures a victim's latency, so none may overlap).
        test: {
          name: "abuse",
          include: ["packages/server/test/abuse/**/*.abuse.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once, each with its own server and browser: a browser test mostly waits (for a
          // page, a socket, a server's answer), so two on two cores took 1,325 s of wall time against
          // 1,387 s for one at a time on a quieter machine, using 735 s of CPU.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
