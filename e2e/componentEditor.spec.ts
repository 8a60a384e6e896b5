import type { Locator, Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// The component editor (admin-decks-editor.md sections 2, 4, 5, 8): a designer of the shipped
// template-board project edits its development components in the browser, and every change is read
// back from the server through GET /api/projects/{slug}/components?development=true.

const port = String(21000 + Math.floor(Math.random() * 20000));
const SLUG = "template-board";
const DEV = () => `${site.server.url}/api/projects/${SLUG}/components?development=true`;

type Tree = Record<string, Record<string, unknown>>;

const site = sharedSite({ PORT: port });
const { person } = site;

async function devTree(page: Page): Promise<Tree> {
  const res = await page.request.get(DEV());
  expect(res.status()).toBe(200);
  return ((await res.json()) as { components: Tree }).components;
}

async function openEditor(page: Page) {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await page.goto(`${site.server.url}/projects/${SLUG}/admin/component-editor`);
  await page.getByRole("heading", { name: `${SLUG} component editor` }).waitFor();
}

/** The border colour as [red, green, blue]. */
async function borderRgb(el: Locator): Promise<number[]> {
  const color = await el.evaluate((node) => getComputedStyle(node).borderTopColor);
  return (color.match(/\d+/g) ?? []).map(Number);
}

const saved = (page: Page) => page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();

let designer: Page;
let errors: string[];
let siteAdmin: Page;

describe("the component editor", () => {
  beforeAll(async () => {
    const admin = await person("ce_admin", "admin");
    const dee = await person("ce_dee");
    const res = await admin.page.request.post(`${site.server.url}/api/projects/add-role/${SLUG}`, {
      data: { username: "ce_dee", roleName: "designer" },
    });
    expect(res.status()).toBe(200);
    designer = dee.page;
    errors = dee.errors;
    siteAdmin = admin.page;
  });

  it("is opened from the administration page, and refused to someone who is not a designer", async () => {
    await designer.goto(`${site.server.url}/projects/${SLUG}/admin`);
    await designer.getByRole("link", { name: "Open component editor" }).click();
    await designer.getByRole("heading", { name: `${SLUG} component editor` }).waitFor();
    expect(await designer.title()).toContain("component editor");

    const player = await person("ce_player");
    await player.page.goto(`${site.server.url}/projects/${SLUG}/admin/component-editor`);
    await player.page
      .getByText("Only the project's designers and site admins can use the component editor.")
      .waitFor();
  });

  it("shows 'Loading images...' and 'Loading components...' until both have loaded, then the editor", async () => {
    // Both answers are held until the two messages have been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    const paths = ["**/components?development=true", `**/api/projects/${SLUG}/assets`];
    for (const path of paths) await designer.route(path, hold);
    await designer.goto(`${site.server.url}/projects/${SLUG}/admin/component-editor`);
    await designer.getByText("Loading images...").waitFor();
    await designer.getByText("Loading components...").waitFor();
    expect(await designer.getByRole("heading", { name: `${SLUG} component editor` }).count()).toBe(0);
    release();
    await designer.getByRole("heading", { name: `${SLUG} component editor` }).waitFor();
    await designer.getByRole("tree", { name: "Component tree" }).waitFor();
    expect(await designer.getByText("Loading components...").count()).toBe(0);
    expect(await designer.getByText("Loading images...").count()).toBe(0);
    for (const path of paths) await designer.unroute(path, hold);
  });

  it("says 'Failed to load data' when the load fails: an unknown project, or a server error", async () => {
    await siteAdmin.goto(`${site.server.url}/projects/no-such-project/admin/component-editor`);
    await siteAdmin.getByRole("alert").getByText("Failed to load data").waitFor();
    expect(await siteAdmin.getByRole("heading", { name: /component editor/ }).count()).toBe(0);

    const broken = (route: Route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal server error." });
    await designer.route("**/components?development=true", broken);
    await designer.goto(`${site.server.url}/projects/${SLUG}/admin/component-editor`);
    const alert = designer.getByRole("alert");
    await alert.getByText("Failed to load data").waitFor();
    await alert.getByText("Internal server error.").waitFor();
    // Not the refusal a non-designer gets.
    expect(await designer.getByText("Only the project's designers").count()).toBe(0);
    await designer.unroute("**/components?development=true", broken);
  });

  it("renames a piece and updates the accepts lists that name it", async () => {
    await openEditor(designer);
    const tree = designer.getByRole("tree", { name: "Component tree" });
    await tree.getByRole("treeitem", { name: "stone-red", exact: true }).click();
    await designer.getByText("Selected: stone-red").waitFor();

    // Names breaking a rule of section 5 keep the button disabled and say why.
    const newName = designer.getByLabel("New name for stone-red");
    const rename = designer.getByRole("button", { name: "Rename", exact: true });
    await newName.fill("ab");
    await designer.getByText("At least 3 characters").first().waitFor();
    expect(await rename.isDisabled()).toBe(true);
    await newName.fill("positions");
    await designer.getByText("Name is reserved").waitFor();
    expect(await rename.isDisabled()).toBe(true);
    await newName.fill("stone-blue");
    await designer.getByText("Name already exists").waitFor();
    expect(await rename.isDisabled()).toBe(true);

    await newName.fill("pebble-red");
    await rename.click();
    await designer.getByText("Selected: pebble-red").waitFor();
    await tree.getByRole("treeitem", { name: "pebble-red", exact: true }).waitFor();
    await saved(designer);

    const after = await devTree(designer);
    expect(after["stone-red"]).toBeUndefined();
    expect(after["pebble-red"]).toMatchObject({ image: "stone-red.svg" });
    // The board's positions are conditional (by board size): both branches follow the rename.
    const positions = after.board?.positions as {
      defaultResult: { grid: { accepts: string[] } };
      conditionalResults: { result: { grid: { accepts: string[] } } }[];
    };
    for (const accepts of [
      positions.defaultResult.grid.accepts,
      ...positions.conditionalResults.map((r) => r.result.grid.accepts),
    ]) {
      expect(accepts).toContain("pebble-red");
      expect(accepts).not.toContain("stone-red");
    }

    // Root cannot be renamed or deleted.
    await tree.getByRole("treeitem", { name: "root", exact: true }).click();
    await designer.getByText("root cannot be renamed or deleted.").waitFor();
    expect(await designer.getByRole("button", { name: "Delete root" }).isDisabled()).toBe(true);
  });

  it("moves through the tree with the keyboard", async () => {
    await openEditor(designer);
    const tree = designer.getByRole("tree", { name: "Component tree" });
    await tree.getByRole("treeitem", { name: "board", exact: true }).click();
    await designer.keyboard.press("ArrowUp");
    await designer.keyboard.press("ArrowLeft");
    // The Pieces group closed: its pieces are gone from the tree.
    await tree.getByRole("treeitem", { name: "board", exact: true }).waitFor({ state: "detached" });
    await designer.keyboard.press("ArrowRight");
    await designer.keyboard.press("ArrowRight");
    await designer.keyboard.press("ArrowDown");
    await designer.keyboard.press("Enter");
    await designer.getByText("Selected: pebble-red").waitFor();
  });

  it("adds a piece only under a valid name, and deletes it after 'Confirm deletion?'", async () => {
    await openEditor(designer);
    const tree = designer.getByRole("tree", { name: "Component tree" });
    const name = designer.getByLabel("New piece name");
    const add = designer.getByRole("button", { name: "Add piece" });
    // Each refused name keeps Add disabled and says why beside it (sections 5 and 3).
    for (const [bad, reason] of [
      ["ab", "At least 3 characters"],
      ["__x", 'Cannot start with "__"'],
      ["accepts", "Name is reserved"],
      ["tray", "Name already exists"],
      ["deck-extra", 'Names starting with "deck-" belong to decks'],
      ["baseScale", "version, baseScale and dims are settings of the tree"],
    ] as const) {
      await name.fill(bad);
      await designer.getByRole("form", { name: "Add a piece" }).getByText(reason, { exact: true }).waitFor();
      expect(await add.isDisabled()).toBe(true);
    }
    await name.fill("meeple");
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await designer.getByText("Selected: meeple").waitFor();
    await tree.getByRole("treeitem", { name: "meeple", exact: true }).waitFor();
    await saved(designer);
    expect((await devTree(designer)).meeple).toEqual({});

    // Cancel keeps it.
    await designer.getByRole("button", { name: "Delete meeple" }).click();
    const confirm = designer.getByRole("dialog", { name: "Confirm deletion?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await tree.getByRole("treeitem", { name: "meeple", exact: true }).waitFor();

    await designer.getByRole("button", { name: "Delete meeple" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await tree.getByRole("treeitem", { name: "meeple", exact: true }).waitFor({ state: "detached" });
    await designer.getByText("Selected: root").waitFor();
    await saved(designer);
    // Gone after a reload too.
    await designer.reload();
    await tree.getByRole("treeitem", { name: "tray", exact: true }).waitFor();
    expect(await tree.getByRole("treeitem", { name: "meeple", exact: true }).count()).toBe(0);
    expect(Object.hasOwn(await devTree(designer), "meeple")).toBe(false);
  });

  it("adds a position by clicking the canvas, saves it, and a table bound to the editor draws it at once", async () => {
    // A sandbox table of the project, open beside the editor and bound to it from its settings.
    const create = await designer.request.post(`${site.server.url}/api/projects/${SLUG}/new-table`, {
      data: { start_position: { options: {}, playerColors: ["red", "blue"] }, tableMode: "public-sandbox" },
    });
    expect(create.status()).toBe(200);
    const { tableId } = (await create.json()) as { tableId: string };
    const table = await designer.context().newPage();
    await table.setViewportSize({ width: 1500, height: 1000 });
    await table.goto(`${site.server.url}/projects/${SLUG}/table/${tableId}`);
    await table.getByRole("region", { name: "red player area" }).waitFor();
    await table.getByRole("button", { name: "Table menu" }).click();
    await table.getByRole("menuitem", { name: "Table settings" }).click();
    await table.getByRole("button", { name: "Bind table to editor" }).click();
    await table.getByRole("button", { name: "Unbind table from editor" }).waitFor();
    await table.keyboard.press("Escape");

    await openEditor(designer);
    await designer.getByRole("treeitem", { name: "tray", exact: true }).click();
    await designer.getByRole("button", { name: "Edit positions" }).click();
    const dialog = designer.getByRole("dialog", { name: /Positions: positions of tray/ });
    await dialog.getByText("Coordinates of supply").waitFor();
    // The supply spreads its stones round its first coordinate while it is multi; as a plain list it
    // puts one stone on each coordinate, so the table shows where the new one is.
    await dialog.getByRole("button", { name: "Edit position set supply" }).click();
    const setCard = dialog.getByRole("region", { name: "Editing position set supply" });
    await setCard.getByRole("checkbox", { name: "Multi", exact: true }).uncheck();
    await setCard.getByRole("button", { name: "Save position set supply" }).click();
    await dialog.getByRole("region", { name: "Position set supply" }).getByText("Multi: no").waitFor();

    // The tray is 420 x 140 and fits 560 px wide at zoom 1: a canvas pixel is 0.75 units, so the click
    // lands near (75, 39); the sub-pixel position of the canvas decides the last unit.
    await dialog.getByRole("button", { name: /Positions canvas/ }).click({ position: { x: 100, y: 52 } });
    const coords = dialog.getByRole("table", { name: "Coordinates" });
    const added = coords
      .getByRole("row")
      .filter({ has: designer.getByRole("cell", { name: "1", exact: true }) });
    await added.waitFor();
    const id = (await added.getByRole("cell", { name: /^-?\d+:-?\d+$/ }).textContent()) ?? "";
    const [x, y] = id.split(":").map(Number) as [number, number];
    expect(Math.abs(x - 75)).toBeLessThanOrEqual(1);
    expect(Math.abs(y - 39)).toBeLessThanOrEqual(1);

    await dialog.getByRole("button", { name: "Save and Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await saved(designer);
    const trayPiece = (await devTree(designer)).tray as {
      positions: { supply: { coords: unknown[]; multi?: boolean } };
    };
    expect(trayPiece.positions.supply.coords).toEqual([
      { x: 210, y: 70 },
      { x, y },
    ]);
    // Unchecked, the property goes (its default is false).
    expect(trayPiece.positions.supply.multi).toBeUndefined();

    // The bound table took the development components at the save, without a reload of the page: a
    // stone of red's supply is now drawn centred on the new coordinate of red's tray.
    const stoneAtNewCoordinate = () =>
      table.evaluate(
        ([px, py]) => {
          const tray = document.querySelector('[data-component-id="area-red"]');
          if (!tray) return false;
          const box = tray.getBoundingClientRect();
          const at = { x: box.left + (px * box.width) / 420, y: box.top + (py * box.height) / 140 };
          return [...tray.querySelectorAll('[data-component-name="stone-red"]')].some((stone) => {
            const s = stone.getBoundingClientRect();
            return Math.abs(s.left + s.width / 2 - at.x) < 2 && Math.abs(s.top + s.height / 2 - at.y) < 2;
          });
        },
        [x, y] as const,
      );
    await expect.poll(stoneAtNewCoordinate, { timeout: 20_000 }).toBe(true);
    await table.getByRole("region", { name: "red player area" }).waitFor();
    await table.close();
  });

  it("names the controls that add a position: the 'Add coordinate' button and the canvas by its caption", async () => {
    await openEditor(designer);
    await designer.getByRole("treeitem", { name: "tray", exact: true }).click();
    await designer.getByRole("button", { name: "Edit positions" }).click();
    const dialog = designer.getByRole("dialog", { name: /Positions: positions of tray/ });
    await dialog.getByText("Coordinates of supply").waitFor();
    // The canvas draws only the keys of its coordinates ('0'): its name is the caption shown under it.
    const caption = "Positions canvas: click to add a coordinate to supply";
    await dialog.getByText(caption, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: caption, exact: true }).waitFor();

    const before = (await devTree(designer)).tray as { positions: { supply: { coords: unknown[] } } };
    const count = before.positions.supply.coords.length;
    const add = dialog.getByRole("button", { name: "Add coordinate to supply", exact: true });
    expect(await add.textContent()).toMatch(/^Add coordinate/);
    await add.click();
    // The tray's centre (210, 70) holds the first coordinate: the new one takes the nearest free point
    // of a grid a tenth of the tray (42 x 14) round it.
    const row = dialog
      .getByRole("table", { name: "Coordinates" })
      .getByRole("row")
      .filter({ has: designer.getByRole("cell", { name: "168:56", exact: true }) });
    await row.getByRole("button", { name: `Remove coordinate ${count}` }).waitFor();
    await dialog.getByRole("button", { name: "Save and Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const tray = (await devTree(designer)).tray as { positions: { supply: { coords: unknown[] } } };
        return tray.positions.supply.coords;
      })
      .toEqual([...before.positions.supply.coords, { x: 168, y: 56 }]);
  });

  it("adds a clickable area, saved with its numbers", async () => {
    await openEditor(designer);
    await designer.getByRole("treeitem", { name: "tray", exact: true }).click();
    await designer.getByRole("button", { name: "Edit clickable areas" }).click();
    const dialog = designer.getByRole("dialog", { name: /Clickable areas/ });
    await dialog.getByRole("button", { name: "Add area" }).click();
    const card = dialog.getByRole("region", { name: "Editing clickable area new-area-1" });
    const save = card.getByRole("button", { name: "Save area new-area-1" });
    // Nothing changed yet: nothing to save.
    expect(await save.isDisabled()).toBe(true);
    await card.getByLabel("Name").fill("");
    await card.getByText("Name cannot be empty").waitFor();
    await card.getByLabel("Name").fill("pile");
    await card.getByLabel("Width").fill("120");
    await save.click();
    await dialog
      .getByRole("region", { name: "Clickable area pile" })
      .getByText("left 0, top 0, width 120, height 100")
      .waitFor();
    await dialog.getByRole("button", { name: "Save and Close" }).click();
    await saved(designer);
    expect((await devTree(designer)).tray?.clickableAreas).toEqual({
      pile: { left: 0, top: 0, width: 120, height: 100 },
    });
  });

  it("previews the clip path and the filter live as they are typed, and stores them on Save and Close", async () => {
    await openEditor(designer);
    await designer.getByRole("treeitem", { name: "stone-blue", exact: true }).click();
    for (const [button, field, preview, property, first, second] of [
      ["Edit clip path", "Clip path", "Preview of the clip path", "clipPath", "circle(50%)", "inset(10px)"],
      ["Edit filter", "Filter", "Preview of the filter", "filter", "grayscale(1)", "blur(2px)"],
    ] as const) {
      await designer.getByRole("button", { name: button }).click();
      const dialog = designer.getByRole("dialog", { name: new RegExp(`^${field}: `) });
      const shown = dialog.getByRole("img", { name: preview });
      const style = () => shown.evaluate((el, p) => getComputedStyle(el)[p], property);
      expect(await style()).toBe("none");
      await dialog.getByRole("textbox", { name: field }).fill(first);
      await expect.poll(style).toBe(first);
      await dialog.getByRole("textbox", { name: field }).fill(second);
      await expect.poll(style).toBe(second);
      await dialog.getByRole("button", { name: "Save and Close" }).click();
      await dialog.waitFor({ state: "detached" });
      await saved(designer);
      expect((await devTree(designer))["stone-blue"]?.[property]).toBe(second);
    }
  });

  it("turns a value with one result back into a plain value when its last check is removed", async () => {
    await openEditor(designer);
    await designer.getByRole("treeitem", { name: "board", exact: true }).click();
    await designer.getByRole("button", { name: "Conditions (1) of width" }).click();
    const dialog = designer.getByRole("dialog", { name: "Conditions of width (board)" });
    await dialog.getByText("Result 0: applies when every check holds").waitFor();
    // An index past the results says so.
    await dialog.getByLabel("Result index").fill("3");
    await dialog.getByText("Error: Selected result not found").waitFor();
    await dialog.getByLabel("Result index").fill("0");
    await dialog.getByLabel("Remove check size").click();
    await dialog.getByText("Unconditional value").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await saved(designer);
    expect((await devTree(designer)).board?.width).toBe(540);
  });

  it("shows invalid JSON in red and does not save it; valid JSON saves on blur", async () => {
    await openEditor(designer);
    const before = await devTree(designer);
    await designer.getByRole("tab", { name: "Raw JSON" }).click();
    const text = designer.getByRole("textbox", { name: "Component tree JSON" });
    const frame = designer.locator("[data-valid]");
    await frame.waitFor();
    expect(await frame.getAttribute("data-valid")).toBe("true");
    const [r0, g0] = await borderRgb(frame);
    expect(g0).toBeGreaterThan(r0 as number);

    await text.click();
    await designer.keyboard.press("ControlOrMeta+a");
    await designer.keyboard.insertText('{"root": {}, "oops": ');
    // Checked every 1500 ms: red border and the reason.
    await designer.getByText(/Invalid JSON, not saved/).waitFor({ timeout: 5000 });
    expect(await frame.getAttribute("data-valid")).toBe("false");
    const [r1, g1] = await borderRgb(frame);
    expect(r1).toBeGreaterThan(g1 as number);
    // Leaving the editor (blur) does not save invalid text.
    await designer.getByRole("heading", { name: `${SLUG} component editor` }).click();
    await designer.waitForTimeout(1200);
    expect(await devTree(designer)).toEqual(before);

    await text.click();
    await designer.keyboard.press("ControlOrMeta+a");
    await designer.keyboard.insertText(JSON.stringify({ ...before, baseScale: 2.5 }));
    await designer.getByText(/Valid JSON/).waitFor({ timeout: 5000 });
    await designer.getByRole("heading", { name: `${SLUG} component editor` }).click();
    await saved(designer);
    expect((await devTree(designer)).baseScale).toBe(2.5);
  });

  it("asks before an in-app link leaves changes that are being saved or failed to save", async () => {
    await openEditor(designer);
    const before = await devTree(designer);
    const leave = designer.getByRole("dialog", { name: "Leave the component editor?" });
    const help = designer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help" });
    const onEditor = async () => {
      await designer.getByRole("heading", { name: `${SLUG} component editor` }).waitFor();
      expect(new URL(designer.url()).pathname).toBe(`/projects/${SLUG}/admin/component-editor`);
    };

    // A save under way: held by the test until it says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holdSaves = async (route: Route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    };
    await designer.route("**/components?development=true", holdSaves);
    await designer.getByLabel("Base scale value").fill("3.5");
    await designer.getByRole("status").filter({ hasText: "Saving..." }).waitFor();
    await help.click();
    await leave.getByText("A save is still under way and may fail.").waitFor();
    await leave.getByRole("button", { name: "Stay" }).click();
    await leave.waitFor({ state: "detached" });
    await onEditor();
    release();
    await saved(designer);
    await designer.unroute("**/components?development=true", holdSaves);
    expect((await devTree(designer)).baseScale).toBe(3.5);

    // A failed save: 'Save and leave' tries again and stays while the server cannot be reached.
    const blockSaves = (route: Route) =>
      route.request().method() === "POST" ? route.abort() : route.continue();
    await designer.route("**/components?development=true", blockSaves);
    await designer.getByLabel("Base scale value").fill("4");
    await designer.getByRole("status").filter({ hasText: "Failed to save data" }).waitFor();
    await help.click();
    await leave.getByText("The last save failed: your changes are only in this page.").waitFor();
    await leave.getByRole("button", { name: "Save and leave" }).click();
    await leave.getByText("Failed to save data: you are still in the editor.").waitFor();
    // (The open dialog hides the page behind it from the accessibility tree: the address tells.)
    expect(new URL(designer.url()).pathname).toBe(`/projects/${SLUG}/admin/component-editor`);
    await designer.unroute("**/components?development=true", blockSaves);
    await leave.getByRole("button", { name: "Save and leave" }).click();
    await designer.getByRole("heading", { name: "How to use" }).waitFor();
    expect(new URL(designer.url()).pathname).toBe("/about");
    expect(await devTree(designer)).toEqual({ ...before, baseScale: 4 });

    // With everything saved, links leave without a question.
    await openEditor(designer);
    await designer.getByRole("link", { name: "Administration" }).click();
    await designer.waitForURL(`**/projects/${SLUG}/admin`);
    await designer.getByRole("link", { name: "Open component editor" }).waitFor();
    expect(await leave.count()).toBe(0);
  });

  it("warns before leaving while a change is not saved", async () => {
    await openEditor(designer);
    // The server cannot be reached for saves: the change stays unsaved.
    const blockSaves = (route: Route) =>
      route.request().method() === "POST" ? route.abort() : route.continue();
    await designer.route("**/components?development=true", blockSaves);
    await designer.getByLabel("Base scale value").fill("3");
    await designer.getByRole("status").filter({ hasText: "Failed to save data" }).waitFor();

    const dialog = designer.waitForEvent("dialog");
    void designer.close({ runBeforeUnload: true });
    const prompt = await dialog;
    expect(prompt.type()).toBe("beforeunload");
    await prompt.dismiss();

    // Still on the page with the change: once saves get through again it is stored.
    await designer.unroute("**/components?development=true", blockSaves);
    await designer.getByRole("button", { name: "Retry saving" }).click();
    await saved(designer);
    expect((await devTree(designer)).baseScale).toBe(3);
    expect(errors).toEqual([]);
  });
});
