import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// Two people play chess at one table in two browsers, through the server's verified turns, across a
// server restart; a spectator watches and cannot move.

const port = String(21000 + Math.floor(Math.random() * 20000));

const site = sharedSite({ PORT: port });
const { person } = site;

const piece = (page: Page, id: string) => page.locator(`[data-component-id="${id}"]`);
const slot = (page: Page, name: string) => page.locator(`[data-position][data-slot="${name}"]`);
const log = (page: Page) => page.getByRole("log", { name: "Game log lines" });

/** Everyone's game log shows the move, in algebraic notation. */
async function seeMove(people: { page: Page }[], san: string) {
  // A log line is the seat's colour then the move ('bluef3' as text): the move ends the line.
  const word = new RegExp(`${san.replace(/[#+]/g, "\\$&")}$`, "m");
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText keeps the log's line breaks
  for (const p of people) await expect.poll(() => log(p.page).innerText(), { timeout: 20_000 }).toMatch(word);
}

async function move(page: Page, id: string, to: string) {
  // As a person waits for 'Updating game situation, please wait...' to end before playing.
  await page.locator('[role=status][data-status="waitUserInput"]').first().waitFor();
  await piece(page, id).click();
  await slot(page, to).click();
}

describe("a chess game between two browsers", () => {
  it("shows each move live to both players and the spectator, refuses moves out of turn, and survives a restart", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("table_ann");
    const ben = await person("table_ben");
    const sam = await person("table_sam");
    const create = await ann.page.request.post(`${site.server.url}/api/projects/chess/new-table`, {
      data: { start_position: { options: {} }, tableMode: "competitive-edit" },
    });
    const { tableId } = (await create.json()) as { tableId: string };
    await ann.page.request.get(`${site.server.url}/api/projects/chess/join-table/${tableId}?color=red`);
    await ben.page.request.get(`${site.server.url}/api/projects/chess/join-table/${tableId}?color=blue`);
    expect(
      (
        await ann.page.request.post(`${site.server.url}/api/projects/chess/${tableId}/start-table`, {
          data: {},
        })
      ).status(),
    ).toBe(200);
    const load = (await (
      await ann.page.request.get(`${site.server.url}/api/table-open/${tableId}`)
    ).json()) as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    const [white, black] = load.live.situation.globals.sides.white === "red" ? [ann, ben] : [ben, ann];

    const url = `${site.server.url}/projects/chess/table/${tableId}`;
    for (const p of [white, black, sam]) await p.page.goto(url);
    for (const p of [white, black, sam]) await piece(p.page, "white-pawn-f2").waitFor();
    await expect.poll(() => white.page.title()).toBe("(Your turn) Chess - Tabletop Lab");

    // Black may not move first: refused in the browser with the rules' message, nothing sent.
    await move(black.page, "black-pawn-e7", "e5");
    await black.page
      .getByRole("alert")
      .filter({ hasText: "You cannot play now: Wait for your turn" })
      .waitFor();
    // The spectator cannot move either.
    await move(sam.page, "white-pawn-e2", "e4");
    await sam.page.getByRole("alert").first().waitFor();

    await move(white.page, "white-pawn-f2", "f3");
    await seeMove([white, black, sam], "f3");
    await move(black.page, "black-pawn-e7", "e5");
    await seeMove([white, black, sam], "e5");

    // Chat both ways.
    await white.page.getByRole("textbox", { name: "Chat message" }).fill("good luck!");
    await white.page.getByRole("textbox", { name: "Chat message" }).press("Enter");
    await black.page.getByRole("log", { name: "Chat messages" }).getByText("good luck!").waitFor();
    await black.page.getByRole("textbox", { name: "Chat message" }).fill("you too");
    await black.page.getByRole("textbox", { name: "Chat message" }).press("Enter");
    await white.page.getByRole("log", { name: "Chat messages" }).getByText("you too").waitFor();

    // The server goes down and comes back on the same address and data: the game goes on.
    await site.server.restart();
    // Both tabs see the connection drop and come back (Socket.IO retries with a back-off of up to 5 s):
    // a click while disconnected is refused by the page, as it should be, so wait for the way back.
    for (const p of [white, black]) {
      await p.page.locator('[role=status][data-status="waitUserInput"]').first().waitFor({ timeout: 45_000 });
    }
    await move(white.page, "white-pawn-g2", "g4");
    await seeMove([white, black, sam], "g4");
    await move(black.page, "black-queen-d8", "h4");
    await seeMove([white, black, sam], "♛h4#");

    // The server ended the game; everyone's log says how. The load says where the whole log is read.
    const final = (await (
      await ann.page.request.get(`${site.server.url}/api/table-open/${tableId}`)
    ).json()) as {
      status: string;
      endedLog: string;
    };
    expect(final.status).toBe("ended");
    const endedLog = (await (await ann.page.request.get(`${site.server.url}${final.endedLog}`)).json()) as {
      events: unknown[];
    };
    expect(endedLog.events.length).toBeGreaterThanOrEqual(4);
    for (const p of [white, black, sam]) {
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText keeps the log's line breaks
      await expect.poll(() => log(p.page).innerText()).toMatch(/Checkmate\. Black wins\./);
    }
  });
});
