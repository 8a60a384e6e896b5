import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { chromium } from "playwright-core";
import { io } from "socket.io-client";
import { deploy } from "./load/deploy";
import { createUsers } from "./load/users";

// Budget (DESIGN.md): first render of a 500-component table <= 500 ms in headless Chromium.
// The real server (as `npm start` runs it, on a fresh embedded database) serves the built web app. A
// sandbox table is given 500 more components the way a player at a sandbox table adds them: edit-mode
// turns of 'component create' moves (20 a turn, the protocol's most). Then the table's page is opened in
// a fresh browser context (nothing cached) a few times. Inside the page: the frame after the board holds
// every component node, and when the table's data (table-open) had arrived; the difference is the
// render the budget is about, and the whole time from navigation start is printed beside it.

const root = path.resolve(import.meta.dirname, "../..");
const CREATED = 500;
const RUNS = 5;
const ACTIONS_PER_TURN = 20;

export async function firstRenderReport(): Promise<void> {
  const dist = process.env.WEB_DIST ?? path.join(root, "packages/web/dist");
  const browserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path.join(dist, "index.html"))) {
    console.log(`web first render: the web app is not built in ${dist} (npm run build, or set WEB_DIST)`);
    return;
  }
  if (!existsSync(browserPath)) {
    console.log(
      `web first render: no Chromium at ${browserPath} (apt-get install chromium, or CHROMIUM_PATH)`,
    );
    return;
  }
  // The server process inherits this: it serves that build.
  process.env.WEB_DIST = dist;
  const deployment = await deploy("pglite");
  let browser: Browser | undefined;
  try {
    const url = deployment.servers[0]!.url;
    const [user] = await createUsers(deployment, 1, "render");
    const { http } = user!;
    const { tableId } = await http.call<{ tableId: string }>(
      "new-table",
      "POST",
      "/api/projects/sandbox/new-table",
      {
        start_position: { options: {} },
        tableMode: "competitive-edit",
        isPrivate: false,
      },
    );
    await http.call("join-table", "GET", `/api/projects/sandbox/join-table/${tableId}?color=red`);
    await http.call("start-table", "POST", `/api/projects/sandbox/${tableId}/start-table`, {});
    await addComponents(url, http.cookie, tableId, CREATED);

    browser = await chromium.launch({ executablePath: browserPath, headless: true });
    const page = `${url}/projects/sandbox/table/${tableId}`;
    const cookie = http.cookie.split("=");
    const dataAt: number[] = [];
    const open = async (target: number | null) => {
      const context = await browser!.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addCookies([{ name: cookie[0]!, value: cookie.slice(1).join("="), url }]);
      const tab = await context.newPage();
      await tab.addInitScript({ content: watchScript(target ?? Number.MAX_SAFE_INTEGER) });
      await tab.goto(page);
      let result: number;
      if (target === null) {
        // The first visit learns how many component nodes the whole board has once it settles.
        let last = -1;
        let count = 0;
        for (let stable = 0; stable < 5; ) {
          await tab.waitForTimeout(300);
          count = await tab.locator("[data-component-id]").count();
          stable = count === last && count > 0 ? stable + 1 : 0;
          last = count;
        }
        result = count;
      } else {
        // Functions, not strings: the page's CSP forbids eval. globalThis is the page's window there.
        await tab.waitForFunction(() => (globalThis as unknown as Watched).__ttRendered !== null, null, {
          timeout: 60_000,
        });
        result = await tab.evaluate(() => (globalThis as unknown as Watched).__ttRendered!);
        // When the table's data (GET /api/table-open) had arrived: from there on it is the page's render.
        dataAt.push(
          await tab.evaluate(() => {
            const perf = (
              globalThis as unknown as { performance: { getEntriesByType(t: string): unknown[] } }
            ).performance;
            const entries = perf.getEntriesByType("resource") as { name: string; responseEnd: number }[];
            return entries.find((e) => e.name.includes("/api/table-open/"))?.responseEnd ?? Number.NaN;
          }),
        );
      }
      await context.close();
      return result;
    };
    const nodes = await open(null);
    dataAt.length = 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await open(nodes));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const total = median(times);
    const render = median(times.map((t, i) => t - dataAt[i]!));
    console.log(
      `web: first render of a table of ${nodes} component nodes (${CREATED} created + the sandbox's own), ` +
        `median of ${RUNS} cold loads: ${render.toFixed(0)} ms from the table's data arriving to every node drawn ` +
        `(budget 500 ms: ${render <= 500 ? "within" : "OVER"}); ${total.toFixed(0)} ms from navigation start ` +
        `(${times.map((t) => t.toFixed(0)).join(", ")}), of which loading the app, checking the login and ` +
        `fetching the table took ${median(dataAt).toFixed(0)} ms`,
    );
  } finally {
    await browser?.close();
    await deployment.stop();
  }
}

interface Watched {
  __ttRendered: number | null;
}

/**
 * Runs in the page before its scripts (text: this package is compiled without the DOM's types): notes
 * the time since navigation start of the first frame after the board holds `target` component nodes.
 */
const watchScript = (target: number) => `
  window.__ttRendered = null;
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll("[data-component-id]").length < ${target}) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__ttRendered = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** Edit-mode turns that each create up to 20 tokens on the sandbox table's play area. */
async function addComponents(url: string, cookie: string, tableId: string, count: number): Promise<void> {
  const socket = io(url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const ack = (await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })) as {
      ok: boolean;
      expected_move_id?: number;
    };
    if (!ack.ok) throw new Error(`table-subscribe refused: ${JSON.stringify(ack)}`);
    let moveId = ack.expected_move_id ?? 0;
    const colors = ["red", "blue", "green", "yellow"];
    for (let made = 0; made < count; moveId++) {
      const batch = Math.min(ACTIONS_PER_TURN, count - made);
      const actions = Array.from({ length: batch }, (_, i) => ({
        kind: "raw move",
        move: {
          type: "component create",
          name: `token-${colors[(made + i) % colors.length]}`,
          componentType: "token",
          destinationId: "table",
          positionName: "play",
        },
      }));
      // A player adding pieces that fast meets the turn rate limit (TURN_RATE_PER_SECOND): wait, send again.
      for (;;) {
        const answer = new Promise<string | null>((resolve) => {
          socket.once("table-event", () => resolve(null));
          socket.once("table-event-reject", (m: { reason: string }) => resolve(m.reason));
        });
        socket.emit("game-move", { tableId, moveId, turnUID: `render-${moveId}`, actions, editMode: true });
        const refused = await answer;
        socket.removeAllListeners("table-event");
        socket.removeAllListeners("table-event-reject");
        if (refused === null) break;
        if (!refused.startsWith("You are sending too fast")) throw new Error(`turn refused: ${refused}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      made += batch;
    }
  } finally {
    socket.close();
  }
}
