import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { move, piece, standsOn, startedChess } from "./chess";
import { sharedSite } from "./harness";

// The end of a game and what a deck holds (game-table.md sections 2, 3, 7 and 9): a chess game played
// to the fool's mate shows both players the endgame dialog with the winner and the scores; from it the
// stats overlay and the results; the overlay again from the results; opening the ended table shows
// the dialog again. Right-click on a face-down deck in edit mode shows the deck display at its sizes,
// with backs only.

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

describe("the end of a game", () => {
  it("shows the winner and the scores, opens the full statistics over the board and leads to the results", async () => {
    const ann = await person("end_ann");
    const ben = await person("end_ben");
    const chess = await startedChess(site.server, ann.page, ben.page);
    const [white, black] = chess.white === "red" ? [ann, ben] : [ben, ann];
    const winner = chess.white === "red" ? "end_ben (blue)" : "end_ann (red)";
    const url = `${site.server.url}/projects/chess/table/${chess.tableId}`;
    for (const p of [white, black]) {
      await p.page.setViewportSize({ width: 1300, height: 900 });
      await p.page.goto(url);
      await piece(p.page, "white-pawn-f2").waitFor();
    }

    // The fool's mate: 1. f3 e5 2. g4 Qh4#.
    await move(white.page, "white-pawn-f2", "f3");
    await standsOn(black.page, "white-pawn-f2", "f3");
    await move(black.page, "black-pawn-e7", "e5");
    await standsOn(white.page, "black-pawn-e7", "e5");
    await move(white.page, "white-pawn-g2", "g4");
    await standsOn(black.page, "white-pawn-g2", "g4");
    // White's focus rests on the Log switch while Black mates: the dialog gives it back there.
    const logSwitch = white.page.getByRole("switch", { name: "Log" });
    await logSwitch.focus();
    await move(black.page, "black-queen-d8", "h4");

    // Both see the dialog as the end arrives, with the winner, the rules' words and the final scores.
    for (const p of [black.page, white.page]) {
      const dialog = p.getByRole("dialog", { name: "Game over" });
      await dialog.waitFor();
      await dialog.getByText(`Winner: ${winner}`, { exact: true }).waitFor();
      await dialog.getByText("Checkmate. Black wins.").waitFor();
      const scores = dialog.getByRole("table", { name: "Final scores" });
      await expect.poll(() => scores.getByRole("row").count()).toBe(3);
      // The overview's columns (Score, Moves played, ...), the winner first with 1.
      const first = scores.getByRole("row").nth(1);
      expect(await first.getByRole("rowheader").textContent()).toBe(winner);
      expect((await first.getByRole("cell").allTextContents())[0]).toBe("1");
      await expect.poll(() => focusIn(p, "[data-endgame-dialog]")).toBe(true);
    }

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

    // 'Go to results' closes the dialog and takes the focus to the score overview below the board.
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

    // Opening the ended table shows the dialog again, with the same winner.
    await white.page.reload();
    const reopened = white.page.getByRole("dialog", { name: "Game over" });
    await reopened.getByText(`Winner: ${winner}`, { exact: true }).waitFor();
    await reopened.getByRole("button", { name: "Close" }).click();
    await reopened.waitFor({ state: "detached" });
    expect([...white.errors, ...black.errors]).toEqual([]);
  }, 180_000);
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
