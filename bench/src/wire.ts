import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { deploy } from "./load/deploy";
import { createUsers, PASSWORD } from "./load/users";

// Bytes on the wire (issue 37 point 9): what a browser downloads, compressed as the server sends it,
// for the pages a tester opens first. The real server (as `npm start` runs it) serves the built web
// app; Chromium loads each page with an empty cache and the DevTools protocol counts every response's
// encoded bytes (headers and body as they crossed the network), until the page is idle.
//   login: the app's first page to a visitor (the login form), cold;
//   home: logging in from there (the same tab, its cache warm), up to the home page drawn;
//   table: a Night Market table's page, cold (a new browser context), as a shared link opens it.
// Budget: login + home at most 150 KB.

const root = path.resolve(import.meta.dirname, "../..");
const BUDGET_KB = 150;

/** Sums the encoded bytes of every response a page's network finishes, from now on. */
async function wireCounter(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  let bytes = 0;
  let requests = 0;
  const urls = new Map<string, string>();
  cdp.on("Network.responseReceived", (e: { requestId: string; response: { url: string } }) => {
    urls.set(e.requestId, e.response.url);
  });
  cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests++;
    // WIRE_DETAIL=1: each response's bytes, to see what a page's budget is spent on.
    if (process.env.WIRE_DETAIL)
      console.log(
        `  ${(e.encodedDataLength / 1024).toFixed(1)} KB ${new URL(urls.get(e.requestId) ?? "x:").pathname}`,
      );
  });
  return {
    take() {
      const taken = { bytes, requests };
      bytes = 0;
      requests = 0;
      return taken;
    },
  };
}

export async function wireReport(): Promise<void> {
  const dist = process.env.WEB_DIST ?? path.join(root, "packages/web/dist");
  const browserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path.join(dist, "index.html"))) {
    console.log(`web bytes on the wire: the web app is not built in ${dist} (npm run build)`);
    return;
  }
  if (!existsSync(browserPath)) {
    console.log(`web bytes on the wire: no Chromium at ${browserPath} (apt-get install chromium)`);
    return;
  }
  process.env.WEB_DIST = dist;
  const deployment = await deploy("pglite");
  let browser: Browser | undefined;
  try {
    const url = deployment.servers[0]!.url;
    const [tester] = await createUsers(deployment, 1, "wire");
    const { http } = tester!;
    const { tableId } = await http.call<{ tableId: string }>(
      "new-table",
      "POST",
      "/api/projects/night-market/new-table",
      { start_position: { options: {} }, tableMode: "public-sandbox", isPrivate: false },
    );
    browser = await chromium.launch({ executablePath: browserPath, headless: true });
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const lines: string[] = [];

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const wire = await wireCounter(context, page);
    // Any address of the app shows the login form to a visitor without a session (LoginGate).
    await page.goto(`${url}/`, { waitUntil: "networkidle" });
    const login = wire.take();
    if (process.env.WIRE_DETAIL) console.log("^ login");
    await page.getByLabel("User name").fill(tester!.name);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("button", { name: "Log in" }).waitFor({ state: "detached" });
    await page.waitForLoadState("networkidle");
    const home = wire.take();
    if (process.env.WIRE_DETAIL) console.log("^ home");
    await context.close();
    lines.push(`login ${kb(login.bytes)} (${login.requests} responses)`);
    lines.push(`home after login ${kb(home.bytes)} (${home.requests})`);

    const cold = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const [name, ...value] = http.cookie.split("=");
    await cold.addCookies([{ name: name!, value: value.join("="), url }]);
    const tablePage = await cold.newPage();
    const tableWire = await wireCounter(cold, tablePage);
    await tablePage.goto(`${url}/projects/night-market/table/${tableId}`, { waitUntil: "networkidle" });
    const table = tableWire.take();
    await cold.close();
    lines.push(`table page, cold ${kb(table.bytes)} (${table.requests})`);

    const firstVisit = login.bytes + home.bytes;
    console.log(
      `web: bytes on the wire: ${lines.join("; ")}. Login + home ${kb(firstVisit)} ` +
        `(budget ${BUDGET_KB} KB: ${firstVisit / 1024 <= BUDGET_KB ? "within" : "OVER"})`,
    );
  } finally {
    await browser?.close();
    await deployment.stop();
  }
}
