// A table page as a person sees it (game-table.md sections 2 and 9), shared by the browser tests that
// play whole games: the board, the player areas, the status bar and its buttons, the game log; and the
// parts of the server's situation (GET /api/table-open) those tests read to know what to click.

import type { Page } from "playwright-core";
import { logsAgree } from "./harness";

/** A component of the server's situation, as far as the tests read it. */
export interface Piece {
  id: string;
  options: { cardId?: string };
  children: Record<string, Piece[] | Record<string, Piece>>;
}

/** The component with this id anywhere under `root`. */
export function findPiece(root: Piece, id: string): Piece {
  const stack = [root];
  while (stack.length > 0) {
    const c = stack.pop() as Piece;
    if (c.id === id) return c;
    for (const kids of Object.values(c.children))
      stack.push(...(Array.isArray(kids) ? kids : Object.values(kids)));
  }
  throw new Error(`no ${id} in the situation`);
}

/** Someone seated at the table: their colour and their page (with its uncaught errors). */
export interface Seat {
  color: string;
  page: Page;
  errors: string[];
}

export const board = (page: Page) => page.getByRole("application", { name: "Game board" });
export const area = (page: Page, color: string) => page.getByRole("region", { name: `${color} player area` });
export const statusBar = (page: Page) => page.getByRole("status", { name: "Status bar" });
/** A state button of the status bar, by its whole text. */
export const stateButton = (page: Page, text: string) =>
  statusBar(page).getByRole("button", { name: text, exact: true });
export const log = (page: Page) => page.getByRole("log", { name: "Game log lines" });
// biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText keeps the log's line breaks
export const logText = (page: Page) => log(page).innerText();
/** The status bar's message (without its buttons). */
export const message = async (page: Page) => (await statusBar(page).locator("p").first().textContent()) ?? "";

/** Every page is connected and idle: the next click is taken. */
export async function settled(seats: Seat[]) {
  for (const s of seats) {
    await statusBar(s.page).and(s.page.locator('[data-status="waitUserInput"]')).waitFor({ timeout: 20_000 });
  }
}

/** The move's log lines reached both pages, both logs read the same, and both pages are idle again. */
export async function sameLog(seats: Seat[], last: RegExp) {
  const [a, b] = seats as [Seat, Seat];
  await logsAgree(a.page, b.page, last);
  await settled(seats);
}
