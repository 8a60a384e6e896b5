import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { move, piece } from "./chess";
import { sharedSite } from "./harness";
import { area, board, log } from "./tablePage";

// Bots at tables (issue 22 point 2, issue 37 point 7). A table made in the lobby seats its creator;
// its tile leads to the table page, which leads with the seats, where the creator seats a bot (and
// may take one off again before the start, which another person's lobby tile follows), starts the
// game and plays chess against it; the bot answers through the server and is marked as a bot in its
// player area and in the log. 'Play against bots' in the lobby does all of that in one click.

const port = String(21000 + Math.floor(Math.random() * 20000));
// Bots answer at once here: no pause before a bot's turn, no interval between one table's turns.
const site = sharedSite({
  PORT: port,
  BOT_DELAY_MIN_MS: "0",
  BOT_DELAY_MAX_MS: "0",
  BOT_TURN_INTERVAL_MS: "0",
});

/** The log has at least `count` lines by `color` (a line starts with the actor's colour). */
async function linesBy(page: Page, color: string, count: number) {
  await expect
    .poll(async () => log(page).locator('[data-log-player="source"]').filter({ hasText: color }).count(), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(count);
}

/** Opens the lobby's list of tables (the 'Join a table' section) if it is closed. */
async function openJoinPanel(page: Page) {
  const join = page.getByRole("button", { name: /Join a table/ });
  await join.waitFor();
  if ((await join.getAttribute("aria-expanded")) !== "true") await join.click();
}

/** Whether `first` comes before `second` in the page. */
async function comesBefore(page: Page, first: string, second: string) {
  return page.evaluate(
    ([a, b]) => {
      const x = document.querySelector(a as string);
      const y = document.querySelector(b as string);
      return !!x && !!y && (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    },
    [first, second],
  );
}

describe("a bot at a chess table", () => {
  it("is seated (and removed) by the creator on the table page the tile leads to, answers each move, and is marked as a bot", {
    timeout: 120_000,
  }, async () => {
    const ann = await site.person("bots_ann");
    const { page } = ann;
    // Ann makes a competitive table in the lobby: she takes the first colour without asking.
    await page.goto(`${site.server.url}/projects/chess`);
    await page.getByRole("button", { name: "Create new table" }).first().click();
    await page.getByRole("heading", { name: "New table settings" }).waitFor();
    const created = page.waitForResponse((r) => r.url().includes("/new-table"));
    await page.locator("form").getByRole("button", { name: "Create new table" }).click();
    const made = (await (await created).json()) as { tableId: string; possibleColors: string[] };
    const { tableId } = made;
    const [mine, theirs] = made.possibleColors as [string, string];
    const annTile = page.getByRole("article").filter({ hasText: `ID: ${tableId}` });
    await annTile.getByRole("list", { name: "Players" }).getByText("bots_ann").waitFor();

    // Another person watches the project's lobby: the table's tile follows its seats.
    const bob = await site.person("bots_bob", "admin");
    await bob.page.goto(`${site.server.url}/projects/chess`);
    await openJoinPanel(bob.page);
    const tile = bob.page.getByRole("article").filter({ hasText: `ID: ${tableId}` });
    const players = tile.getByRole("list", { name: "Players" });
    await players.getByText("bots_ann").waitFor();

    // Her tile leads to the table page, which leads with the seats, before the tile with Start; the
    // designers' detail is not hers to read.
    await annTile.getByRole("link", { name: "Open table page" }).click();
    await page.waitForURL(`**/projects/chess/table/${tableId}`);
    const seats = page.getByRole("list", { name: "Seats" });
    await seats.getByText(`${mine}: bots_ann`).waitFor();
    await seats.getByText(`${theirs}: free`).waitFor();
    const start = page.getByRole("button", { name: "Start this game" });
    await start.waitFor();
    expect(await comesBefore(page, '[aria-label="Seats"]', "article")).toBe(true);
    expect(await page.getByRole("heading", { name: "Designer details" }).count()).toBe(0);
    expect(await page.getByText(/^Mode: /).count()).toBe(0);
    // Alone, the start is refused, and the refusal says where the other player can come from.
    await start.click();
    const refusal = page.getByRole("alert").filter({ hasText: "needs at least 2 players" });
    await refusal.getByText("'Seat a bot' beside an empty seat").waitFor();

    // The creator seats a level-2 engine, thinks better of it and takes it off its seat again ('Remove
    // bot' beside it), and the seat is free in both places.
    await page.getByRole("combobox", { name: "Bot" }).click();
    await page.getByRole("option", { name: "Chess engine, level 2" }).click();
    await page.getByRole("button", { name: `Seat a bot as ${theirs}` }).click();
    await seats.getByText(`${theirs}: Bot (Chess engine, level 2)`).waitFor();
    await players.getByText("Bot (Chess engine, level 2)").waitFor();
    await page.getByRole("button", { name: `Remove bot at ${theirs}` }).click();
    await seats.getByText(`${theirs}: free`).waitFor();
    await players.getByText("Bot (Chess engine, level 2)").waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: /^Remove bot/ }).count()).toBe(0);

    // A site admin on the same page reads the designers' detail below the seats.
    await bob.page.goto(`${site.server.url}/projects/chess/table/${tableId}`);
    await bob.page.getByRole("heading", { name: "Designer details" }).waitFor();
    await bob.page.getByText("Mode: competitive-edit").waitFor();
    expect(await bob.page.getByRole("button", { name: /^Seat a bot/ }).count()).toBe(0);

    // Then she seats the random bot there and starts.
    await page.getByRole("combobox", { name: "Bot" }).click();
    await page.getByRole("option", { name: "Random" }).click();
    await page.getByRole("button", { name: `Seat a bot as ${theirs}` }).click();
    await seats.getByText(`${theirs}: Bot (Random)`).waitFor();
    await seats.locator("[data-bot-mark]").waitFor();
    await start.click();
    await board(page).waitFor();

    // The bot's player area names it as a bot, with the mark.
    const botArea = area(page, theirs);
    await botArea.getByText("Bot (Random)").waitFor();
    await botArea.locator("[data-bot-mark]").waitFor();

    const load = (await (await page.request.get(`${site.server.url}/api/table-open/${tableId}`)).json()) as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    // Knight moves nothing can block or pin within the bot's first two moves.
    const moves =
      load.live.situation.globals.sides.white === mine
        ? [
            ["white-knight-g1", "f3"],
            ["white-knight-b1", "c3"],
          ]
        : [
            ["black-knight-g8", "f6"],
            ["black-knight-b8", "c6"],
          ];
    await piece(page, moves[0]![0]!).waitFor();
    // Our turn, as the player area's heading says: the bot has answered (or opened, as White).
    const ourTurn = () =>
      area(page, mine)
        .getByRole("heading", { name: /to play/ })
        .waitFor({ timeout: 30_000 });
    for (const [i, [id, to]] of moves.entries()) {
      await ourTurn();
      await move(page, id!, to!);
      await linesBy(page, mine, i + 1);
    }
    // It answered our last move too.
    await ourTurn();
    await linesBy(page, theirs, 2);
    // Its log lines carry the bot's mark beside its colour.
    await log(page)
      .locator('[data-log-player="source"]')
      .filter({ hasText: theirs })
      .locator("[data-bot-mark]")
      .first()
      .waitFor();
    expect(ann.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});

describe("'Play against bots' in the lobby", () => {
  it("makes, seats and starts a game in one click and lands in it seated, the bots seated and marked", {
    timeout: 60_000,
  }, async () => {
    const cy = await site.person("bots_cy");
    const { page } = cy;
    await page.goto(`${site.server.url}/projects/night-market`);
    // Night Market seats 2 to 4: the count is asked for, the game's minimum first.
    const count = page.getByRole("combobox", { name: "Players" });
    await count.click();
    expect(await page.getByRole("option").allTextContents()).toEqual([
      "2 (you and a bot)",
      "3 (you and 2 bots)",
      "4 (you and 3 bots)",
    ]);
    await page.getByRole("option", { name: "3 (you and 2 bots)" }).click();
    const made = page.waitForResponse((r) => r.url().includes("/play-against-bots"));
    await page.getByRole("button", { name: "Play against bots" }).click();
    const table = (await (await made).json()) as {
      tableId: string;
      playerColors: { color: string; bot?: string; userInfo: { username: string } | null }[];
    };
    await page.waitForURL(`**/projects/night-market/table/${table.tableId}`);

    // The game, started: the board, and no pre-start page on the way.
    await board(page).waitFor();
    expect(await page.getByText("Waiting for the table to start").count()).toBe(0);
    const me = table.playerColors.find((s) => s.userInfo?.username === "bots_cy");
    const bots = table.playerColors.filter((s) => s.bot !== undefined);
    expect(me).toBeDefined();
    expect(bots).toHaveLength(2);
    // Seated: the page plays as Cy's colour, in an area of her own.
    await area(page, me!.color).getByText("bots_cy").waitFor();
    for (const bot of bots) {
      await area(page, bot.color).getByText("Bot (Random)").waitFor();
      await area(page, bot.color).locator("[data-bot-mark]").waitFor();
    }
    const load = (await (
      await page.request.get(`${site.server.url}/api/table-open/${table.tableId}`)
    ).json()) as {
      yourSeat: string | null;
      status: string;
    };
    expect(load).toMatchObject({ yourSeat: me!.color, status: "midgame" });
    expect(cy.errors).toEqual([]);
  });
});
