import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningServer, signedInPerson, startServer } from "./harness";

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[][] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_PER_IP: "1000" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  for (const e of errors.splice(0)) expect(e).toEqual([]);
});

/** A signed-in browser of its own (cookies, storage), as a second person at another computer. */
async function person(name: string, role = "user"): Promise<Page> {
  const p = await signedInPerson(browser, server, name, role);
  contexts.push(p.context);
  errors.push(p.errors);
  return p.page;
}

const tile = (page: Page, tableId: string) => page.getByRole("article").filter({ hasText: `ID: ${tableId}` });

describe("the project lobby, live, for two people", () => {
  it("A creates a table and is seated, B sees it appear and joins, A sees the join and starts, both go to the table", async () => {
    const a = await person("alice_l");
    const b = await person("bob_l");
    await b.goto(`${server.url}/projects/template-board?openSection=join`);
    await b.getByRole("tab", { name: "Open tables" }).waitFor();
    await b.getByText("No open tables available.").waitFor();

    await a.goto(`${server.url}/projects/template-board`);
    await a.getByRole("heading", { name: "Template: Board Game", level: 1 }).waitFor();
    await a.getByRole("button", { name: "Create new table" }).first().click();
    await a.getByRole("heading", { name: "New table settings" }).waitFor();
    // Competitive, with no edit mode at all (issue 36): offered in the creator.
    await a.getByRole("combobox", { name: "Table mode" }).click();
    await a.getByRole("option", { name: "Competitive", exact: true }).click();
    const created = a.waitForResponse((r) => r.url().includes("/new-table"));
    await a.locator("form").getByRole("button", { name: "Create new table" }).click();
    const table = (await (await created).json()) as { tableId: string; tableMode: string };
    expect(table.tableMode).toBe("competitive");

    // B's list grows without a reload, with A at the first colour (the creator takes a seat by default).
    const bTile = tile(b, table.tableId);
    await bTile.waitFor();
    await bTile.getByRole("list", { name: "Players" }).getByText("alice_l").waitFor();
    await bTile.getByText("Free to join").waitFor();
    expect(await bTile.getByRole("button", { name: "Join as red" }).count()).toBe(0);
    await bTile.getByRole("button", { name: "Join as blue" }).click();
    await bTile.getByRole("button", { name: "Leave table" }).waitFor();

    // After creating, the lobby shows the join panel with the new table; open it only if it is closed.
    const joinToggle = a.getByRole("button", { name: /Join a table/ });
    if ((await joinToggle.getAttribute("aria-expanded")) !== "true") await joinToggle.click();
    const aTile = tile(a, table.tableId);
    await aTile.getByText("bob_l").waitFor();
    await aTile.getByRole("button", { name: "Start this game" }).click();

    const tablePath = `/projects/template-board/table/${table.tableId}`;
    await a.waitForURL(`**${tablePath}`);
    await b.waitForURL(`**${tablePath}`);

    // The table offers no edit mode: no switch, and 'e' turns nothing on (the Log switch's answer,
    // rendered after the key's, says the page has handled the key).
    await a.getByRole("application", { name: "Game board" }).waitFor();
    const logSwitch = a.getByRole("switch", { name: "Log" });
    await logSwitch.waitFor();
    expect(await a.getByRole("switch", { name: "Edit mode" }).count()).toBe(0);
    const logShown = await logSwitch.isChecked();
    await a.keyboard.press("e");
    await logSwitch.click();
    await expect.poll(() => logSwitch.isChecked()).toBe(!logShown);
    expect(await a.getByRole("toolbar", { name: "Edit tools" }).count()).toBe(0);
    expect(await a.getByRole("switch", { name: "Edit mode" }).count()).toBe(0);
  });

  it("pages the midgame tables with 'Load more'", async () => {
    const a = await person("pager");
    for (let i = 0; i < 22; i++) {
      const res = await a.request.post(`${server.url}/api/projects/sandbox/new-table`, {
        data: {
          start_position: { options: {}, playerColors: ["red"] },
          tableMode: "public-sandbox",
          isPrivate: false,
        },
      });
      expect(res.status()).toBe(200);
    }
    await a.goto(`${server.url}/projects/sandbox?openSection=join`);
    await a.getByRole("tab", { name: "Midgame tables" }).click();
    const tiles = a.getByRole("article");
    await a.getByRole("button", { name: "Load more" }).waitFor();
    expect(await tiles.count()).toBe(20);
    await a.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => tiles.count()).toBe(22);
  });

  it("shows an option only while its condition holds, and remembers the chosen values", async () => {
    const a = await person("optioneer");
    await a.goto(`${server.url}/projects/template-board`);
    await a.getByRole("button", { name: "Create new table" }).first().click();
    await a.getByRole("combobox", { name: /Target score/ }).waitFor();

    await a.getByRole("combobox", { name: /Game end/ }).click();
    await a.getByRole("option", { name: "When the stones run out" }).click();
    await expect.poll(() => a.getByRole("combobox", { name: /Target score/ }).count()).toBe(0);

    await a.reload();
    await a.getByRole("button", { name: "Create new table" }).first().click();
    await a.getByRole("combobox", { name: /Game end/ }).waitFor();
    expect(await a.getByRole("combobox", { name: /Game end/ }).textContent()).toContain(
      "When the stones run out",
    );
    expect(await a.getByRole("combobox", { name: /Target score/ }).count()).toBe(0);

    await a.getByRole("button", { name: "Reset to default options" }).click();
    await a.getByRole("combobox", { name: /Target score/ }).waitFor();
  });
});
