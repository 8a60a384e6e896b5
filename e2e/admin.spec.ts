import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPsd } from "../packages/server/test/fixtures/psdFixture";
import { buildWorkbook } from "../packages/server/test/fixtures/xlsxFixture";
import { launchBrowser, type RunningServer, startServer, watchPageErrors } from "./harness";

// The project administration page by role (admin-decks-editor.md sections 2, 4, 5, 6, 8): what players,
// outsiders, mods and designers see and do there, through the page as a person uses it. Statuses that
// last only while a call is under way are caught by holding that call until they have been seen.

const SLUG = "template-cards";
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Record<"admin" | "dee" | "mo" | "pat" | "olly", Page> = {} as never;
const errors: string[][] = [];

/**
 * A person at their own computer, registered with `code` and logged in. The codes come from the site
 * admin (the first start's code, then codes minted on the page's API), which is quicker than the
 * operator's command for each.
 */
async function person(name: string, code: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1300, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  errors.push(watchPageErrors(page));
  for (const [path, data] of [
    [
      "/api/registerUser",
      { userName: name, userPassword: "password one!", inviteCode: code, email: `${name}@example.test` },
    ],
    ["/api/login", { userName: name, userPassword: "password one!" }],
  ] as const) {
    const res = await page.request.post(`${server.url}${path}`, { data });
    if (res.status() !== 200) throw new Error(`${path} ${name}: ${await res.text()}`);
  }
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_PER_IP: "1000" }), launchBrowser()]);
  pages.admin = await person("adm_admin", server.adminInvite);
  const minted = await pages.admin.request.post(`${server.url}/api/invitations`, { data: { count: 4 } });
  const codes = ((await minted.json()) as { code: string }[]).map((i) => i.code);
  const others = ["dee", "mo", "pat", "olly"] as const;
  await Promise.all(
    others.map(async (key, i) => {
      pages[key] = await person(`adm_${key}`, codes[i]!);
    }),
  );
  for (const [username, roleName] of [
    ["adm_dee", "designer"],
    ["adm_mo", "mod"],
    ["adm_pat", "player"],
  ]) {
    const res = await pages.admin.request.post(`${server.url}/api/projects/add-role/${SLUG}`, {
      data: { username, roleName },
    });
    if (res.status() !== 200) throw new Error(`add-role ${username}: ${await res.text()}`);
  }
});
afterAll(async () => {
  // No page may have crashed along the way.
  expect(errors.flat()).toEqual([]);
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

async function openAdmin(page: Page, slug = SLUG) {
  await page.goto(`${server.url}/projects/${slug}/admin`);
}

/** Holds the next request whose URL contains `part` until the answer is called. */
async function hold(page: Page, part: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route(
    (url) => url.pathname.includes(part),
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** A section of the page, by its title. */
const section = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

/** A 2 x 1 PNG. */
const PNG_2X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGBkAAB0GAf/fCq4SAAAAAElFTkSuQmCC",
  "base64",
);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("the project administration page", () => {
  it("says 'Project not found' for a project that does not exist", async () => {
    await openAdmin(pages.olly, "no-such-game");
    await pages.olly.getByRole("alert").getByText("Project not found").waitFor();
    expect(await pages.olly.getByRole("heading", { name: "no-such-game administration" }).count()).toBe(0);
  });

  it("shows a player the description, visibility and roles, without forms or advanced sections", async () => {
    const page = pages.pat;
    await openAdmin(page);
    await page.getByRole("heading", { name: `${SLUG} administration` }).waitFor();
    await section(page, "Description").getByText("A small, complete card game to copy").waitFor();
    await page.getByText("Visibility: public").waitFor();
    const roles = section(page, "Visibility and roles");
    await roles.getByText("adm_dee").waitFor();
    await roles.getByText("adm_pat").waitFor();
    // Read only: no editor, no select, no add form, no remove buttons.
    const main = page.getByRole("main");
    expect(await main.getByRole("textbox").count()).toBe(0);
    expect(await main.getByRole("combobox").count()).toBe(0);
    expect(await page.getByRole("form", { name: "Add a member" }).count()).toBe(0);
    expect(await page.getByTitle(/^Remove /).count()).toBe(0);
    for (const title of [
      "Feedback form",
      "Options",
      "Danger zone",
      "Game implementation",
      "Global assets",
      "Data sheet",
      "Decks",
    ]) {
      expect(await page.getByRole("heading", { name: title, exact: true }).count(), title).toBe(0);
    }
    const nav = page.getByRole("navigation", { name: "Administration sections" });
    expect(await nav.getByRole("button").allTextContents()).toEqual([
      "Top",
      "Description",
      "Visibility and roles",
    ]);
  });

  it("lets a mod close the project ('Update success!'), after which an outsider finds no project", async () => {
    const page = pages.mo;
    await openAdmin(page);
    await page.getByRole("heading", { name: "Danger zone" }).waitFor();
    // The component editor refuses mods: the page does not offer it.
    await section(page, "Game implementation")
      .getByText("The project's designers and site admins maintain the game implementation.")
      .waitFor();
    expect(await page.getByRole("link", { name: "Open component editor" }).count()).toBe(0);

    // The role form: either field is enough; with neither, nothing to send.
    const form = page.getByRole("form", { name: "Add a member" });
    await form.getByText("One of these fields is sufficient").waitFor();
    const add = form.getByRole("button", { name: "Add" });
    expect(await add.isDisabled()).toBe(true);
    await form.getByRole("textbox", { name: "User name" }).fill("adm_nobody");
    await add.click();
    await page.getByText("User adm_nobody not found.").waitFor();

    await page.getByRole("combobox", { name: "Visibility" }).click();
    await page.getByRole("option", { name: "closed" }).click();
    await page.getByText("Update success!").waitFor();

    await openAdmin(pages.olly);
    await pages.olly.getByRole("alert").getByText("Project not found").waitFor();
    // A member still opens it.
    await openAdmin(pages.pat);
    await pages.pat.getByText("Visibility: closed").waitFor();
  });

  it("lets a designer edit options: 'Unsaved changes' until saved", async () => {
    const page = pages.dee;
    await openAdmin(page);
    const options = section(page, "Options");
    await options.getByRole("textbox", { name: "New option name" }).fill("pace");
    await options.getByRole("button", { name: "Add option" }).click();
    const card = options.getByRole("group", { name: "Option pace" });
    await card.getByRole("textbox", { name: "Display name" }).fill("Pace");
    await options.getByRole("status").getByText("Unsaved changes").waitFor();
    await card.getByRole("button", { name: "Save option" }).click();
    await card.getByText("Update success!").waitFor();
    await options.getByRole("status").getByText("Unsaved changes").waitFor({ state: "detached" });
    await section(page, "Game implementation").getByRole("link", { name: "Open component editor" }).waitFor();
  });

  it("lets a designer upload a global asset and erase it after 'Confirm deletion?'", async () => {
    const page = pages.dee;
    const assets = section(page, "Global assets");
    await assets.getByText("No global assets yet.").waitFor();
    const release = await hold(page, "/upload-assets");
    await assets.getByLabel("Images to upload").setInputFiles({
      name: "gem.png",
      mimeType: "image/png",
      buffer: PNG_2X1,
    });
    await assets.getByText("Uploading...").waitFor();
    await assets.getByRole("progressbar", { name: "Upload progress" }).waitFor();
    release();
    await assets.getByText("Upload success").waitFor();
    await assets.getByRole("img", { name: "gem.png" }).waitFor();
    await assets.getByRole("button", { name: "Erase gem.png" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm deletion?" });
    await dialog.getByRole("button", { name: "Erase" }).click();
    await assets.getByText("No global assets yet.").waitFor();
  });

  it("lets a designer update the data sheet: 'Updating...' or 'Uploading...', then the server's text", async () => {
    const page = pages.dee;
    const sheet = section(page, "Data sheet");
    const book = await buildWorkbook({
      data: [
        ["ID", "name"],
        ["a", "Apple"],
        ["b", "Bread"],
      ],
    });
    let release = await hold(page, "/upload-data-sheet/");
    await sheet
      .getByLabel("Data sheet .xlsx file")
      .setInputFiles({ name: "data.xlsx", mimeType: XLSX, buffer: book });
    await sheet.getByText("Uploading...").waitFor();
    release();
    await sheet.getByText("Upload success").waitFor();
    await sheet.getByText("data: 2 rows").waitFor();

    release = await hold(page, "/update-data-sheet/");
    await sheet.getByRole("button", { name: "Update from linked sheet" }).click();
    await sheet.getByText("Updating...").waitFor();
    release();
    await sheet.getByText("Update success").waitFor();
  });

  it("lets a designer create a deck and fill it: sheet, .psd (a broken one first), assets, viewer", async () => {
    const page = pages.dee;
    const decks = section(page, "Decks");
    await decks.getByRole("textbox", { name: "New deck name" }).fill("Spells");
    let release = await hold(page, "/create-deck/");
    await decks.getByRole("button", { name: "Create deck" }).click();
    await decks.getByText("Creating deck...").waitFor();
    release();
    await decks.getByText("Deck Spells created.").waitFor();
    // The new deck's panel opens, titled with its name and id, and has its navigation entry.
    await decks.getByRole("heading", { name: /^Spells \(ID [0-9a-f]+\)$/ }).waitFor();
    await page.getByRole("navigation", { name: "Administration sections" }).getByText("Spells").waitFor();

    const book = await buildWorkbook({
      data: [
        ["ID", "title", "body"],
        ["fox", "Red Fox", "Quick"],
        ["bad", "Broken", "Gain [coin"],
        ["elk", "Great Elk", "Tall"],
      ],
      rules: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "{title}"],
        ["text", "set_innerHTML", "{body}"],
      ],
    });
    await decks
      .getByLabel("Spreadsheet for Spells")
      .setInputFiles({ name: "s.xlsx", mimeType: XLSX, buffer: book });
    await decks.getByText("Update success: 3 cards.").waitFor();

    const psd = decks.getByRole("region", { name: "Source .psd of Spells" });
    await psd.getByLabel("Photoshop file for Spells").setInputFiles({
      name: "broken.psd",
      mimeType: "image/vnd.adobe.photoshop",
      buffer: Buffer.from("8BPS this is no Photoshop file"),
    });
    await psd.getByText("Upload error: The file is not a readable .psd file.").waitFor();
    await psd.getByLabel("Photoshop file for Spells").setInputFiles({
      name: "card.psd",
      mimeType: "image/vnd.adobe.photoshop",
      buffer: buildPsd(),
    });
    await psd.getByText(".psd updated").waitFor();

    const assets = decks.getByRole("region", { name: "Assets of Spells" });
    release = await hold(page, "/update-deck-assets/");
    await assets.getByLabel("Assets for Spells").setInputFiles({
      name: "coin.png",
      mimeType: "image/png",
      buffer: PNG_2X1,
    });
    await assets.getByText("Loading assets...").waitFor();
    release();
    await assets.getByText("assets updated").waitFor();
    await assets.getByRole("img", { name: "coin.png" }).waitFor();

    // The viewer: the second card's text is malformed, and says so on the card without debug.
    const preview = decks.getByRole("region", { name: "Preview of Spells" });
    await preview.getByText("Red Fox").waitFor();
    await preview.getByRole("button", { name: "Next" }).click();
    await preview.getByText("Malformed icon variable text.").waitFor();
    await preview.getByText("Gain [coin").waitFor();
    expect(await preview.getByRole("list", { name: "Card errors" }).count()).toBe(0);
    // Debug: the layers' names and the card's error list.
    await preview.getByRole("checkbox", { name: "debug" }).check();
    await preview
      .getByRole("list", { name: "Card errors" })
      .getByText("Malformed icon variable text.")
      .waitFor();
    await preview.getByRole("checkbox", { name: "debug" }).uncheck();
    // Compact: every card at once; choosing one shows it alone again.
    await preview.getByRole("checkbox", { name: "compact" }).check();
    for (const id of ["fox", "bad", "elk"])
      await preview.getByRole("button", { name: id, exact: true }).waitFor();
    await preview.getByRole("button", { name: "elk", exact: true }).click();
    expect(await preview.getByRole("checkbox", { name: "compact" }).isChecked()).toBe(false);
    await preview.getByText("Great Elk").waitFor();
    expect(await preview.getByRole("button", { name: "fox", exact: true }).count()).toBe(0);
  });
});
