import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The first-start admin invitation code printed by the server. */
  adminInvite: string;
  output: () => string;
  /** Stops the server (SIGTERM) and starts it again on the same address and data directory. */
  restart(): Promise<void>;
  /** Mints a code with `npm run invite`, the command an operator uses. */
  invite(role?: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the real server (as `npm start` does, minus the build check) on a fresh embedded database. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "tt-e2e-"));
  // A private copy of the built app: a rebuild while the tests run must not pull chunks from under them.
  const webDist = path.join(dir, "web");
  // E2E_WEB_DIST points at another build (a second checkout building while this one tests).
  const built = process.env.E2E_WEB_DIST ?? path.join(root, "packages/web/dist");
  if (!existsSync(webDist)) cpSync(built, webDist, { recursive: true });
  let proc = await spawnServer({ ...env, WEB_DIST: webDist }, dir);
  const port = new URL(proc.url).port;
  const halt = async () => {
    if (proc.child.exitCode !== null) return;
    const exited = new Promise((r) => proc.child.once("exit", r));
    proc.child.kill("SIGTERM");
    await exited;
  };
  return {
    url: proc.url,
    dataDir: dir,
    adminInvite: proc.code,
    output: () => proc.output(),
    async restart() {
      await halt();
      proc = await spawnServer({ ...env, WEB_DIST: webDist, PORT: port }, dir);
    },
    async invite(role = "user") {
      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", "packages/server/src/cli/invite.ts", "--role", role],
        { cwd: root, env: { ...process.env, DATA_DIR: dir, PORT: port, DATABASE_URL: "" } },
      );
      const found = /^([A-Z0-9]{10})\s/m.exec(stdout)?.[1];
      if (!found) throw new Error(`no code in: ${stdout}`);
      return found;
    },
    async stop() {
      await halt();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function spawnServer(env: Record<string, string>, dir: string) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0", DATA_DIR: dir, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<{ url: string; code: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Serving on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, code: /inviteCode=([A-Z0-9]+)/.exec(output)?.[1] ?? "" });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const { url, code } = await ready;
  return { child, url, code, output: () => output };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Fails the test on any uncaught page error: a React crash must not pass as 'element not found'. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** A person at their own computer: a fresh browser context, registered and logged in through the API. */
export async function signedInPerson(
  browser: Browser,
  server: RunningServer,
  name: string,
  role = "user",
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const code = await server.invite(role);
  const reg = await page.request.post(`${server.url}/api/registerUser`, {
    data: { userName: name, userPassword: "password one!", inviteCode: code, email: `${name}@example.test` },
  });
  if (reg.status() !== 200) throw new Error(`registering ${name}: ${await reg.text()}`);
  const login = await page.request.post(`${server.url}/api/login`, {
    data: { userName: name, userPassword: "password one!" },
  });
  if (login.status() !== 200) throw new Error(`logging in ${name}: ${await login.text()}`);
  return { page, context, errors };
}

/**
 * The server and browser one spec file shares: started before its tests, stopped after them, every
 * context it opened closed first. `server` and `browser` are set once the file's beforeAll has run.
 */
export function sharedSite(env: Record<string, string> = {}) {
  const site = {
    server: undefined as unknown as RunningServer,
    browser: undefined as unknown as Browser,
    /** Contexts closed with the site (people signed in by `person` are added themselves). */
    contexts: [] as BrowserContext[],
    person: async (name: string, role = "user") => {
      const p = await signedInPerson(site.browser, site.server, name, role);
      site.contexts.push(p.context);
      return p;
    },
  };
  beforeAll(async () => {
    [site.server, site.browser] = await Promise.all([
      startServer({ RATE_LIMIT_PER_IP: "1000", ...env }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    for (const c of site.contexts) await c.close();
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/**
 * Both pages' game logs read the same and end with `last`. Read together: a text taken from one page
 * alone may still be the turn before (its last line can match too), and the other would never equal it.
 */
export async function logsAgree(a: Page, b: Page, last: RegExp, timeout = 20_000): Promise<void> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText keeps the log's line breaks
  const text = (page: Page) => page.getByRole("log", { name: "Game log lines" }).innerText();
  const deadline = Date.now() + timeout;
  for (;;) {
    const [x, y] = await Promise.all([text(a), text(b)]);
    if (x === y && last.test(x)) return;
    if (Date.now() > deadline) throw new Error(`logs differ or miss ${last}:\n${x}\n--- and ---\n${y}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens the table settings panel the way a person does: Table menu, then Table settings. */
export async function openTableSettings(page: Page) {
  await page.getByRole("button", { name: "Table menu" }).click();
  await page.getByRole("menuitem", { name: "Table settings" }).click();
  const panel = page.getByRole("dialog", { name: "Table settings" });
  await panel.waitFor();
  return panel;
}

/** Closes the table settings panel (Escape, as a keyboard user would). */
export async function closeTableSettings(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog", { name: "Table settings" }).waitFor({ state: "hidden" });
}
