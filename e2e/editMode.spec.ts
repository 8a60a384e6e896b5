import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";
import { findPiece, logText, type Piece } from "./tablePage";

// Edit mode by hand (game-table.md sections 1, 2 and 3): at a sandbox table of a game with rules, a
// player turns edit mode on with 'e', puts a card where the rules never let a card go, flips it,
// changes a counter with the edit tools, and reads each of those moves in the log marked 'edit'.

const port = String(21000 + Math.floor(Math.random() * 20000));
const site = sharedSite({ PORT: port });
const { person } = site;

const piece = (page: Page, id: string) => page.locator(`[data-component-id="${id}"]`);
const ready = (page: Page) => page.locator('[role=status][data-status="waitUserInput"]').first().waitFor();

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations inside one part of the page (the edit tools, a dialog of theirs). */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (selector) => {
    type Result = { violations: { id: string; nodes: { html: string }[] }[] };
    const axe = (window as unknown as { axe: { run(c: Element, o: object): Promise<Result> } }).axe;
    const el = document.querySelector(selector);
    if (el === null) return [`nothing at ${selector}`];
    const result = await axe.run(el, { resultTypes: ["violations"] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
  }, selector);
}

describe("edit mode by hand", () => {
  it("moves a card where the rules allow none, flips it and changes a counter, each an edit line in the log", {
    timeout: 120_000,
  }, async () => {
    const eve = await person("edit_eve");
    const page = eve.page;
    const create = await page.request.post(`${site.server.url}/api/projects/night-market/new-table`, {
      data: { start_position: { options: {}, playerColors: ["red", "blue"] }, tableMode: "public-sandbox" },
    });
    const { tableId } = (await create.json()) as { tableId: string };
    const situation = async () =>
      (
        (await (await page.request.get(`${site.server.url}/api/table-open/${tableId}`)).json()) as {
          live: {
            situation: {
              root: Piece;
              players: { color: string; counters: { name: string; value: number }[] }[];
            };
          };
        }
      ).live.situation;
    // The first card of the market row: in Night Market a card is bought from the row or sold from a
    // hand; the rules answer every click on a place with 'Click a card in the row to buy it, or in your
    // hand to sell.', so no card is ever put into the stall by hand.
    const row = findPiece((await situation()).root, "market").children.row as Record<string, Piece>;
    const card = row["1"] as Piece;
    await page.goto(`${site.server.url}/projects/night-market/table/${tableId}`);
    await piece(page, card.id).waitFor();
    await ready(page);

    // 'e' turns edit mode on, and with it the edit tools.
    const tools = page.getByRole("toolbar", { name: "Edit tools" });
    expect(await tools.count()).toBe(0);
    await page.keyboard.press("e");
    await tools.waitFor();
    expect(await page.getByRole("switch", { name: "Edit mode" }).isChecked()).toBe(true);

    // Select the card, then Move to...: the market's stall, chosen from every place on the table.
    await piece(page, card.id).click();
    await expect.poll(() => piece(page, card.id).getAttribute("data-selected")).toBe("true");
    await tools.getByRole("button", { name: "Move to..." }).click();
    const moveTo = tools.getByRole("group", { name: "Move to" });
    // Named buttons and fields, reachable by keyboard: no axe violation in the tools.
    // Polled: a dialog fading in reads as low contrast until it is drawn in full.
    await expect.poll(() => violationsIn(page, '[role="toolbar"][aria-label="Edit tools"]')).toEqual([]);
    await moveTo.getByRole("combobox", { name: "Place" }).selectOption({ label: "market: stall" });
    await moveTo.getByRole("button", { name: "Move here" }).click();
    await expect
      .poll(async () => {
        const stall = findPiece((await situation()).root, "market").children.stall as Piece[];
        return stall.map((c) => c.options.cardId);
      })
      .toEqual([card.options.cardId]);
    await expect.poll(() => logText(page)).toMatch(/edit\s*moved card/);

    // f flips the selected card: its face turns away for everyone.
    await ready(page);
    await piece(page, card.id).click();
    await expect.poll(() => piece(page, card.id).getAttribute("data-selected")).toBe("true");
    await page.keyboard.press("f");
    await expect.poll(() => logText(page)).toMatch(/edit\s*flipped card face down/);
    await expect
      .poll(async () => (findPiece((await situation()).root, "market").children.stall as Piece[]).length)
      .toBe(1);

    // Counters...: red gains a coin.
    await ready(page);
    const coins = async () =>
      (await situation()).players.find((p) => p.color === "red")?.counters.find((c) => c.name === "coins")
        ?.value as number;
    const before = await coins();
    await tools.getByRole("button", { name: "Counters..." }).click();
    const counters = page.getByRole("dialog", { name: "Counters" });
    await counters.getByText(`red coins: ${before}`, { exact: true }).waitFor();
    // Polled: a dialog fading in reads as low contrast until it is drawn in full.
    await expect
      .poll(() => violationsIn(page, '[role="dialog"][aria-labelledby="edit-counters-title"]'))
      .toEqual([]);
    await counters.getByRole("button", { name: "Raise red coins" }).click();
    await counters.getByText(`red coins: ${before + 1}`, { exact: true }).waitFor();
    await counters.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => logText(page)).toMatch(/edit\s*gained 1 coins/);
    expect(await coins()).toBe(before + 1);

    // Move to... and a click on the board: the face-down card goes to the lanterns of red's stall.
    const stall = async () => findPiece((await situation()).root, "market").children.stall as Piece[];
    const flipped = ((await stall())[0] as Piece).id;
    await ready(page);
    await piece(page, flipped).click();
    await expect.poll(() => piece(page, flipped).getAttribute("data-selected")).toBe("true");
    await tools.getByRole("button", { name: "Move to..." }).click();
    await page.getByRole("region", { name: "red player area" }).locator('[data-position="lanterns"]').click();
    await expect
      .poll(async () => (findPiece((await situation()).root, "area-red").children.lanterns as Piece[]).length)
      .toBe(1);
    expect(await stall()).toEqual([]);

    // Edit mode off: the tools go with it.
    await page.keyboard.press("e");
    await tools.waitFor({ state: "detached" });
    expect(eve.errors).toEqual([]);
  });
});
