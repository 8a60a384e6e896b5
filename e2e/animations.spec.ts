import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { move, piece, ready, standsOn, startedChess } from "./chess";
import { closeTableSettings, openTableSettings, sharedSite } from "./harness";
import { log, statusBar } from "./tablePage";

// Another player's turn plays on the board before the page takes input again (game-table.md sections 4
// and 9), and Skip shows its end at once; a tab out of sync with the server refuses turns, with the
// spec's words, until it is reloaded.

const site = sharedSite();
const { person } = site;

const UPDATING = "Updating game situation, please wait...";
const OUT_OF_SYNC =
  "You are out of sync with the server. Please, refresh the page. If the problem persists, report this issue.";

const alertSaying = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
// biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText keeps the log's line breaks
const logText = (page: Page) => log(page).innerText();
/** The move animations running on a component now (the page's Web Animations). */
const animations = (page: Page, id: string) =>
  piece(page, id).evaluate((element) => element.getAnimations().length);

/** The slowest evaluation speed (0.1), set on the settings panel's slider with the keyboard. */
async function slowest(page: Page) {
  const panel = await openTableSettings(page);
  const slider = panel.getByRole("slider", { name: /Move evaluation speed/ });
  await slider.focus();
  await page.keyboard.press("Home");
  await panel.getByText("Move evaluation speed: x0.10").waitFor();
  await closeTableSettings(page);
}

describe("another player's turn", () => {
  it("plays on the board while the page waits, and Skip shows the end state at once", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("anim_ann");
    const ben = await person("anim_ben");
    const { tableId, white } = await startedChess(site.server, ann.page, ben.page);
    const [w, b] = white === "red" ? [ann, ben] : [ben, ann];
    for (const p of [w, b]) await p.page.goto(`${site.server.url}/projects/chess/table/${tableId}`);
    for (const p of [w, b]) await ready(p.page);
    // The watcher plays moves ten times slower: 'Updating game situation' lasts long enough to read.
    await slowest(b.page);

    await move(w.page, "white-pawn-e2", "e4");
    await statusBar(b.page).getByText(UPDATING).waitFor();
    expect(await statusBar(b.page).getAttribute("data-status")).toBe("waitingEvaluate");
    // The pawn is on its way, and the page takes no turn meanwhile.
    expect(await animations(b.page, "white-pawn-e2")).toBeGreaterThan(0);
    await piece(b.page, "black-pawn-e7").click();
    await alertSaying(b.page, "Please wait, an action is already in progress").waitFor();
    expect(await piece(b.page, "black-pawn-e7").getAttribute("data-selected")).toBeNull();

    await statusBar(b.page).getByRole("button", { name: "Skip" }).click();
    // At once: no animation left, the pawn on e4, the page waiting for black's input.
    expect(await animations(b.page, "white-pawn-e2")).toBe(0);
    expect(await statusBar(b.page).getAttribute("data-status")).toBe("waitUserInput");
    expect(await statusBar(b.page).getByText(UPDATING).count()).toBe(0);
    await standsOn(b.page, "white-pawn-e2", "e4");

    // And black plays on; white, at the usual speed, sees it arrive and settle by itself.
    await move(b.page, "black-pawn-e7", "e5");
    await expect.poll(() => logText(w.page), { timeout: 20_000 }).toMatch(/e5$/m);
    await ready(w.page);
    await standsOn(w.page, "black-pawn-e7", "e5");
    expect([...w.errors, ...b.errors]).toEqual([]);
  });
});

describe("a tab out of sync", () => {
  it("refuses turns with the spec's messages until the page is reloaded", { timeout: 120_000 }, async () => {
    const ann = await person("sync_ann");
    const ben = await person("sync_ben");
    // A sandbox, both playing white's pieces: ben's stale page still offers white's move.
    // A public sandbox starts as it is made.
    const made = await ann.page.request.post(`${site.server.url}/api/projects/chess/new-table`, {
      data: { start_position: { options: {} }, tableMode: "public-sandbox" },
    });
    const { tableId } = (await made.json()) as { tableId: string };
    const load = (await (
      await ann.page.request.get(`${site.server.url}/api/table-open/${tableId}`)
    ).json()) as {
      live: { situation: { globals: { sides: { white: string; black: string } } } };
    };
    const { sides } = load.live.situation.globals;
    const url = (color: string) => `${site.server.url}/projects/chess/table/${tableId}?playAsColor=${color}`;

    // Ben's connection loses what the server sends him (the table's events and the answers to his
    // requests) while `cut` is on; his own messages and the server's refusals still get through.
    let cut = false;
    let upgraded = false;
    await ben.page.routeWebSocket(/\/socket\.io\//, (ws: WebSocketRoute) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (message === "5") upgraded = true;
        server.send(message);
      });
      server.onMessage((message) => {
        const text = typeof message === "string" ? message : "";
        if (cut && (text.startsWith('42["table-event",') || text.startsWith("43"))) return;
        ws.send(message);
      });
    });
    for (const p of [ann, ben]) await p.page.goto(url(sides.white));
    for (const p of [ann, ben]) await ready(p.page);
    await expect.poll(() => upgraded).toBe(true);

    cut = true;
    await move(ann.page, "white-pawn-e2", "e4");
    await expect.poll(() => logText(ann.page), { timeout: 20_000 }).toMatch(/e4$/m);
    // Ben never heard of it: his turn names a seq already taken, and the server says he is out of sync.
    await move(ben.page, "white-pawn-d2", "d4");
    await statusBar(ben.page).getByText(OUT_OF_SYNC).waitFor();
    expect(await statusBar(ben.page).getAttribute("data-status")).toBe("outOfSync");

    await piece(ben.page, "white-pawn-g2").click();
    await alertSaying(
      ben.page,
      "You cannot do turns when out of sync. Please, Try to reload the page.",
    ).waitFor();
    await piece(ben.page, "white-pawn-g2").click();
    await alertSaying(ben.page, "You cannot do more moves when out of sync. Please, refresh.").waitFor();
    expect(await piece(ben.page, "white-pawn-g2").getAttribute("data-selected")).toBeNull();

    // He reloads, as told (playing black's side now): the table as the server has it, turns taken again.
    cut = false;
    await ben.page.goto(url(sides.black));
    await ready(ben.page);
    await standsOn(ben.page, "white-pawn-e2", "e4");
    await standsOn(ben.page, "white-pawn-d2", "d2");
    await move(ben.page, "black-pawn-e7", "e5");
    await expect.poll(() => logText(ann.page), { timeout: 20_000 }).toMatch(/e5$/m);
    expect([...ann.errors, ...ben.errors]).toEqual([]);
  });
});
