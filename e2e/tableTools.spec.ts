import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closeTableSettings, openTableSettings, sharedSite } from "./harness";

// The table's tools beyond plain turns: edit mode, cheat mode's 'Do it anyway!', a confirmation
// before a button that cannot be taken back, deck contents on right-click, the chat popup and the
// slide of a moved piece on the opponent's screen.

const port = String(21000 + Math.floor(Math.random() * 20000));

const site = sharedSite({ PORT: port });
const { person } = site;

/** A started two-seat table of a shipped game, the first person red and the second blue. */
async function startedTable(slug: string, red: Page, blue: Page): Promise<string> {
  const create = await red.request.post(`${site.server.url}/api/projects/${slug}/new-table`, {
    data: { start_position: { options: {} }, tableMode: "competitive-edit" },
  });
  const { tableId } = (await create.json()) as { tableId: string };
  await red.request.get(`${site.server.url}/api/projects/${slug}/join-table/${tableId}?color=red`);
  await blue.request.get(`${site.server.url}/api/projects/${slug}/join-table/${tableId}?color=blue`);
  const start = await red.request.post(`${site.server.url}/api/projects/${slug}/${tableId}/start-table`, {
    data: {},
  });
  expect(start.status()).toBe(200);
  return tableId;
}

const piece = (page: Page, id: string) => page.locator(`[data-component-id="${id}"]`);
const slot = (page: Page, name: string) => page.locator(`[data-position][data-slot="${name}"]`);
const ready = (page: Page) => page.locator('[role=status][data-status="waitUserInput"]').first().waitFor();

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The piece stands on the square (after any animation has finished). */
async function standsOn(page: Page, id: string, square: string) {
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([centre(piece(page, id)), centre(slot(page, square))]);
      return Math.hypot(a.x - b.x, a.y - b.y);
    })
    .toBeLessThan(4);
}

describe("the table's tools", () => {
  it("edit mode moves anything, cheat mode insists, and a resignation asks first", async () => {
    const ann = await person("tools_ann");
    const ben = await person("tools_ben");
    const tableId = await startedTable("chess", ann.page, ben.page);
    const load = (await (
      await ann.page.request.get(`${site.server.url}/api/table-open/${tableId}`)
    ).json()) as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    const [white, black] = load.live.situation.globals.sides.white === "red" ? [ann, ben] : [ben, ann];
    const url = `${site.server.url}/projects/chess/table/${tableId}`;
    for (const p of [white, black]) {
      await p.page.goto(url);
      await piece(p.page, "white-pawn-e2").waitFor();
      await ready(p.page);
    }

    // A legal move slides on the opponent's board: an animation starts on that piece, then it lands.
    // Every animation started on Black's page is recorded, so a slow machine cannot miss a short one.
    await black.page.evaluate(() => {
      const started: string[] = [];
      (window as unknown as { __animated: string[] }).__animated = started;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, ...args: Parameters<Element["animate"]>) {
        if (this instanceof HTMLElement && this.dataset.componentId) started.push(this.dataset.componentId);
        return animate.apply(this, args);
      };
    });
    await piece(white.page, "white-pawn-e2").click();
    await ready(white.page);
    await slot(white.page, "e4").click();
    await expect
      .poll(() =>
        black.page.evaluate(() =>
          (window as unknown as { __animated: string[] }).__animated.includes("white-pawn-e2"),
        ),
      )
      .toBe(true);
    await standsOn(black.page, "white-pawn-e2", "e4");

    // An illegal move with cheat mode on: the rules' refusal offers 'Do it anyway!'.
    await openTableSettings(black.page);
    await black.page.getByRole("switch", { name: "Cheat mode" }).check();
    await closeTableSettings(black.page);
    await piece(black.page, "black-knight-g8").click();
    await ready(black.page);
    await slot(black.page, "g5").click();
    const refusal = black.page.getByRole("alert").filter({ hasText: "(are you sure this turn is legal?" });
    await refusal.waitFor();
    await refusal.getByRole("button", { name: "Do it anyway!" }).click();
    await standsOn(white.page, "black-knight-g8", "g5");
    await standsOn(black.page, "black-knight-g8", "g5");

    // Edit mode: White puts a knight anywhere, out of the rules, and Black sees it there.
    await ready(white.page);
    await white.page.getByRole("switch", { name: "Edit mode" }).check();
    await piece(white.page, "white-knight-b1").click();
    await ready(white.page);
    await slot(white.page, "d5").click();
    await standsOn(black.page, "white-knight-b1", "d5");
    await white.page.getByRole("switch", { name: "Edit mode" }).uncheck();

    // Chat pops up over the other player's board as well as in the panel.
    await white.page.getByRole("textbox", { name: "Chat message" }).fill("that knight was never there");
    await white.page.getByRole("textbox", { name: "Chat message" }).press("Enter");
    await black.page
      .locator("[data-chat-popup]")
      .filter({ hasText: "that knight was never there" })
      .waitFor();

    // Resigning asks first: Reject keeps the game going, Confirm ends it.
    await ready(black.page);
    const resign = black.page.getByRole("button", { name: "Resign" });
    await resign.click();
    const dialog = black.page.getByRole("dialog", { name: "Resign" });
    await dialog.getByText("Resign this game? It ends at once.").waitFor();
    await dialog.getByRole("button", { name: "Reject" }).click();
    await dialog.waitFor({ state: "detached" });
    await resign.click();
    await black.page.getByRole("dialog", { name: "Resign" }).getByRole("button", { name: "Confirm" }).click();
    await expect
      .poll(async () => {
        const res = await ann.page.request.get(`${site.server.url}/api/table-open/${tableId}`);
        return ((await res.json()) as { status: string }).status;
      })
      .toBe("ended");
    expect([...white.errors, ...black.errors]).toEqual([]);
  });

  it("shows a deck's contents on right-click in edit mode, and the zoom-lens hint outside it", async () => {
    const cat = await person("tools_cat");
    const dan = await person("tools_dan");
    const tableId = await startedTable("night-market", cat.page, dan.page);
    await cat.page.goto(`${site.server.url}/projects/night-market/table/${tableId}`);
    const deck = piece(cat.page, "goods-deck");
    await deck.waitFor();
    await deck.click({ button: "right" });
    await cat.page.getByText("Hold alt/option to use zoom lens").waitFor();
    expect(await cat.page.getByRole("dialog").count()).toBe(0);

    await cat.page.getByRole("switch", { name: "Edit mode" }).check();
    await deck.click({ button: "right" });
    const dialog = cat.page.getByRole("dialog", { name: "Contents of deck" });
    await dialog.getByRole("region", { name: "Inside" }).getByRole("listitem").first().waitFor();
    const inside = await dialog.getByRole("region", { name: "Inside" }).getByRole("listitem").count();
    expect(inside).toBeGreaterThan(5);
    expect(await dialog.getByRole("region", { name: "Inside" }).textContent()).toContain(
      `Inside (${inside})`,
    );
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(cat.errors).toEqual([]);
  });
});
