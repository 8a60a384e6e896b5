import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";
import { area, board, log, settled } from "./tablePage";

// Component, counter and log options as a person sees them (issue 19, points 4 and 5): the active
// player's area enlarged and the others shrunk, a log line showing the image of the component it is
// about, a card with hoverZoom shown enlarged under the pointer, and a counter's customIcon.

const port = String(21000 + Math.floor(Math.random() * 20000));
const site = sharedSite({ PORT: port });

const VIEWPORT = { width: 1400, height: 900 };
const COLORS = ["red", "blue", "green", "yellow"] as const;

/** A started table of `slug` with one seat per page (red, blue, ...); answers the table's address. */
async function startedTable(slug: string, pages: Page[]): Promise<string> {
  const api = `${site.server.url}/api/projects/${slug}`;
  const [first] = pages;
  if (first === undefined) throw new Error("nobody to seat");
  const create = await first.request.post(`${api}/new-table`, {
    data: { start_position: { options: {} }, tableMode: "competitive-edit" },
  });
  expect(create.status()).toBe(200);
  const { tableId } = (await create.json()) as { tableId: string };
  for (const [i, page] of pages.entries())
    expect((await page.request.get(`${api}/join-table/${tableId}?color=${COLORS[i]}`)).status()).toBe(200);
  expect((await first.request.post(`${api}/${tableId}/start-table`, { data: {} })).status()).toBe(200);
  return `${site.server.url}/projects/${slug}/table/${tableId}`;
}

async function open(person: { page: Page; errors: string[] }, url: string, color: string) {
  await person.page.setViewportSize(VIEWPORT);
  await person.page.goto(url);
  await board(person.page).waitFor();
  await settled([{ color, page: person.page, errors: person.errors }]);
}

/** The on-screen width (px, transforms included) of the widest card in a player's area. */
async function cardWidth(page: Page, color: string): Promise<number> {
  const widths = await area(page, color)
    .locator('[data-component-name^="__card-"], [data-component-name="card"]')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
  return Math.max(0, ...widths);
}

const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;

/** The image has loaded and has a size of its own (not a broken link). */
const loaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

describe("component options at the table", () => {
  it("enlarges the active player's area and shrinks the others at a three-player table", async () => {
    const players = [await site.person("co_ann"), await site.person("co_ben"), await site.person("co_cat")];
    const url = await startedTable(
      "template-cards",
      players.map((p) => p.page),
    );
    // Someone not seated watches: no area of their own, every area at its share of the board.
    const watcher = await site.person("co_wat");
    await watcher.page.setViewportSize(VIEWPORT);
    await watcher.page.goto(url);
    await board(watcher.page).waitFor();
    const colors = COLORS.slice(0, 3);
    for (const c of colors) await area(watcher.page, c).waitFor();
    await expect.poll(() => cardWidth(watcher.page, "red")).toBeGreaterThan(0);
    const active = [];
    for (const c of colors)
      if ((await area(watcher.page, c).getAttribute("data-active")) === "true") active.push(c);
    expect(active).toHaveLength(1);
    const [now] = active as [string];
    const enlarged = await cardWidth(watcher.page, now);
    for (const c of colors.filter((x) => x !== now)) {
      const shrunk = await cardWidth(watcher.page, c);
      console.log(`three players, ${now} to play: ${now}'s card ${enlarged} px, ${c}'s ${shrunk} px`);
      expect(shrunk).toBeGreaterThan(0);
      expect(enlarged).toBeGreaterThan(shrunk * 1.1);
    }
    expect(watcher.errors).toEqual([]);
  }, 180_000);

  it("shows the image of the moved piece on its log line", async () => {
    const ann = await site.person("co_lia");
    const ben = await site.person("co_lib");
    const url = await startedTable("chess", [ann.page, ben.page]);
    await open(ann, url, "red");
    const load = (await (
      await ann.page.request.get(`${site.server.url}/api/table-open/${url.split("/").at(-1)}`)
    ).json()) as { live: { situation: { globals: { sides: { white: string } } } } };
    const white = load.live.situation.globals.sides.white === "red" ? ann : ben;
    if (white !== ann) await open(ben, url, "blue");
    const page = white.page;
    expect(await log(page).getByRole("img").count()).toBe(0);
    await page.locator('[data-component-id="white-pawn-e2"]').click();
    await page.locator('[data-position][data-slot="e4"]').click();
    const picture = log(page).getByRole("img").last();
    await picture.waitFor();
    expect(await picture.getAttribute("src")).toMatch(/^\/game-assets\/chess\//);
    await expect.poll(() => loaded(picture)).toBe(true);
    // The picture sits on a line of the log, before its words.
    const line = picture.locator("xpath=..");
    expect(await line.textContent()).toMatch(/\S/);
    expect(white.errors).toEqual([]);
  }, 120_000);

  it("enlarges a card with hoverZoom under the pointer, and draws the coin counter's icon", async () => {
    const nia = await site.person("co_nia");
    const nik = await site.person("co_nik");
    const url = await startedTable("night-market", [nia.page, nik.page]);
    await open(nia, url, "red");
    const page = nia.page;
    // The market row's cards have hoverZoom.
    const card = board(page)
      .locator('[data-component-name="card"]:not([aria-label="face-down card"])')
      .first();
    await card.waitFor();
    const before = await width(card);
    expect(before).toBeGreaterThan(0);
    const zoom = page.locator("[data-hover-zoom]");
    expect(await zoom.count()).toBe(0);
    await card.hover();
    await zoom.waitFor();
    expect(await width(zoom)).toBeGreaterThan(before * 1.8);
    // The card keeps its place and size: its neighbours stay within reach of the pointer.
    expect(await width(card)).toBeLessThan(before * 1.1);
    // Away from it, the enlarged copy is gone.
    await page.mouse.move(1, 1);
    await zoom.waitFor({ state: "detached" });

    // The coins counter shows its customIcon beside its name and value.
    const coins = area(page, "red").locator('[data-counter="red/coins"]');
    await expect.poll(() => coins.textContent()).toMatch(/^coins:\s*\d+/);
    const icon = coins.locator("img").first();
    expect(await icon.getAttribute("src")).toBe("/game-assets/night-market/coin.svg");
    await expect.poll(() => loaded(icon)).toBe(true);
    expect(nia.errors).toEqual([]);
  }, 120_000);
});
