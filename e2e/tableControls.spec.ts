import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { move, piece, ready, square, standsOn, startedChess } from "./chess";
import {
  closeTableSettings,
  launchBrowser,
  openTableSettings,
  type RunningServer,
  signedInPerson,
  startServer,
} from "./harness";

// The table's controls beyond plain turns (game-table.md sections 2, 4-7 and 9): undo, the keyboard,
// the settings panel and what it stores, the zoom lens, replay and its links, debug tables, invite
// links, restart and bind, and who may use which.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_PER_IP: "1000" }), launchBrowser()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

async function person(name: string, role = "user") {
  const p = await signedInPerson(browser, server, name, role);
  contexts.push(p.context);
  return p;
}

type Person = Awaited<ReturnType<typeof person>>;

/** Two people at a started chess table, as white and black. */
async function chessPair(a: Person, b: Person, tableMode?: string) {
  const { tableId, white } = await startedChess(server, a.page, b.page, tableMode);
  const [w, bl] = white === "red" ? [a, b] : [b, a];
  const url = `${server.url}/projects/chess/table/${tableId}`;
  for (const p of [w, bl]) {
    await p.page.goto(url);
    await piece(p.page, "white-pawn-e2").waitFor();
    await ready(p.page);
  }
  return { tableId, url, white: w, black: bl };
}

const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const logLines = (page: Page) => page.getByRole("log", { name: "Game log lines" });

describe("table controls", () => {
  it("undoes the player's own turn and refuses another's; the keyboard does what the spec says", {
    timeout: 120_000,
  }, async () => {
    const { white, black } = await chessPair(await person("ctl_ann"), await person("ctl_ben"));

    await move(white.page, "white-pawn-e2", "e4");
    await standsOn(black.page, "white-pawn-e2", "e4");
    // Black may not take back White's move; White may, and both boards go back.
    await ready(black.page);
    await black.page.getByRole("button", { name: "Undo" }).click();
    await alertWith(black.page, "Cannot undo someone else's turn").waitFor();
    await ready(white.page);
    await white.page.getByRole("button", { name: "Undo" }).click();
    await standsOn(white.page, "white-pawn-e2", "e2");
    await standsOn(black.page, "white-pawn-e2", "e2");
    // Nothing stays selected: the next move works with two clicks.
    expect(await piece(white.page, "white-pawn-e2").getAttribute("data-selected")).toBeNull();
    await move(white.page, "white-pawn-e2", "e3");
    await standsOn(black.page, "white-pawn-e2", "e3");

    const page = black.page;
    await ready(page);
    // Escape deselects; clicking a piece selects it first.
    await piece(page, "black-pawn-e7").click();
    await expect.poll(() => piece(page, "black-pawn-e7").getAttribute("data-selected")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => piece(page, "black-pawn-e7").getAttribute("data-selected")).toBeNull();

    // l hides and shows the log; Enter opens the chat, and typed keys go to the message, not to hotkeys.
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("l");
    await logLines(page).waitFor({ state: "hidden" });
    await page.keyboard.press("l");
    await logLines(page).waitFor();
    await page.keyboard.press("Enter");
    await expect
      .poll(() =>
        page.evaluate(
          () => (document.activeElement as HTMLInputElement | null)?.closest("section")?.ariaLabel,
        ),
      )
      .toBe("Chat");
    await page.keyboard.type("e is for elephant");
    await page.keyboard.press("Enter");
    await white.page.getByRole("log", { name: "Chat messages" }).getByText("e is for elephant").waitFor();
    expect(await page.getByRole("switch", { name: "Edit mode" }).isChecked()).toBe(false);

    // e toggles edit mode (the page has the keyboard again after a click on empty space).
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("e");
    await expect.poll(() => page.getByRole("switch", { name: "Edit mode" }).isChecked()).toBe(true);
    await page.keyboard.press("e");
    await expect.poll(() => page.getByRole("switch", { name: "Edit mode" }).isChecked()).toBe(false);

    // g pings where the pointer is: the other player sees the marker.
    const box = await square(page, "d5").boundingBox();
    if (!box) throw new Error("no d5");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press("g");
    await white.page.locator("[data-ping]").first().waitFor();

    // r reloads the table's components from the server.
    const reloaded = page.waitForRequest((r) => r.url().includes("/api/table-open/"));
    await page.keyboard.press("r");
    await reloaded;

    // Alt or z held shows the zoom lens; Alt + wheel changes its scale.
    const lens = page.locator("[data-zoom-lens]");
    await page.keyboard.down("z");
    await lens.waitFor();
    await page.keyboard.up("z");
    await lens.waitFor({ state: "hidden" });
    await page.keyboard.down("Alt");
    await lens.waitFor();
    expect(await lens.getAttribute("data-lens-scale")).toBe("2.5");
    await page.mouse.wheel(0, -100);
    await expect.poll(() => lens.getAttribute("data-lens-scale")).toBe("2.6");
    await page.keyboard.up("Alt");
    await lens.waitFor({ state: "hidden" });

    // Ctrl with + grows the board by 3 %, Ctrl with - shrinks it back.
    const board = page.getByRole("application", { name: "Game board" });
    const width = async () => (await board.boundingBox())?.width ?? 0;
    const before = await width();
    await page.keyboard.press("Control+=");
    await expect.poll(async () => Math.round(((await width()) / before) * 100)).toBe(103);
    await page.keyboard.press("Control+-");
    await expect.poll(async () => Math.round(((await width()) / before) * 100)).toBe(100);
    // Ctrl + wheel does the same, and the browser's own zoom stays out of it.
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -100);
    await page.keyboard.up("Control");
    await expect.poll(async () => Math.round(((await width()) / before) * 100)).toBe(103);
    expect(white.errors).toEqual([]);
    expect(black.errors).toEqual([]);
  });

  it("flips the selected card with f and discards it with Delete, in edit mode only", async () => {
    const sam = await person("key_sam");
    const page = sam.page;
    const create = await page.request.post(`${server.url}/api/projects/sandbox/new-table`, {
      data: {
        start_position: { options: { handSize: "5" }, playerColors: ["red", "blue"] },
        tableMode: "public-sandbox",
      },
    });
    const { tableId } = (await create.json()) as { tableId: string };
    type Piece = { id: string; children: Record<string, Piece[] | Record<string, Piece>> };
    const situation = async () =>
      (
        (await (await page.request.get(`${server.url}/api/table-open/${tableId}`)).json()) as {
          start_position: { root: Piece };
        }
      ).start_position.root;
    const find = (root: Piece, id: string): Piece | undefined => {
      if (root.id === id) return root;
      for (const kids of Object.values(root.children))
        for (const kid of Array.isArray(kids) ? kids : Object.values(kids)) {
          const hit = find(kid, id);
          if (hit) return hit;
        }
      return undefined;
    };
    const hand = find(await situation(), "area-blue")?.children.hand as Piece[];
    const card = hand.at(-1) as Piece;
    await page.goto(`${server.url}/projects/sandbox/table/${tableId}`);
    await page.getByRole("combobox", { name: "Play as" }).click();
    await page.getByRole("option", { name: "blue", exact: true }).click();
    const area = page.getByRole("region", { name: "blue player area" });
    const inHand = area.locator(`[data-component-id="${card.id}"]`);
    const select = async () => {
      await ready(page);
      const box = await inHand.boundingBox();
      await inHand.click({ position: { x: 5, y: (box?.height ?? 40) / 2 } });
      await expect.poll(() => inHand.getAttribute("data-selected")).toBe("true");
    };

    // Outside edit mode the keys explain themselves and change nothing.
    await select();
    await page.keyboard.press("f");
    await alertWith(page, "Turn on edit mode").waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("switch", { name: "Edit mode" }).check();
    await select();
    const faceUp = await inHand.getAttribute("aria-label");
    await page.keyboard.press("f");
    await expect.poll(() => inHand.getAttribute("aria-label")).toBe("face-down card");
    await select();
    await page.keyboard.press("f");
    await expect.poll(() => inHand.getAttribute("aria-label")).toBe(faceUp);
    await select();
    await page.keyboard.press("Delete");
    await expect.poll(() => inHand.count()).toBe(0);
    await expect
      .poll(() => page.getByRole("log", { name: "Game log lines" }).innerText())
      .toMatch(/discard/i);
    expect(sam.errors).toEqual([]);
  });

  it("keeps the settings across reloads, and shows a player no admin control while the server refuses them", {
    timeout: 120_000,
  }, async () => {
    const { tableId, url, white } = await chessPair(await person("set_cat"), await person("set_dan"));
    const page = white.page;
    // Hover tooltips are on by default: a still pointer on a piece names it after 1.5 s.
    await piece(page, "white-knight-g1").hover();
    await page
      .getByRole("tooltip")
      .filter({ hasText: /knight/i })
      .waitFor();
    await page.mouse.move(2, 300);
    const panel = await openTableSettings(page);
    // A player sees no designer, debug or invite control.
    expect(await panel.getByRole("button", { name: "Restart table" }).count()).toBe(0);
    expect(await panel.getByRole("button", { name: "Reload decks" }).count()).toBe(0);
    expect(await panel.getByRole("button", { name: /Bind table/ }).count()).toBe(0);
    expect(await panel.getByRole("button", { name: "Debug table at this position" }).count()).toBe(0);

    const zoom = panel.getByRole("slider", { name: /Zoom/ });
    await zoom.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    const volume = panel.getByRole("slider", { name: /Volume/ });
    await volume.focus();
    await page.keyboard.press("ArrowLeft");
    await panel.getByRole("switch", { name: "Edge scrolling" }).check();
    await panel.getByRole("switch", { name: "Display hover tooltips" }).uncheck();
    await panel.getByRole("switch", { name: "Close chat after message is sent" }).check();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("zoom-chess"))).toBe("105");
    await closeTableSettings(page);

    await page.reload();
    await piece(page, "white-pawn-e2").waitFor();
    const again = await openTableSettings(page);
    expect(await again.getByRole("slider", { name: /Zoom/ }).getAttribute("aria-valuenow")).toBe("105");
    expect(await again.getByRole("slider", { name: /Volume/ }).getAttribute("aria-valuenow")).toBe("0.49");
    expect(await again.getByRole("switch", { name: "Edge scrolling" }).isChecked()).toBe(true);
    expect(await again.getByRole("switch", { name: "Display hover tooltips" }).isChecked()).toBe(false);
    expect(await again.getByRole("switch", { name: "Close chat after message is sent" }).isChecked()).toBe(
      true,
    );
    await closeTableSettings(page);
    expect(
      await page.evaluate(() => ({
        volume: localStorage.getItem("global-volume"),
        edge: localStorage.getItem("edgeScroll-chess"),
        tips: localStorage.getItem("display-tooltips:chess"),
        close: localStorage.getItem("close-after-message-sent"),
      })),
    ).toEqual({ volume: "0.49", edge: "true", tips: "false", close: "true" });

    // Tooltips off: the same hover shows nothing.
    await piece(page, "white-knight-g1").hover();
    await page.waitForTimeout(2000);
    expect(await page.getByRole("tooltip").count()).toBe(0);
    // Edge scrolling on: with the board zoomed past the window, the pointer at the bottom edge scrolls.
    await page.setViewportSize({ width: 1000, height: 600 });
    await page.mouse.move(500, 595);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.mouse.move(500, 300);

    // Closing the chat after sending: the message goes out and the chat panel closes.
    await page.getByRole("textbox", { name: "Chat message" }).fill("gg");
    await page.getByRole("textbox", { name: "Chat message" }).press("Enter");
    await page.getByRole("region", { name: "Chat" }).waitFor({ state: "hidden" });

    // The server refuses a player every admin call.
    const api = page.request;
    expect(
      (await api.post(`${server.url}/api/projects/chess/${tableId}/restart-table/`, { data: {} })).status(),
    ).toBe(403);
    expect((await api.post(`${server.url}/api/bind-table/${tableId}/chess`, { data: {} })).status()).toBe(
      403,
    );
    expect((await api.post(`${server.url}/api/unbind-table/${tableId}/chess`, { data: {} })).status()).toBe(
      403,
    );
    expect((await api.post(`${server.url}/api/debug-table/${tableId}/0`, { data: {} })).status()).toBe(403);
    expect((await api.get(`${server.url}/api/invite-link/${tableId}?color=red`)).status()).toBe(403);
    expect(url).toContain(tableId);
    expect(white.errors).toEqual([]);
  });

  it("replays an ended game step by step, reopens a copied link at its event, and forks a debug table there", {
    timeout: 120_000,
  }, async () => {
    const admin = await person("rep_admin", "admin");
    const { url, white, black } = await chessPair(await person("rep_eve"), await person("rep_fay"));
    await move(white.page, "white-pawn-e2", "e4");
    await standsOn(black.page, "white-pawn-e2", "e4");
    await move(black.page, "black-pawn-e7", "e5");
    await standsOn(white.page, "black-pawn-e7", "e5");
    await move(white.page, "white-knight-g1", "f3");
    await standsOn(black.page, "white-knight-g1", "f3");
    await ready(black.page);
    await black.page.getByRole("button", { name: "Resign" }).click();
    await black.page.getByRole("dialog", { name: "Resign" }).getByRole("button", { name: "Confirm" }).click();

    const page = white.page;
    await page
      .getByText(/The game has ended/)
      .first()
      .waitFor();
    const events = await (async () => {
      await expect.poll(() => new URL(page.url()).searchParams.get("turnNumber")).not.toBeNull();
      return Number(new URL(page.url()).searchParams.get("turnNumber"));
    })();
    expect(events).toBeGreaterThanOrEqual(4);
    // Replay: the switch turns the controls on; arrows step, Ctrl steps ten.
    await page.getByRole("switch", { name: "Replay" }).check();
    const replay = page.getByRole("region", { name: "Replay" });
    await replay.getByText(`Event ${events} of ${events}`).waitFor();
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("Control+ArrowLeft");
    await replay.getByText(`Event 0 of ${events}`).waitFor();
    await standsOn(page, "white-pawn-e2", "e2");
    await page.keyboard.press("ArrowRight");
    await replay.getByText(`Event 1 of ${events}`).waitFor();
    await page.keyboard.press("ArrowRight");
    await replay.getByText(`Event 2 of ${events}`).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("turnNumber")).toBe("2");
    // Which pieces have moved after two events depends on how the game logs selections: read it.
    const at2 = await page.evaluate(() =>
      [...document.querySelectorAll("[data-component-id]")].map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.getAttribute("data-component-id")}@${Math.round(r.x)},${Math.round(r.y)}`;
      }),
    );

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await replay.getByRole("button", { name: "Copy replay link" }).click();
    await page.getByRole("alert").filter({ hasText: "Copied to clipboard." }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain("turnNumber=2");

    // The link opens at the same event, for someone else too.
    const other = admin.page;
    await other.goto(link);
    const otherReplay = other.getByRole("region", { name: "Replay" });
    await otherReplay.getByText(`Event 2 of ${events}`).waitFor();
    const pieceSpots = async (p: Page) =>
      p.evaluate(() =>
        [...document.querySelectorAll("[data-component-id]")].map((e) => e.getAttribute("data-component-id")),
      );
    expect((await pieceSpots(other)).length).toBe(at2.length);
    const onBoard = async (p: Page, id: string) => {
      const [a, b] = [await piece(p, id).boundingBox(), await square(p, "e4").boundingBox()];
      return a !== null && b !== null && Math.hypot(a.x - b.x, a.y - b.y) < 4;
    };
    expect(await onBoard(other, "white-pawn-e2")).toBe(await onBoard(page, "white-pawn-e2"));

    // A site admin forks a debug table at this event and lands on it.
    await otherReplay.getByRole("button", { name: "Debug table at this position" }).click();
    await expect.poll(() => other.url()).not.toContain(url.split("/").at(-1) ?? "");
    await piece(other, "white-pawn-e2").waitFor();
    const debugId = other.url().split("/").at(-1)?.split("?")[0] ?? "";
    const debug = (await (await other.request.get(`${server.url}/api/table-open/${debugId}`)).json()) as {
      tableMode: string;
      status: string;
      events: unknown[];
    };
    expect(debug).toMatchObject({ tableMode: "debug", status: "midgame", events: [] });
    expect(await onBoard(other, "white-pawn-e2")).toBe(await onBoard(page, "white-pawn-e2"));
    // The ended table's log: an admin's Ctrl-click on a line forks there too.
    await other.goto(url);
    await other.getByRole("switch", { name: "Log" }).waitFor();
    const firstLine = logLines(other).locator("[data-seq]").first();
    await firstLine.click({ modifiers: ["Control"] });
    await expect.poll(() => other.url()).not.toContain(url.split("/").at(-1) ?? "");
    expect(white.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it("gives an invite link that seats a second user, and lets a designer bind and restart the table", {
    timeout: 120_000,
  }, async () => {
    const admin = await person("inv_admin", "admin");
    const guest = await person("inv_guest");
    const base = `${server.url}/api/projects/chess`;
    const create = await admin.page.request.post(`${base}/new-table`, {
      data: { start_position: { options: {}, playerColors: ["red", "blue"] }, tableMode: "demo-invite" },
    });
    expect(create.status()).toBe(200);
    const { tableId } = (await create.json()) as { tableId: string };
    expect((await admin.page.request.post(`${base}/${tableId}/start-table`, { data: {} })).status()).toBe(
      200,
    );
    const page = admin.page;
    await page.goto(`${server.url}/projects/chess/table/${tableId}`);
    await piece(page, "white-pawn-e2").waitFor();
    const panel = await openTableSettings(page);
    await panel.getByRole("button", { name: "Get invite link for red" }).click();
    await closeTableSettings(page);
    const link = (await page.getByLabel("Invite link for red").innerText()).trim();
    expect(link).toMatch(/playAsColor=red&invitePwd=/);

    await guest.page.goto(link);
    await piece(guest.page, "white-pawn-e2").waitFor();
    await guest.page.getByText("You are playing as red").waitFor();
    const seated = (await (
      await guest.page.request.get(`${server.url}/api/table-open/${tableId}`)
    ).json()) as {
      yourSeat: string | null;
    };
    expect(seated.yourSeat).toBe("red");

    // Bind to the editor: the button flips and the server says so.
    const settings = await openTableSettings(page);
    await settings.getByRole("button", { name: "Bind table to editor" }).click();
    await settings.getByRole("button", { name: "Unbind table from editor" }).waitFor();
    const bound = (await (await page.request.get(`${server.url}/api/table-open/${tableId}`)).json()) as {
      isBound: boolean;
    };
    expect(bound.isBound).toBe(true);

    // Restart: after a confirmation the table starts again and every open page reloads.
    const guestReloaded = guest.page.waitForEvent("load");
    await settings.getByRole("button", { name: "Restart table" }).click();
    await page
      .getByRole("dialog", { name: "Restart table?" })
      .getByRole("button", { name: "Restart" })
      .click();
    await guestReloaded;
    await piece(guest.page, "white-pawn-e2").waitFor();
    expect(guest.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
