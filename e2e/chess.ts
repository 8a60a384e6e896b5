// Helpers for browser tests at a chess table: pieces and squares as drawn, turns as a person clicks
// them, and a started two-seat table made through the API the lobby uses.

import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { RunningServer } from "./harness";

export const piece = (page: Page, id: string) => page.locator(`[data-component-id="${id}"]`);
export const square = (page: Page, name: string) => page.locator(`[data-position][data-slot="${name}"]`);
/** The status bar waits for the player's input (nothing pending, nothing evaluating). */
export const ready = (page: Page) =>
  page.locator('[role=status][data-status="waitUserInput"]').first().waitFor();

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The piece stands on the square (after any animation has finished). */
export async function standsOn(page: Page, id: string, name: string) {
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all([centre(piece(page, id)), centre(square(page, name))]);
        return Math.hypot(a.x - b.x, a.y - b.y);
      },
      { timeout: 15_000 },
    )
    .toBeLessThan(4);
}

/** A move as a person makes it: click the piece (it shows as selected), then the square. */
export async function move(page: Page, id: string, to: string) {
  await ready(page);
  await piece(page, id).click();
  await expect.poll(() => piece(page, id).getAttribute("data-selected")).toBe("true");
  await square(page, to).click();
}

/**
 * A started two-seat chess table (the first page red, the second blue) and which of them plays
 * white (the seats' sides are drawn at random).
 */
export async function startedChess(
  server: RunningServer,
  red: Page,
  blue: Page,
  tableMode = "competitive-edit",
): Promise<{ tableId: string; white: "red" | "blue" }> {
  const base = `${server.url}/api/projects/chess`;
  const create = await red.request.post(`${base}/new-table`, {
    data: { start_position: { options: {} }, tableMode },
  });
  const { tableId } = (await create.json()) as { tableId: string };
  await red.request.get(`${base}/join-table/${tableId}?color=red`);
  await blue.request.get(`${base}/join-table/${tableId}?color=blue`);
  const start = await red.request.post(`${base}/${tableId}/start-table`, { data: {} });
  expect(start.status()).toBe(200);
  const load = (await (await red.request.get(`${server.url}/api/table-open/${tableId}`)).json()) as {
    live: { situation: { globals: { sides: { white: "red" | "blue" } } } };
  };
  return { tableId, white: load.live.situation.globals.sides.white };
}
