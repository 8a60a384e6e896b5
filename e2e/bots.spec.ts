import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { move, piece } from "./chess";
import { sharedSite } from "./harness";
import { area, log } from "./tablePage";

// Bots at tables (issue 22 point 2): the creator seats a bot from the table's lobby (and may take one
// off its seat again before the start, which another person's lobby tile follows), starts the game
// and plays chess against it; the bot answers through the server and is marked as a bot in its player
// area and in the log.

const port = String(21000 + Math.floor(Math.random() * 20000));
const site = sharedSite({ PORT: port });

/** The log has at least `count` lines by `color` (a line starts with the actor's colour). */
async function linesBy(page: Page, color: string, count: number) {
  await expect
    .poll(async () => log(page).locator('[data-log-player="source"]').filter({ hasText: color }).count(), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(count);
}

describe("a bot at a chess table", () => {
  it("is seated (and removed) by the creator in the lobby, answers each move, and is marked as a bot", {
    timeout: 120_000,
  }, async () => {
    const ann = await site.person("bots_ann");
    const { page } = ann;
    const create = await page.request.post(`${site.server.url}/api/projects/chess/new-table`, {
      data: { start_position: { options: {} }, tableMode: "competitive-edit" },
    });
    const { tableId } = (await create.json()) as { tableId: string };
    await page.request.get(`${site.server.url}/api/projects/chess/join-table/${tableId}?color=red`);

    // Another person watches the project's lobby: the table's tile follows its seats.
    const bob = await site.person("bots_bob");
    await bob.page.goto(`${site.server.url}/projects/chess`);
    const join = bob.page.getByRole("button", { name: /Join a table/ });
    await join.waitFor();
    if ((await join.getAttribute("aria-expanded")) !== "true") await join.click();
    const tile = bob.page.getByRole("article").filter({ hasText: `ID: ${tableId}` });
    const players = tile.getByRole("list", { name: "Players" });
    await players.getByText("bots_ann").waitFor();

    // The table's lobby: the creator seats a level-2 engine as blue, thinks better of it and takes it
    // off its seat again ('Remove bot' beside it), and the seat is free in both places.
    await page.goto(`${site.server.url}/projects/chess/table/${tableId}`);
    const seats = page.getByRole("list", { name: "Seats" });
    await page.getByRole("combobox", { name: "Bot" }).click();
    await page.getByRole("option", { name: "Chess engine, level 2" }).click();
    await page.getByRole("button", { name: "Seat a bot as blue" }).click();
    await seats.getByText("blue: Bot (Chess engine, level 2)").waitFor();
    await players.getByText("Bot (Chess engine, level 2)").waitFor();
    await page.getByRole("button", { name: "Remove bot at blue" }).click();
    await seats.getByText("blue: free").waitFor();
    await players.getByText("Bot (Chess engine, level 2)").waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: /^Remove bot/ }).count()).toBe(0);

    // Then seats the random bot there and starts.
    await page.getByRole("combobox", { name: "Bot" }).click();
    await page.getByRole("option", { name: "Random" }).click();
    await page.getByRole("button", { name: "Seat a bot as blue" }).click();
    await seats.getByText("blue: Bot (Random)").waitFor();
    await players.getByText("Bot (Random)").waitFor();
    await page.getByRole("button", { name: "Start this game" }).click();
    await piece(page, "white-knight-g1").waitFor();

    // The bot's player area names it as a bot, with the mark.
    const blue = area(page, "blue");
    await blue.getByText("Bot (Random)").waitFor();
    await blue.locator("[data-bot-mark]").waitFor();

    const load = (await (await page.request.get(`${site.server.url}/api/table-open/${tableId}`)).json()) as {
      live: { situation: { globals: { sides: { white: "red" | "blue" } } } };
    };
    // Knight moves nothing can block or pin within the bot's first two moves.
    const moves =
      load.live.situation.globals.sides.white === "red"
        ? [
            ["white-knight-g1", "f3"],
            ["white-knight-b1", "c3"],
          ]
        : [
            ["black-knight-g8", "f6"],
            ["black-knight-b8", "c6"],
          ];
    // Our turn, as the player area's heading says: the bot has answered (or opened, as White).
    const ourTurn = () =>
      area(page, "red")
        .getByRole("heading", { name: /to play/ })
        .waitFor({ timeout: 30_000 });
    for (const [i, [id, to]] of moves.entries()) {
      await ourTurn();
      await move(page, id!, to!);
      await linesBy(page, "red", i + 1);
    }
    // It answered our last move too.
    await ourTurn();
    await linesBy(page, "blue", 2);
    // Its log lines carry the bot's mark beside its colour.
    await log(page)
      .locator('[data-log-player="source"]')
      .filter({ hasText: "blue" })
      .locator("[data-bot-mark]")
      .first()
      .waitFor();
    expect(ann.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
