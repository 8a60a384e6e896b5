import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { move, piece, ready, standsOn } from "./chess";
import { type RunningServer, sharedSite } from "./harness";
import { area, log, statusBar } from "./tablePage";

// Presence at a table (issue 19, point 1): two people sit at a chess table and each sees the other's
// name in the player areas; one closes their page and the other sees them away; they come back and
// are shown at the table again. And what the table says around the board (issue 37 point 8): the tab
// says whose turn it is, the game opens at its status line, a spectator only watches and the players
// see who does, and an undo is written in everyone's log.

const site = sharedSite();
const { person } = site;

/**
 * A started chess table with `first` in the table's first seat and `second` in the other, whatever
 * the seats are called; and which of the two plays White (moves first).
 */
async function seatedChess(server: RunningServer, first: Page, second: Page, undoAsks = false) {
  const base = `${server.url}/api/projects/chess`;
  const create = await first.request.post(`${base}/new-table`, {
    data: { start_position: { options: {} }, tableMode: "competitive-edit", undoAsks },
  });
  const { tableId, possibleColors } = (await create.json()) as { tableId: string; possibleColors: string[] };
  const [a, b] = possibleColors as [string, string];
  await first.request.get(`${base}/join-table/${tableId}?color=${a}`);
  await second.request.get(`${base}/join-table/${tableId}?color=${b}`);
  expect((await first.request.post(`${base}/${tableId}/start-table`, { data: {} })).status()).toBe(200);
  const load = (await (await first.request.get(`${server.url}/api/table-open/${tableId}`)).json()) as {
    live: { situation: { gameState: { current: { activePlayer: string } } } };
  };
  const whiteSeat = load.live.situation.gameState.current.activePlayer;
  return {
    tableId,
    url: `${server.url}/projects/chess/table/${tableId}`,
    seats: [a, b] as const,
    firstIsWhite: whiteSeat === a,
  };
}

/** The seat's user name as its player area shows it, and whether it is shown away. */
const seatLine = (page: Page, color: string) => area(page, color).locator("[data-presence]");
const shownHere = (page: Page, color: string, name: string) =>
  seatLine(page, color)
    .and(page.locator('[data-presence="here"]'))
    .filter({ hasText: name })
    .filter({ hasNotText: "(away)" })
    .waitFor({ timeout: 20_000 });
const shownAway = (page: Page, color: string, name: string) =>
  seatLine(page, color).filter({ hasText: name }).filter({ hasText: "(away)" }).waitFor({ timeout: 20_000 });

/** The tab's icon as the page sets it: the served file, or a data URL (the badged one). */
const iconOf = (page: Page) =>
  page.evaluate(() => document.head.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute("href"));

describe("who is at the table", () => {
  it("shows each seat's player by name, away once their page is closed and back when they return", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("presence_ann");
    const ben = await person("presence_ben");
    const { url, seats } = await seatedChess(site.server, ann.page, ben.page);
    const [annSeat, benSeat] = seats;

    // Ann opens the table first: Ben's seat shows his name, away; hers shows her there.
    await ann.page.goto(url);
    await shownHere(ann.page, annSeat, "presence_ann");
    await shownAway(ann.page, benSeat, "presence_ben");

    // Ben arrives: both see both, and Ann reads that he joined in the chat.
    await ben.page.goto(url);
    await shownHere(ben.page, annSeat, "presence_ann");
    await shownHere(ben.page, benSeat, "presence_ben");
    await shownHere(ann.page, benSeat, "presence_ben");
    const chat = ann.page.getByRole("log", { name: "Chat messages" });
    await chat.getByText("presence_ben joined the table.").waitFor();

    // Ben closes his page: Ann sees him away.
    await ben.page.close();
    await shownAway(ann.page, benSeat, "presence_ben");
    await shownHere(ann.page, annSeat, "presence_ann");

    // He opens the table again, in a new page: back where he was, and shown at the table to both;
    // the chat says he joined once, not once per visit.
    const again = await ben.context.newPage();
    await again.goto(url);
    await shownHere(again, annSeat, "presence_ann");
    await shownHere(again, benSeat, "presence_ben");
    await shownHere(ann.page, benSeat, "presence_ben");
    await again.reload();
    await shownHere(again, benSeat, "presence_ben");
    await again
      .getByRole("log", { name: "Chat messages" })
      .getByText("presence_ben joined the table.")
      .waitFor();
    expect(await again.getByText("presence_ben joined the table.").count()).toBe(1);
    for (const errors of [ann.errors, ben.errors]) if (errors.length > 0) throw new Error(errors.join("\n"));
  });

  it("says in the tab whose turn it is, opens at the status line, lets a spectator only watch and logs an undo for everyone", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("turns_ann");
    const ben = await person("turns_ben");
    const cat = await person("turns_cat");
    const game = await seatedChess(site.server, ann.page, ben.page);
    const [white, black] = game.firstIsWhite ? [ann, ben] : [ben, ann];
    const whiteSeat = game.firstIsWhite ? game.seats[0] : game.seats[1];
    for (const p of [white, black]) {
      await p.page.goto(game.url);
      await piece(p.page, "white-pawn-e2").waitFor();
    }

    // White is to play: their tab says so, and its icon carries the badge; Black's says neither.
    await expect.poll(() => white.page.title()).toBe("(Your turn) Chess - Tabletop Lab");
    expect(await iconOf(white.page)).toMatch(/^data:image\/svg\+xml,/);
    await expect.poll(() => black.page.title()).toBe("Chess - Tabletop Lab");
    expect(await iconOf(black.page)).toBe("/favicon.svg");

    // The game opened at its status line: right under the app's top bar, or as far as the page scrolls.
    const opening = await white.page.evaluate(() => {
      const status = document.querySelector('[role="status"][aria-label="Status bar"]');
      const bar = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      return { top: (status?.getBoundingClientRect().top ?? -1) - bar, atEnd: window.scrollY >= max - 1 };
    });
    expect(Math.abs(opening.top) <= 2 || (opening.atEnd && opening.top > 0)).toBe(true);

    // A spectator reads 'Watching', and has no Edit mode and no Undo; the players see who watches.
    await cat.page.goto(game.url);
    await piece(cat.page, "white-pawn-e2").waitFor();
    await cat.page.getByText("Watching", { exact: true }).waitFor();
    expect(await cat.page.getByText("You are playing as spectator").count()).toBe(0);
    expect(await cat.page.getByRole("button", { name: "Undo" }).count()).toBe(0);
    expect(await cat.page.getByRole("switch", { name: "Edit mode" }).count()).toBe(0);
    for (const p of [white, black]) await p.page.getByText("Watching: turns_cat").waitFor();
    await black.page.getByRole("button", { name: "Undo" }).waitFor();

    // White moves: the tab titles change hands, and so does the badge.
    await move(white.page, "white-pawn-e2", "e4");
    await standsOn(black.page, "white-pawn-e2", "e4");
    await expect.poll(() => black.page.title()).toBe("(Your turn) Chess - Tabletop Lab");
    await expect.poll(() => white.page.title()).toBe("Chess - Tabletop Lab");
    await expect.poll(() => iconOf(white.page)).toBe("/favicon.svg");
    expect(await iconOf(black.page)).toMatch(/^data:image\/svg\+xml,/);

    // White takes it back: Black's log and the spectator's say so, in White's colour's name.
    await ready(white.page);
    await white.page.getByRole("button", { name: "Undo" }).click();
    await standsOn(black.page, "white-pawn-e2", "e2");
    for (const p of [black.page, cat.page])
      await log(p).getByText(`${whiteSeat} took back their move`).waitFor();
    await expect.poll(() => white.page.title()).toBe("(Your turn) Chess - Tabletop Lab");

    // The spectator leaves: the players no longer see them watching.
    await cat.page.close();
    await white.page.getByText("Watching: turns_cat").waitFor({ state: "detached" });
    await statusBar(white.page).waitFor();
    for (const p of [white, black, cat]) expect(p.errors).toEqual([]);
  });

  it("takes a move back by request at a table whose undo asks the opponents", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("asks_ann");
    const ben = await person("asks_ben");
    const game = await seatedChess(site.server, ann.page, ben.page, true);
    const [white, black] = game.firstIsWhite ? [ann, ben] : [ben, ann];
    const whiteSeat = game.firstIsWhite ? game.seats[0] : game.seats[1];
    for (const p of [white, black]) {
      await p.page.goto(game.url);
      await piece(p.page, "white-pawn-e2").waitFor();
    }
    await move(white.page, "white-pawn-e2", "e4");
    await standsOn(black.page, "white-pawn-e2", "e4");

    // White's Undo asks Black; the pawn stays where it is meanwhile.
    await ready(white.page);
    await white.page.getByRole("button", { name: "Undo" }).click();
    const asking = black.page.getByRole("alert", { name: "Undo request" });
    await asking.getByText(`${whiteSeat} asks to take back their move`).waitFor();
    await white.page.getByText("You asked to take back your move: waiting for an answer").waitFor();
    expect(await white.page.getByRole("button", { name: "Accept" }).count()).toBe(0);
    await standsOn(white.page, "white-pawn-e2", "e4");

    // Black accepts: the move is taken back on both boards and written in both logs.
    await asking.getByRole("button", { name: "Accept" }).click();
    await standsOn(white.page, "white-pawn-e2", "e2");
    await standsOn(black.page, "white-pawn-e2", "e2");
    await asking.waitFor({ state: "detached" });
    for (const p of [white.page, black.page])
      await log(p).getByText(`${whiteSeat} took back their move`).waitFor();
    for (const p of [white, black]) expect(p.errors).toEqual([]);
  });
});
