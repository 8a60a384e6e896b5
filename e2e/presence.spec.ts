import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { startedChess } from "./chess";
import { sharedSite } from "./harness";
import { area } from "./tablePage";

// Presence at a table (issue 19, point 1): two people sit at a chess table and each sees the other's
// name in the player areas; one closes their page and the other sees them away; they come back and
// are shown at the table again.

const site = sharedSite();
const { person } = site;

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

describe("who is at the table", () => {
  it("shows each seat's player by name, away once their page is closed and back when they return", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("presence_ann");
    const ben = await person("presence_ben");
    const { tableId } = await startedChess(site.server, ann.page, ben.page);
    const url = `${site.server.url}/projects/chess/table/${tableId}`;

    // Ann opens the table first: Ben's seat shows his name, away; hers shows her there.
    await ann.page.goto(url);
    await shownHere(ann.page, "red", "presence_ann");
    await shownAway(ann.page, "blue", "presence_ben");

    // Ben arrives: both see both, and Ann reads that he joined in the chat.
    await ben.page.goto(url);
    await shownHere(ben.page, "red", "presence_ann");
    await shownHere(ben.page, "blue", "presence_ben");
    await shownHere(ann.page, "blue", "presence_ben");
    await ann.page
      .getByRole("log", { name: "Chat messages" })
      .getByText("presence_ben joined the table.")
      .waitFor();

    // Ben closes his page: Ann sees him away.
    await ben.page.close();
    await shownAway(ann.page, "blue", "presence_ben");
    await shownHere(ann.page, "red", "presence_ann");

    // He opens the table again, in a new page: back where he was, and shown at the table to both.
    const again = await ben.context.newPage();
    await again.goto(url);
    await shownHere(again, "red", "presence_ann");
    await shownHere(again, "blue", "presence_ben");
    await shownHere(ann.page, "blue", "presence_ben");
    for (const errors of [ann.errors, ben.errors]) if (errors.length > 0) throw new Error(errors.join("\n"));
  });
});
