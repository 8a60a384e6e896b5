import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "./harness";

// The embedded mode as an operator meets it: a real process on a data directory.
const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "tt-life-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(): {
  child: ChildProcess;
  ready: Promise<string>;
  exited: Promise<number | null>;
  output: () => string;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
  let out = "";
  const ready = new Promise<string>((resolve) => {
    const on = (b: Buffer) => {
      out += b.toString();
      const m = /Serving on (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout.on("data", on);
    child.stderr.on("data", on);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, ready, exited, output: () => out };
}

describe("embedded database lifecycle", () => {
  it("prints the first admin invitation, refuses a second process, keeps data over a clean restart", async () => {
    const first = start();
    const url = await first.ready;
    const code = /inviteCode=([A-Z0-9]{10})/.exec(first.output())?.[1];
    expect(code).toBeDefined();

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another server process`);

    // `npm run invite` works while the server owns the data directory.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "packages/server/src/cli/invite.ts", "--count", "2", "--role", "cgestaff"],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
    );
    expect(stdout.trim().split("\n")).toHaveLength(2);
    expect(stdout).toMatch(
      /^[A-Z0-9]{10} {2}http:\/\/localhost:\d+\/register\?inviteCode=[A-Z0-9]{10} {2}\(role cgestaff\)$/m,
    );

    // So does `npm run seed`, through the same loopback control endpoint.
    const seeded = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "packages/server/src/cli/seed.ts"],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      },
    );
    expect(seeded.stdout).toMatch(/^Seeded \d+ shipped projects: .*chess/);

    const c = new Client(url);
    expect((await c.register("first_admin", code!)).status).toBe(200);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    const again = start();
    const url2 = await again.ready;
    expect(again.output()).not.toContain("No users yet");
    const login = await new Client(url2).login("first_admin");
    expect(login.json()).toEqual({ username: "first_admin", role: "admin" });
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  }, 120_000);
});
