import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { move, piece, standsOn, startedChess } from "./chess";
import { sharedSite } from "./harness";

// The end of a game and what a deck holds (game-table.md sections 2, 3, 7 and 9; issue 37 points 4
// and 8): a chess game played to the fool's mate shows both players the end summary beside the board
// with the winner and every player's scores; from it the stats overlay and the results; the overlay
// and the summary again from the results; the summary is shown once, and not on a replay link. Chat
// said during the game stays after the end; Rematch makes the same table again and invites the other
// player. Right-click on a face-down deck in edit mode shows the deck display at its sizes, with backs
// only.

const site = sharedSite();
const { person } = site;

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations (rule ids) inside the element `selector` finds: the dialogs, not the whole page. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async (s) => {
    const axe = (
      window as unknown as {
        axe: { run(c: Element, o: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const element = document.querySelector(s);
    if (element === null) throw new Error(`nothing at ${s}`);
    const result = await axe.run(element, { resultTypes: ["violations"] });
    return result.violations.map((v) => v.id);
  }, selector);
}

/** Whether the page's focus is inside `selector`'s element (or is it). */
const focusIn = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector);

/** Two boxes share some of the page. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("not on the page");
  return box;
}

/** React has drawn the page and run its effects: what it decided as it opened is on the page. */
const drawn = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

type Person = Awaited<ReturnType<typeof person>>;

/** Ann red, Ben blue at a started chess table, both pages open on it at 1400 x 900. */
async function chessAt1400(ann: Person, ben: Person) {
  const chess = await startedChess(site.server, ann.page, ben.page);
  const [white, black] = chess.white === "red" ? [ann, ben] : [ben, ann];
  const url = `${site.server.url}/projects/chess/table/${chess.tableId}`;
  for (const p of [white, black]) {
    await p.page.setViewportSize({ width: 1400, height: 900 });
    await p.page.goto(url);
    await piece(p.page, "white-pawn-f2").waitFor();
  }
  return { ...chess, white, black, url };
}

/** The fool's mate, 1. f3 e5 2. g4 Qh4#; `beforeMate` runs before Black's last move. */
async function foolsMate(white: Page, black: Page, beforeMate: () => Promise<void> = async () => {}) {
  await move(white, "white-pawn-f2", "f3");
  await standsOn(black, "white-pawn-f2", "f3");
  await move(black, "black-pawn-e7", "e5");
  await standsOn(white, "black-pawn-e7", "e5");
  await move(white, "white-pawn-g2", "g4");
  await standsOn(black, "white-pawn-g2", "g4");
  await beforeMate();
  await move(black, "black-queen-d8", "h4");
}

/** A chat line of 'gg' (the line reads 'time who: gg'). */
const GG = /: gg$/;

/** The ended table's page was drawn anew with its whole log (its replay keeps the address's turn). */
const endedPageDrawn = (page: Page) =>
  expect.poll(() => new URL(page.url()).searchParams.get("turnNumber"), { timeout: 20_000 }).not.toBeNull();

const board = (page: Page) => page.getByRole("application", { name: "Game board" });

describe("the end of a game", () => {
  it("sums the game up beside the board, names the players and their scores, and shows it once", async () => {
    const ann = await person("end_ann");
    const ben = await person("end_ben");
    const { white, black, url } = await chessAt1400(ann, ben);
    const winner = black === ben ? "end_ben (blue)" : "end_ann (red)";
    const loser = black === ben ? "end_ann (red)" : "end_ben (blue)";

    // White's focus rests on the Log switch while Black mates: the summary gives it back there.
    const logSwitch = white.page.getByRole("switch", { name: "Log" });
    await foolsMate(white.page, black.page, () => logSwitch.focus());

    // Both see the summary as the end arrives, with the winner, the rules' words and every player's
    // scores, beside the board: the mating position stays in view.
    for (const p of [black.page, white.page]) {
      const summary = p.getByRole("dialog", { name: "Game over" });
      await summary.waitFor();
      await summary.getByText(`Winner: ${winner}`, { exact: true }).waitFor();
      await summary.getByText("Checkmate. Black wins.").waitFor();
      const players = summary.getByRole("list", { name: "Final scores" }).getByRole("listitem");
      await expect.poll(() => players.count()).toBe(2);
      // The winner first, by name and colour, each of the game's scores under its name.
      const scores = async (i: number) => {
        const item = players.nth(i);
        const terms = await item.getByRole("term").allTextContents();
        const values = await item.getByRole("definition").allTextContents();
        return Object.fromEntries(terms.map((t, j) => [t, values[j]]));
      };
      await players.nth(0).getByText(winner, { exact: true }).waitFor();
      await players.nth(1).getByText(loser, { exact: true }).waitFor();
      expect(await scores(0)).toMatchObject({ Score: "1", "Moves played": "2" });
      expect(await scores(1)).toMatchObject({ Score: "0", "Moves played": "2" });

      const box = await boxOf(summary);
      expect(overlap(box, await boxOf(board(p)))).toBe(false);
      // On screen, and every score whole inside it: nothing cut off at 1400 x 900.
      expect(box.y).toBeLessThan(900);
      expect(box.x + box.width).toBeLessThanOrEqual(1400);
      for (const cell of await summary.locator("dt, dd").all()) {
        const c = await boxOf(cell);
        expect(c.x).toBeGreaterThanOrEqual(box.x);
        expect(c.x + c.width).toBeLessThanOrEqual(box.x + box.width);
      }
      expect(await summary.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect.poll(() => focusIn(p, "[data-endgame-dialog]")).toBe(true);
    }
    // The status line names the players too, not only their colours.
    await white.page
      .getByRole("status", { name: "Status bar" })
      .getByText(`Winner: ${winner}`, { exact: false })
      .waitFor();

    expect(await axeViolations(white.page, "[data-endgame-dialog]")).toEqual([]);

    // The loser closes it with Escape: the focus is back on the Log switch.
    await white.page.keyboard.press("Escape");
    await white.page.getByRole("dialog", { name: "Game over" }).waitFor({ state: "detached" });
    await expect.poll(() => logSwitch.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    // The winner opens the full statistics over the board; Escape closes them, back to the button.
    const page = black.page;
    const dialog = page.getByRole("dialog", { name: "Game over" });
    await dialog.getByRole("button", { name: "Show statistics" }).click();
    const overlay = page.getByRole("dialog", { name: "Full statistics" });
    await overlay.waitFor();
    for (const table of ["Player stats", "Global stats", "Component stats"])
      await overlay.getByRole("table", { name: table }).waitFor();
    // Each statistic under the game's label, in words: no raw key, no JSON (issue 37 point 3).
    await overlay
      .getByRole("table", { name: "Global stats" })
      .getByRole("row", { name: "Result Checkmate. Black wins. (0-1)" })
      .waitFor();
    await expect(overlay.textContent()).resolves.not.toMatch(/result\.|[{}]/);
    await overlay.getByRole("table", { name: "Component stats" }).getByText("1. f3 e5 2. g4 Qh4#").waitFor();
    await expect.poll(() => focusIn(page, '[data-stats-overlay] [role="dialog"]')).toBe(true);
    expect(await axeViolations(page, '[data-stats-overlay] [role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });
    await expect
      .poll(() =>
        dialog
          .getByRole("button", { name: "Show statistics" })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);

    // 'Go to results' closes the summary and takes the focus to the score overview below the board.
    await dialog.getByRole("button", { name: "Go to results" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ""))
      .toBe("results-overview-header");

    // The results open the overlay again.
    const again = page.getByRole("button", { name: "Show statistics over the board" });
    await again.click();
    await overlay.getByRole("table", { name: "Global stats" }).waitFor();
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });
    await expect.poll(() => again.evaluate((el) => el === document.activeElement)).toBe(true);

    // A later visit to the ended table (its plain address) does not show the summary again...
    await white.page.goto(url);
    const showAgain = white.page.getByRole("button", { name: "Show the game summary" });
    await showAgain.waitFor();
    await drawn(white.page);
    expect(await white.page.getByRole("dialog", { name: "Game over" }).count()).toBe(0);
    // ...but the results open it again, with the same winner.
    await showAgain.click();
    const reopened = white.page.getByRole("dialog", { name: "Game over" });
    await reopened.getByText(`Winner: ${winner}`, { exact: true }).waitFor();
    await reopened.getByRole("button", { name: "Close" }).click();
    await reopened.waitFor({ state: "detached" });

    // A replay link (an address with a turn number) shows a position, not the end: someone who never
    // saw this table is not shown the summary there.
    const eve = await person("end_eve");
    await eve.page.setViewportSize({ width: 1400, height: 900 });
    await eve.page.goto(`${url}?turnNumber=2`);
    await eve.page.getByRole("button", { name: "Show the game summary" }).waitFor();
    await drawn(eve.page);
    expect(await eve.page.getByRole("dialog", { name: "Game over" }).count()).toBe(0);
    expect([...white.errors, ...black.errors, ...eve.errors]).toEqual([]);
  }, 240_000);

  it("keeps the chat said during the game, and makes a rematch the other player is invited to", async () => {
    const ann = await person("rem_ann");
    const ben = await person("rem_ben");
    const { tableId, white, black } = await chessAt1400(ann, ben);

    // 'gg' as the game ends, typed while it is still running.
    await foolsMate(white.page, black.page, async () => {
      const chat = white.page.getByRole("textbox", { name: "Chat message" });
      await chat.fill("gg");
      await chat.press("Enter");
      await black.page.getByRole("log", { name: "Chat messages" }).getByText(GG).waitFor();
    });
    for (const p of [white.page, black.page]) {
      await p.getByRole("dialog", { name: "Game over" }).waitFor();
      await endedPageDrawn(p);
      // Still there in the page drawn anew for the end, without a reload.
      await p.getByRole("log", { name: "Chat messages" }).getByText(GG).waitFor();
    }

    // Black asks for a rematch and is taken to the new table, where both sit in their colours again.
    const seatsOf = async (id: string) => {
      const load = await (await ann.page.request.get(`${site.server.url}/api/table-open/${id}`)).json();
      return (
        load as { playerColors: { color: string; userInfo: { username: string } | null }[] }
      ).playerColors
        .map((s) => `${s.color}:${s.userInfo?.username ?? "-"}`)
        .sort();
    };
    await black.page
      .getByRole("dialog", { name: "Game over" })
      .getByRole("button", { name: "Rematch" })
      .click();
    const tablePath = /\/projects\/chess\/table\/([a-z0-9]+)$/;
    await black.page.waitForURL((u) => tablePath.test(u.pathname) && !u.pathname.endsWith(tableId));
    const rematchId = tablePath.exec(new URL(black.page.url()).pathname)![1]!;
    expect(await seatsOf(rematchId)).toEqual(await seatsOf(tableId));
    expect(await seatsOf(rematchId)).toEqual(["blue:rem_ben", "red:rem_ann"]);
    const players = black.page.getByRole("list", { name: "Players" });
    for (const name of ["rem_ann", "rem_ben"]) await players.getByText(name).waitFor();

    // White, still at the ended table, is invited there and joins.
    const invitation = white.page.getByRole("status", { name: "Rematch invitation" });
    await invitation.getByText(`${black === ann ? "rem_ann" : "rem_ben"} made a rematch`).waitFor();
    await invitation.getByRole("link", { name: "Join the rematch" }).click();
    await white.page.waitForURL((u) => u.pathname.endsWith(`/table/${rematchId}`));
    for (const name of ["rem_ann", "rem_ben"])
      await white.page.getByRole("list", { name: "Players" }).getByText(name).waitFor();
    expect([...white.errors, ...black.errors]).toEqual([]);
  }, 240_000);
});

describe("right-click on a deck", () => {
  it("shows the deck display at 190 x 133 and the card grid 400 wide, with backs only", async () => {
    const cat = await person("end_cat");
    const dan = await person("end_dan");
    const create = await cat.page.request.post(`${site.server.url}/api/projects/night-market/new-table`, {
      data: { start_position: { options: {} }, tableMode: "competitive-edit" },
    });
    const { tableId } = (await create.json()) as { tableId: string };
    await cat.page.request.get(
      `${site.server.url}/api/projects/night-market/join-table/${tableId}?color=red`,
    );
    await dan.page.request.get(
      `${site.server.url}/api/projects/night-market/join-table/${tableId}?color=blue`,
    );
    const start = await cat.page.request.post(
      `${site.server.url}/api/projects/night-market/${tableId}/start-table`,
      { data: {} },
    );
    expect(start.status()).toBe(200);

    const page = cat.page;
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto(`${site.server.url}/projects/night-market/table/${tableId}`);
    const deck = piece(page, "goods-deck");
    await deck.waitFor();
    await page.getByRole("switch", { name: "Edit mode" }).check();
    await deck.click({ button: "right" });
    const dialog = page.getByRole("dialog", { name: "Contents of deck" });
    const inside = dialog.getByRole("region", { name: "Inside" });
    await inside.getByRole("listitem").first().waitFor();
    const count = await inside.getByRole("listitem").count();
    expect(count).toBeGreaterThan(20);

    // The pile's top card at the display's size, whatever the board's zoom.
    const top = dialog.getByRole("figure", { name: "Inside pile" }).getByRole("img");
    const box = await top.boundingBox();
    expect(box?.height).toBeCloseTo(190, 0);
    expect(box?.width).toBeCloseTo(133, 0);
    expect(await top.getAttribute("aria-label")).toBe("Top: face-down card");
    const grid = await dialog.locator("[data-card-grid]").first().boundingBox();
    expect(grid?.width).toBeCloseTo(400, 0);

    // Backs only: every piece reads as a face-down card, and no good's name or card id is on the page.
    expect(new Set(await inside.getByRole("listitem").allTextContents())).toEqual(
      new Set(["face-down card"]),
    );
    expect(await dialog.locator('[data-card-grid] [data-visibility="face"]').count()).toBe(0);
    expect(await dialog.locator('[data-card-grid] [data-visibility="back"]').count()).toBe(count);
    const text = (await dialog.textContent()) ?? "";
    expect(text).not.toMatch(/Closing Bell|Moth|bell|moth/);

    expect(await axeViolations(page, '[role="dialog"][aria-labelledby="container-contents-title"]')).toEqual(
      [],
    );

    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(cat.errors).toEqual([]);
  });
});
