import { defineConfig } from "vitest/config";

// Three projects: pure unit tests, database-backed server tests (embedded PGlite, or the real
// PostgreSQL when DATABASE_URL is set) and browser tests against a real server in Chromium.
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
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
