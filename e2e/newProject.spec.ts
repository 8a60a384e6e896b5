import { describe, expect, it } from "vitest";
import { buildPsd } from "../packages/server/test/fixtures/psdFixture";
import { buildWorkbook } from "../packages/server/test/fixtures/xlsxFixture";
import { sharedSite } from "./harness";

// The designer loop from a blank project (issue: a new project becomes a playable card game with no
// code): 'New project', a deck from an .xlsx and a .psd, a table, a card drawn and played, all by
// clicks as a person does it.

const port = String(21000 + Math.floor(Math.random() * 20000));
const site = sharedSite({ PORT: port });

describe("a project made on 'New project'", () => {
  it("becomes a card game played at a table, from a spreadsheet and a .psd, with no code", async () => {
    const { page, errors } = await site.person("np_admin", "admin");
    await page.setViewportSize({ width: 1400, height: 900 });
    const started = Date.now();
    let clicks = 0;
    const click = async (locator: { click: () => Promise<void> }) => {
      clicks++;
      await locator.click();
    };

    // The project.
    await page.goto(`${site.server.url}/new-project`);
    await page.getByLabel("Slug").fill("blank-cards");
    await page.getByLabel("Name").fill("Blank Cards");
    await click(page.getByRole("button", { name: "Create project" }));
    await click(page.getByRole("link", { name: "Blank Cards" }));
    await page.waitForURL("**/projects/blank-cards");

    // A deck: its spreadsheet and its .psd.
    await page.goto(`${site.server.url}/projects/blank-cards/admin`);
    await page.getByLabel("New deck name").fill("heroes");
    await click(page.getByRole("button", { name: "Create deck" }));
    const book = await buildWorkbook({
      data: [
        ["ID", "name"],
        ["ann", "Ann"],
        ["bob", "Bob"],
        ["cy", "Cy"],
      ],
      rules: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "{name}"],
        // A layer the .psd does not have: said on the admin page, not found later in the viewer.
        ["banner", "set_innerHTML", "x"],
      ],
    });
    await page.getByLabel("Spreadsheet for heroes").setInputFiles({
      name: "heroes.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: book,
    });
    await page.getByText("Update success: 3 cards.").waitFor();
    await page.getByLabel("Photoshop file for heroes").setInputFiles({
      name: "card.psd",
      mimeType: "image/vnd.adobe.photoshop",
      buffer: buildPsd(),
    });
    await page.getByText(".psd updated").waitFor();
    const problems = page.getByRole("alert", { name: "Problems found in this deck: heroes" });
    await problems
      .getByText('Rules row 3: Cannot find layer "banner" for rule set_innerHTML. (every card)')
      .waitFor();

    // The component editor shows the deck's two entries.
    await page.goto(`${site.server.url}/projects/blank-cards/admin/component-editor`);
    await click(page.getByRole("treeitem", { name: "Cards (1)" }));
    await page.getByRole("treeitem", { name: "__card-heroes" }).waitFor();
    await click(page.getByRole("treeitem", { name: "Decks (1)" }));
    await page.getByRole("treeitem", { name: "deck-heroes" }).waitFor();

    // A table: a public sandbox starts at once, the deck on the board.
    await page.goto(`${site.server.url}/projects/blank-cards`);
    await click(page.getByRole("button", { name: "Create new table" }).first());
    await page.getByRole("heading", { name: "New table settings" }).waitFor();
    await click(page.getByRole("combobox", { name: "Table mode" }));
    await click(page.getByRole("option", { name: "Public Sandbox" }));
    await click(page.locator("form").getByRole("button", { name: "Create new table" }));
    await page.waitForURL("**/projects/blank-cards/table/**");
    const board = page.getByRole("application", { name: "Game board" });
    await board.waitFor();
    await click(page.getByRole("combobox", { name: "Play as" }));
    await click(page.getByRole("option", { name: "red" }));

    // Draw: select the deck, click red's hand. Red sees the card's face, named by the sheet's name column.
    await click(board.getByRole("group", { name: "deck", exact: true }));
    const redArea = page.getByRole("region", { name: "red player area" });
    // One's hand is a strip of its own (issue 37 point 1): a click on it is a click on the position.
    await click(redArea.locator('[data-hand="hand"]'));
    const inHand = redArea.getByRole("button", { name: /^(Ann|Bob|Cy) card$/ });
    await inHand.waitFor();
    const drawn = ((await inHand.getAttribute("aria-label")) as string).replace(/, selected$/, "");

    // Play: select the card, click the table. It leaves the hand and lies on the board.
    await click(inHand);
    // The rules' answer where it may go is said with the place (issue 37 point 6).
    await click(board.getByRole("button", { name: "table, may move here", exact: true }));
    await board.getByRole("button", { name: drawn }).waitFor();
    await expect.poll(() => redArea.getByRole("button", { name: /card$/ }).count()).toBe(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the card's text as a person reads it
    expect(await board.innerText()).toMatch(/Ann|Bob|Cy/);
    expect(errors).toEqual([]);
    console.log(
      `designer loop: blank project to a played card in ${clicks} clicks, ${Date.now() - started} ms`,
    );
  });
});
