import type { BrowserContext, Page } from "playwright-core";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// Around the table (issue 19, point 9), as people see it: a private competitive table joined from its
// shared link, the table lobby's 'Leave lobby', the profile's finished tables paged to the end with the
// games' stats on their tiles, badges given by a site admin, and the table-started notification naming
// the table's own project.

const site = sharedSite();
const { person } = site;
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

const tile = (page: Page, tableId: string) => page.getByRole("article").filter({ hasText: `ID: ${tableId}` });

/** Notifications the page shows, recorded instead of shown (the permission is granted). */
async function recordNotifications(context: BrowserContext) {
  await context.addInitScript(() => {
    const notes: { title: string; body: string | undefined }[] = [];
    (window as unknown as { notes: typeof notes }).notes = notes;
    class Recorded {
      static permission = "granted";
      static requestPermission = () => Promise.resolve("granted");
      constructor(title: string, options?: { body?: string }) {
        notes.push({ title, body: options?.body });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = Recorded;
  });
}

/** A socket as the person's own browser session, for the moves a test only needs done. */
async function socketOf(context: BrowserContext): Promise<Socket> {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const socket = io(site.server.url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true });
  sockets.push(socket);
  return socket;
}

type Person = Awaited<ReturnType<typeof person>>;

/**
 * A chess game of two people played to its end: the creator takes red, the other blue, and whoever
 * plays White resigns at once. Private or not, as the creator chose.
 */
async function endedChess(creator: Person, other: Person, isPrivate: boolean): Promise<string> {
  const base = `${site.server.url}/api/projects/chess`;
  const created = await creator.page.request.post(`${base}/new-table`, {
    data: { start_position: { options: {} }, tableMode: "competitive-edit", isPrivate },
  });
  const { tableId } = (await created.json()) as { tableId: string };
  await creator.page.request.get(`${base}/join-table/${tableId}?color=red`);
  await other.page.request.get(`${base}/join-table/${tableId}?color=blue`);
  expect((await creator.page.request.post(`${base}/${tableId}/start-table`, { data: {} })).status()).toBe(
    200,
  );
  const load = (await (
    await creator.page.request.get(`${site.server.url}/api/table-open/${tableId}`)
  ).json()) as {
    live: { situation: { globals: { sides: { white: string } } } };
  };
  const white = load.live.situation.globals.sides.white === "red" ? creator : other;
  const socket = await socketOf(white.context);
  await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  const done = new Promise<void>((resolve, reject) => {
    // The turn's own event: presence events (player-joined) come on the same channel.
    socket.on("table-event", (m: { type: string }) => {
      if (m.type === "game-move") resolve();
    });
    socket.once("table-event-reject", (r: { reason: string }) => reject(new Error(r.reason)));
  });
  socket.emit("game-move", {
    tableId,
    moveId: 0,
    turnUID: `${tableId}-resign`,
    editMode: false,
    actions: [{ kind: "press state button", button: "resign" }],
  });
  await done;
  socket.close();
  return tableId;
}

describe("around the table", () => {
  it("joins a private competitive table from its shared link; only its players and mods list it", async () => {
    const ann = await person("pv_ann");
    const ben = await person("pv_ben");
    const cat = await person("pv_cat");
    await ann.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.url });

    // Ann creates a private table in the lobby and copies its link from the tile.
    await ann.page.goto(`${site.server.url}/projects/template-board`);
    await ann.page.getByRole("button", { name: "Create new table" }).first().click();
    await ann.page.getByRole("checkbox", { name: "Private table" }).check();
    // She takes her colour after Ben (the creator is seated by default otherwise: issue 37 point 7).
    await ann.page.getByRole("checkbox", { name: /^Take a seat/ }).uncheck();
    const created = ann.page.waitForResponse((r) => r.url().includes("/new-table"));
    await ann.page.locator("form").getByRole("button", { name: "Create new table" }).click();
    const { tableId } = (await (await created).json()) as { tableId: string };
    const annTile = tile(ann.page, tableId);
    await annTile.getByText("Private table").waitFor();
    await annTile.getByRole("button", { name: "Copy table link" }).click();
    await ann.page.getByText("Copied to clipboard").waitFor();
    const link = await ann.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${site.server.url}/projects/template-board/table/${tableId}`);

    // Ben's lobby does not list it.
    await ben.page.goto(`${site.server.url}/projects/template-board?openSection=join`);
    await ben.page.getByText("No open tables available.").waitFor();
    await ben.page.getByRole("button", { name: "Join a table (0)" }).waitFor();

    // Cat opens the link, looks, and leaves the table's lobby for the project's.
    await cat.page.goto(link);
    await tile(cat.page, tableId).getByRole("button", { name: "Join as red" }).waitFor();
    await tile(cat.page, tableId).getByRole("link", { name: "Leave lobby" }).click();
    await cat.page.waitForURL(`${site.server.url}/projects/template-board`);
    await cat.page.getByRole("heading", { name: "Template: Board Game", level: 1 }).waitFor();

    // Ben opens the link and joins as red from the table's page.
    await ben.page.goto(link);
    const benTile = tile(ben.page, tableId);
    await benTile.getByText("Free to join").waitFor();
    await benTile.getByRole("button", { name: "Join as red" }).click();
    await benTile.getByRole("button", { name: "Leave table" }).waitFor();
    await benTile.getByText("pv_ben").waitFor();

    // Ann's lobby sees him arrive, she takes blue and starts; Ben's page turns into the game.
    await annTile.getByText("pv_ben").waitFor();
    await annTile.getByRole("button", { name: "Join as blue" }).click();
    await annTile.getByRole("button", { name: "Start this game" }).click();
    await ann.page.waitForURL(`**/projects/template-board/table/${tableId}`);
    await ben.page.getByRole("button", { name: "Table menu" }).waitFor();

    // Now Ben's lobby lists it among his tables and the running ones; Cat's does not.
    await ben.page.goto(`${site.server.url}/projects/template-board?openSection=join`);
    await ben.page.getByRole("tab", { name: "My tables" }).click();
    await tile(ben.page, tableId).getByText("Private table").waitFor();
    await ben.page.getByRole("tab", { name: "Midgame tables" }).click();
    await tile(ben.page, tableId).waitFor();
    await cat.page.goto(`${site.server.url}/projects/template-board?openSection=join`);
    await cat.page.getByRole("tab", { name: "Midgame tables" }).click();
    await cat.page.getByText("No midgame tables available.").waitFor();
    expect([...ann.errors, ...ben.errors, ...cat.errors]).toEqual([]);
  });

  it("pages a profile's finished tables to the end, without the private ones, with the games' stats", async () => {
    const owner = await person("pr_ann");
    const rival = await person("pr_ben");
    const visitor = await person("pr_cat");
    const visible: string[] = [];
    for (let i = 0; i < 21; i++) visible.push(await endedChess(owner, rival, false));
    // The newest three are private tables of the rival's: among the first page, which the server used
    // to cut before leaving them out (a short page ended the scroll).
    const hidden: string[] = [];
    for (let i = 0; i < 3; i++) hidden.push(await endedChess(rival, owner, true));

    const page = visitor.page;
    await page.goto(`${site.server.url}/user/pr_ann`);
    await page.getByRole("heading", { name: "pr_ann", level: 1 }).waitFor();
    const tiles = page.getByRole("list", { name: "Recently finished tables" }).getByRole("article");
    await tiles.first().waitFor();
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return tiles.count();
        },
        { timeout: 20_000 },
      )
      .toBe(visible.length);
    const shown = await tiles.evaluateAll((nodes) =>
      nodes.map((n) => /ID: ([a-z0-9]{10})/.exec(n.textContent ?? "")?.[1] ?? ""),
    );
    expect(new Set(shown)).toEqual(new Set(visible));
    expect(await page.getByText("Private table").count()).toBe(0);

    // Each tile tells the game's figures: the newest game's score and moves.
    const newest = tile(page, visible.at(-1)!);
    await newest.getByText("Score", { exact: true }).waitFor();
    await newest.getByText("Moves played", { exact: true }).waitFor();
    // White resigned at once: one side scored 1, the other 0, and nobody moved.
    expect(await newest.textContent()).toMatch(
      /Score(red 1, blue 0|red 0, blue 1|blue 1, red 0|blue 0, red 1)Moves played(red|blue) 0, (red|blue) 0/,
    );

    // The owner's own profile has all of them.
    await owner.page.goto(`${site.server.url}/user/pr_ann`);
    const own = owner.page.getByRole("list", { name: "Recently finished tables" }).getByRole("article");
    await own.first().waitFor();
    await expect
      .poll(
        async () => {
          await owner.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return own.count();
        },
        { timeout: 20_000 },
      )
      .toBe(visible.length + hidden.length);
    expect([...visitor.errors, ...owner.errors]).toEqual([]);
  });

  it("lets a site admin award and remove badges on a profile, and nobody else", async () => {
    const admin = await person("bd_admin", "admin");
    const bob = await person("bd_bob");

    await admin.page.goto(`${site.server.url}/user/bd_bob`);
    await admin.page.getByRole("heading", { name: "bd_bob", level: 1 }).waitFor();
    const form = admin.page.getByRole("form", { name: "Award a badge" });
    await form.getByRole("textbox", { name: "Badge name" }).fill("Early Bird");
    await form.getByRole("textbox", { name: "Display name" }).fill("Early bird");
    await form.getByRole("textbox", { name: "Description" }).fill("Played in the first week");
    await form.getByRole("button", { name: "Award badge" }).click();
    // A slip is told before anything is sent.
    await admin.page
      .getByRole("alert")
      .getByText(/lower-case letters/)
      .waitFor();
    await form.getByRole("textbox", { name: "Badge name" }).fill("early-bird");
    await form.getByRole("button", { name: "Award badge" }).click();
    await admin.page.getByRole("status").getByText("Awarded the badge 'Early bird'.").waitFor();
    const badges = admin.page.getByRole("list", { name: "Badges" });
    await badges.getByText("Early bird").waitFor();
    await badges.getByText("Played in the first week").waitFor();

    // Bob sees it on his profile, with no way to give himself another; the server refuses him plainly.
    await bob.page.goto(`${site.server.url}/user/bd_bob`);
    await bob.page.getByRole("list", { name: "Badges" }).getByText("Early bird").waitFor();
    expect(await bob.page.getByRole("form", { name: "Award a badge" }).count()).toBe(0);
    expect(await bob.page.getByRole("button", { name: /Remove badge/ }).count()).toBe(0);
    const self = await bob.page.request.post(`${site.server.url}/api/award-badge`, {
      data: { username: "bd_bob", name: "self-made", displayName: "Self-made" },
    });
    expect(self.status()).toBe(403);
    expect(await self.text()).toBe("Only site admins may award or remove badges.");

    // The admin gives the same badge to herself from the list of existing ones, then takes Bob's back.
    await admin.page.goto(`${site.server.url}/user/bd_admin`);
    const own = admin.page.getByRole("form", { name: "Award a badge" });
    await own.getByRole("combobox", { name: "Badge" }).click();
    await admin.page.getByRole("option", { name: "Early bird" }).click();
    await own.getByRole("button", { name: "Award badge" }).click();
    await admin.page.getByRole("list", { name: "Badges" }).getByText("Early bird").waitFor();

    await admin.page.goto(`${site.server.url}/user/bd_bob`);
    await admin.page.getByRole("button", { name: "Remove badge Early bird" }).click();
    await admin.page.getByText("No badges yet.").waitFor();
    await bob.page.reload();
    await bob.page.getByText("No badges yet.").waitFor();
    expect([...admin.errors, ...bob.errors]).toEqual([]);
  });

  it("names the started table's own project in the notification, from another project's lobby", async () => {
    const ann = await person("nt_ann");
    const ben = await person("nt_ben");
    await recordNotifications(ben.context);
    const base = `${site.server.url}/api/projects/chess`;
    const created = await ann.page.request.post(`${base}/new-table`, {
      data: { start_position: { options: {} }, tableMode: "competitive-edit" },
    });
    const { tableId } = (await created.json()) as { tableId: string };
    await ann.page.request.get(`${base}/join-table/${tableId}?color=red`);
    await ben.page.request.get(`${base}/join-table/${tableId}?color=blue`);

    // Ben waits in another game's lobby.
    await ben.page.goto(`${site.server.url}/projects/template-board`);
    await ben.page.getByRole("heading", { name: "Template: Board Game", level: 1 }).waitFor();
    await ann.page.goto(`${site.server.url}/projects/chess?openSection=join`);
    await tile(ann.page, tableId).getByRole("button", { name: "Start this game" }).click();

    // He is seated: his page goes to the chess table (not to a table of the lobby's project), and the
    // notification says it is the chess table.
    await ben.page.waitForURL(`**/projects/chess/table/${tableId}`);
    await ben.page.getByRole("button", { name: "Table menu" }).waitFor();
    const notes = await ben.page.evaluate(() => (window as unknown as { notes: unknown[] }).notes);
    expect(notes).toEqual([
      { title: "Your table is starting", body: `Chess: table ${tableId} has started.` },
    ]);
    expect([...ann.errors, ...ben.errors]).toEqual([]);
  });
});
