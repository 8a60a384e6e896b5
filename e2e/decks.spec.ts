import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildPsd, FIXTURE_CARD } from "../packages/server/test/fixtures/psdFixture";
import { buildWorkbook } from "../packages/server/test/fixtures/xlsxFixture";
import { closeTableSettings, openTableSettings, sharedSite } from "./harness";

// From a spreadsheet and a .psd to cards in the viewer, a PDF and a table (admin-decks-editor.md
// sections 2, 3, 7, 9): a designer does it all in the browser; a mod cannot make anyone a designer.

const port = String(21000 + Math.floor(Math.random() * 20000));

const site = sharedSite({ PORT: port });
const { person } = site;

const MM_PER_POINT = 25.4 / 72;

type Person = Awaited<ReturnType<typeof person>>;
// The designer and the mod of template-cards; the steps below follow one another.
let dee: Person;
let mo: Person;

describe("a deck from a spreadsheet and a .psd", () => {
  beforeAll(async () => {
    const admin = await person("deck_admin", "admin");
    dee = await person("deck_dee");
    mo = await person("deck_mo");
    for (const [username, roleName] of [
      ["deck_dee", "designer"],
      ["deck_mo", "mod"],
    ]) {
      const res = await admin.page.request.post(`${site.server.url}/api/projects/add-role/template-cards`, {
        data: { username, roleName },
      });
      expect(res.status()).toBe(200);
    }
  });

  it("reaches the viewer", async () => {
    const page = dee.page;
    await page.setViewportSize({ width: 1300, height: 1000 });
    await page.goto(`${site.server.url}/projects/template-cards/admin`);
    await page.getByRole("heading", { name: "template-cards administration" }).waitFor();
    expect(await page.title()).toContain("template-cards administration");

    // The shipped deck 'cards': choose it in the navigation, which opens its panel.
    await page
      .getByRole("navigation", { name: "Administration sections" })
      .getByText("cards", { exact: true })
      .click();
    const panel = page.locator("#admin-deck-cards");
    await panel.getByRole("heading", { name: "cards (ID cards)" }).waitFor();

    // The spreadsheet: rules, reverse rules and three cards (one of them excluded from print).
    const book = await buildWorkbook({
      data: [
        ["ID", "title", "body", "suit", "value", "__copies", "_exclude"],
        ["fox", "Red Fox", "Quick and sly", "hearts", 1, 2, null],
        ["owl", "Snowy Owl", "Wise", "spades", 2, 1, "x"],
        ["elk", "Great Elk", "Tall", "hearts", 3, 1, null],
      ],
      rules: [
        ["layer", "rule", "arg", "arg2", "condition"],
        ["title", "set_innerHTML", "{title}", null, null],
        ["text", "set_innerHTML", "{body}", null, null],
      ],
      rules_rev: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "Deck back"],
      ],
    });
    await panel.getByLabel("Spreadsheet for cards").setInputFiles({
      name: "cards.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: book,
    });
    await panel.getByText("Update success: 3 cards.").waitFor();
    // Before the .psd the viewer says what is missing.
    await panel.getByText("Deck info missing (missing .psd?)").waitFor();

    await panel.getByLabel("Photoshop file for cards").setInputFiles({
      name: "card.psd",
      mimeType: "image/vnd.adobe.photoshop",
      buffer: buildPsd(),
    });
    await panel.getByText(".psd updated").waitFor();
    await panel.getByText(`Card ${FIXTURE_CARD.w} x ${FIXTURE_CARD.h} px, 4 layers.`).waitFor();

    // The viewer shows the first card's text, then the next one's.
    const preview = panel.getByRole("region", { name: "Preview of cards" });
    await preview.getByText("Red Fox").waitFor();
    await preview.getByText("Quick and sly").waitFor();
    await preview.getByRole("button", { name: "Next" }).click();
    await preview.getByText("Snowy Owl").waitFor();
    await preview.getByRole("checkbox", { name: "rev" }).check();
    await preview.getByText("Deck back").waitFor();
    // Every card of the compact grid on one page: no id twice (labels and ARIA references need one).
    await preview.getByRole("checkbox", { name: "compact" }).check();
    const ids = await page.locator("[id]").evaluateAll((els) => els.map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    await preview.getByRole("checkbox", { name: "compact" }).uncheck();
  });

  it("prints and exports a PDF of its cards", async () => {
    const page = dee.page;
    const panel = page.locator("#admin-deck-cards");
    // A PDF: one page per printed card (two foxes and one elk; the owl is excluded), card-sized pages.
    const print = panel.getByRole("region", { name: "Print and PDF of cards" });
    await print.getByText("3 cards to print").waitFor();
    // The print preview window: every printed card, sized in millimetres, printing on its own.
    const [printWindow] = await Promise.all([
      page.waitForEvent("popup"),
      print.getByRole("button", { name: "Print preview" }).click(),
    ]);
    await printWindow.getByText("Great Elk").waitFor();
    expect(await printWindow.getByText("Red Fox").count()).toBe(2);
    expect(await printWindow.getByText("Snowy Owl").count()).toBe(0);
    await printWindow.close();

    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      print.getByRole("button", { name: "Export PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("cards.pdf");
    const pdf = await PDFDocument.load(readFileSync((await download.path()) as string));
    expect(pdf.getPageCount()).toBe(3);
    // 250 px wide: 250 x 0.08467 = 21.2, halved 10.6, rounded 11, doubled 22 mm; height keeps the ratio.
    const { width, height } = pdf.getPage(0).getSize();
    expect(width * MM_PER_POINT).toBeCloseTo(22, 1);
    expect(height * MM_PER_POINT).toBeCloseTo((22 * FIXTURE_CARD.h) / FIXTURE_CARD.w, 1);

    // The backs ('Save rev') come as a file of their own, not under the fronts' name.
    await print.getByRole("checkbox", { name: "Save rev" }).check();
    const [backs] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      print.getByRole("button", { name: "Export PDF" }).click(),
    ]);
    expect(backs.suggestedFilename()).toBe("cards-backs.pdf");
    expect((await PDFDocument.load(readFileSync((await backs.path()) as string))).getPageCount()).toBe(3);
    await print.getByRole("checkbox", { name: "Save rev" }).uncheck();
  });

  it("opens its linked spreadsheet at the sheet host the server fetches it from", async () => {
    const panel = dee.page.locator("#admin-deck-cards");
    const source = panel.getByRole("region", { name: "Source sheet of cards" });
    await source.getByLabel("Sheet id").fill("sheet-42");
    // The browser tests' server keeps the default host: the sheet's page at Google.
    expect(await panel.getByRole("link", { name: "Open the spreadsheet" }).getAttribute("href")).toBe(
      "https://docs.google.com/spreadsheets/d/sheet-42",
    );
    await source.getByLabel("Sheet id").fill("");
  });

  it("is dealt at a table of the card template; erased, its cards say which deck they cannot find", async () => {
    const page = dee.page;
    // A table of the card template, made in the project's lobby: a public sandbox starts at once and
    // deals those cards, drawn by the same card renderer.
    await page.goto(`${site.server.url}/projects/template-cards`);
    await page.getByRole("button", { name: "Create new table" }).first().click();
    await page.getByRole("heading", { name: "New table settings" }).waitFor();
    await page.getByRole("combobox", { name: "Table mode" }).click();
    await page.getByRole("option", { name: "Public Sandbox" }).click();
    await page.locator("form").getByRole("button", { name: "Create new table" }).click();
    await page.waitForURL("**/projects/template-cards/table/**");
    const board = page.getByRole("application", { name: "Game board" });
    await board.waitFor();
    // The sandbox creator acts for every seat and sees hands face down; as red, red's hand shows.
    await page.getByRole("combobox", { name: "Play as" }).click();
    await page.getByRole("option", { name: "red" }).click();
    await expect
      .poll(async () => {
        // biome-ignore lint/performance/useDomNodeTextContent: the drawn card text as a person reads it
        const text = await page.locator("main").innerText();
        return /Red Fox|Great Elk|Snowy Owl/.test(text);
      })
      .toBe(true);
    // The designer reloads the decks into the running table: one logged turn, the cards still drawn.
    await openTableSettings(page);
    await page.getByRole("button", { name: "Reload decks" }).click();
    await closeTableSettings(page);
    await page.getByRole("log", { name: "Game log lines" }).getByText("reloaded the decks").waitFor();
    await board.waitFor();
    // The deck erased, then reloaded into the table: its cards say which deck they cannot find.
    const erased = await page.request.post(`${site.server.url}/api/projects/template-cards/erase-deck`, {
      data: { deckId: "cards" },
    });
    expect(erased.status()).toBe(200);
    await openTableSettings(page);
    await page.getByRole("button", { name: "Reload decks" }).click();
    await closeTableSettings(page);
    await page.locator("main").getByText("Cannot find deck named cards").first().waitFor();
    expect(dee.errors).toEqual([]);
  });

  it("cannot be changed by a mod, who may add players but never designers", async () => {
    // A mod may add players, never designers: the page does not offer it and the server refuses it.
    await mo.page.goto(`${site.server.url}/projects/template-cards/admin`);
    const form = mo.page.getByRole("form", { name: "Add a member" });
    await form.getByRole("combobox", { name: "Role" }).click();
    const options = await mo.page.getByRole("option").allTextContents();
    expect(options).not.toContain("designer");
    await mo.page.keyboard.press("Escape");
    const refused = await mo.page.request.post(`${site.server.url}/api/projects/add-role/template-cards`, {
      data: { username: "deck_admin", roleName: "designer" },
    });
    expect(refused.status()).toBe(403);
    // The mod sees the decks but cannot change them.
    await mo.page.getByRole("heading", { name: "Decks" }).waitFor();
    expect(await mo.page.getByRole("button", { name: "Create deck" }).count()).toBe(0);
  });
});
