import {
  BOT_MESSAGES,
  REMATCH_MESSAGES,
  type RematchInvite,
  type RematchLookup,
  type RematchResponse,
  type TableInfo,
} from "@tt/protocol";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, tables } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder, userId } from "./lobbyFixture";

// Rematch (issue 37 point 4): a seated player of an ended table makes a new table with the same seats
// (users in their colours, bots), options and mode in one request; the other players are invited;
// a second request answers the same table; and the new table is made under every cap a new table and
// its bots are made under (tables/rematch.ts).

let server: TestServer;
let as: Record<Role, Client>;
/** A server whose users may have one bot seat at their tables that have not ended. */
let capped: TestServer;
let cappedAs: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  [server, capped] = await Promise.all([
    startTestServer({ RATE_LIMIT_PER_IP: "10000" }),
    startTestServer({ RATE_LIMIT_PER_IP: "10000", BOT_SEATS_PER_USER: "1" }),
  ]);
  [as, cappedAs] = await Promise.all([lobbyWorld(server), lobbyWorld(capped)]);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([server?.close(), capped?.close()]);
});

const GAME = "test-game";

async function newTable(
  on: Client,
  body: {
    tableMode?: string;
    options?: Record<string, string | boolean>;
    isPrivate?: boolean;
    colors?: string[];
  },
  slug = GAME,
): Promise<string> {
  const res = await on.post(`/api/projects/${slug}/new-table`, {
    start_position: { options: body.options ?? {}, ...(body.colors ? { playerColors: body.colors } : {}) },
    tableMode: body.tableMode ?? "competitive-edit",
    isPrivate: body.isPrivate ?? false,
  });
  expect(res.status, res.text).toBe(200);
  return (res.json() as TableInfo).tableId;
}

const join = async (c: Client, tableId: string, color: string, slug = GAME) =>
  expect((await c.get(`/api/projects/${slug}/join-table/${tableId}?color=${color}`)).status).toBe(200);
const seatBot = async (c: Client, tableId: string, color: string, slug = GAME) => {
  const res = await c.post(`/api/projects/${slug}/${tableId}/seat-bot`, { color, kind: "random" });
  expect(res.status, res.text).toBe(200);
};

/** The game end is the turn pipeline's business; here the seated table is marked ended. */
async function end(on: TestServer, tableId: string) {
  await on.database.db
    .update(tables)
    .set({ status: "ended", endedAt: new Date() })
    .where(eq(tables.id, tableId));
}

const rowOf = async (on: TestServer, tableId: string) =>
  (await on.database.db.select().from(tables).where(eq(tables.id, tableId)))[0];
const seatsOf = (row: { seats: { color: string; username: string | null; bot?: string }[] }) =>
  row.seats.map((s) => `${s.color}:${s.bot ?? s.username ?? "-"}`);
const rematch = (c: Client, tableId: string) => c.post(`/api/rematch/${tableId}`);

/** An ended private competitive table of the test game made by player: player red, outsider blue, a bot green. */
async function endedGame(
  on: TestServer,
  who: Record<Role, Client>,
  options: Record<string, string | boolean> = {},
) {
  const tableId = await newTable(who.player, { options, isPrivate: true });
  await join(who.player, tableId, "red");
  await join(who.outsider, tableId, "blue");
  await seatBot(who.player, tableId, "green");
  await end(on, tableId);
  return tableId;
}

describe("a rematch", () => {
  it("makes a table with the same seats, bots, options and mode, takes the clicker there and invites the others", async () => {
    const tableId = await endedGame(server, as, { expansion: true, expansionCards: "many", speed: "fast" });
    const outsiderTab = await openTab(server, as.outsider, "outsider-tab");
    const playerTab = await openTab(server, as.player, "player-tab");
    sockets.push(outsiderTab, playerTab);
    const heard = recorder(outsiderTab);
    const mine = recorder(playerTab);

    const res = await rematch(as.player, tableId);
    expect(res.status, res.text).toBe(200);
    const made = res.json() as RematchResponse;
    expect(made).toMatchObject({ fromTableId: tableId, projectSlug: GAME, by: "player", created: true });
    expect(made.tableId).not.toBe(tableId);

    const source = (await rowOf(server, tableId))!;
    const row = (await rowOf(server, made.tableId))!;
    expect(row.status).toBe("open");
    expect(row.creatorId).toBe(await userId(server, "player"));
    expect(seatsOf(row)).toEqual(["red:player", "blue:outsider", "green:random"]);
    expect(row.options).toEqual(source.options);
    expect(row.options).toMatchObject({ expansion: true, expansionCards: "many", speed: "fast" });
    expect({ mode: row.tableMode, private: row.isPrivate }).toEqual({
      mode: "competitive-edit",
      private: true,
    });

    // The other player's tabs are invited (their ended table shows it); the clicker is not.
    const invite = (await heard.next("rematch-invite")) as RematchInvite;
    expect(invite).toEqual({ fromTableId: tableId, tableId: made.tableId, projectSlug: GAME, by: "player" });
    expect(mine.events.some((e) => e.name === "rematch-invite")).toBe(false);
    // Opening the ended table later, the invitation is still there.
    const later = (await as.outsider.get(`/api/rematch/${tableId}`)).json() as RematchLookup;
    expect(later.rematch).toEqual(invite);
  });

  it("keeps the options the table was made with, hidden ones too, when a player who could not choose them asks", async () => {
    // The designer may choose hidden values; the player seated at the table may not.
    const tableId = await newTable(as.designer, { options: { speed: "debug", secret: true } });
    await join(as.designer, tableId, "red");
    await join(as.player, tableId, "blue");
    await end(server, tableId);
    const made = (await rematch(as.player, tableId)).json() as RematchResponse;
    const row = (await rowOf(server, made.tableId))!;
    expect(row.options).toMatchObject({ speed: "debug", secret: true });
    expect(seatsOf(row)).toEqual(["red:designer", "blue:player"]);
  });

  it("answers the same table to a double click, to a second click and to the other player's click", async () => {
    const tableId = await endedGame(server, as);
    const [a, b] = await Promise.all([rematch(as.player, tableId), rematch(as.player, tableId)]);
    const [first, second] = [a.json() as RematchResponse, b.json() as RematchResponse];
    expect(first.tableId).toBe(second.tableId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const again = (await rematch(as.player, tableId)).json() as RematchResponse;
    expect(again).toMatchObject({ tableId: first.tableId, created: false });
    const theirs = (await rematch(as.outsider, tableId)).json() as RematchResponse;
    expect(theirs).toMatchObject({ tableId: first.tableId, created: false, by: "player" });
    const made = await server.database.db
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.projectSlug, GAME), eq(tables.status, "open"), eq(tables.id, first.tableId)));
    expect(made).toHaveLength(1);
    // Once it has ended, a new rematch can be made.
    await end(server, first.tableId);
    const next = (await rematch(as.player, tableId)).json() as RematchResponse;
    expect(next.created).toBe(true);
    expect(next.tableId).not.toBe(first.tableId);
  });
});

describe("who may ask for a rematch", () => {
  it("refuses a spectator, someone outside the project, a table still running and anyone logged out", async () => {
    const tableId = await endedGame(server, as);
    // Members of the project who sat elsewhere (a mod may open the table and watch it).
    for (const spectator of [as.mod, as.staff]) {
      const res = await rematch(spectator, tableId);
      expect({ status: res.status, text: res.text }).toEqual({
        status: 403,
        text: REMATCH_MESSAGES.notSeated,
      });
      expect((await spectator.get(`/api/rematch/${tableId}`)).status).toBe(403);
    }
    // A closed project's table is not found by those outside it, as every table read answers.
    const closed = await newTable(as.mod, {}, "closed-game");
    await join(as.mod, closed, "red", "closed-game");
    await end(server, closed);
    expect((await rematch(as.player, closed)).status).toBe(404);
    expect((await rematch(as.mod, closed)).status).toBe(200);

    // A running game has no rematch yet, even for its players.
    const running = await newTable(as.staff, {});
    await join(as.staff, running, "red");
    await join(as.mod, running, "blue");
    expect((await as.staff.post(`/api/projects/${GAME}/${running}/start-table`, {})).status).toBe(200);
    const res = await rematch(as.mod, running);
    expect({ status: res.status, text: res.text }).toEqual({ status: 409, text: REMATCH_MESSAGES.notEnded });

    expect((await rematch(new Client(server.url), tableId)).status).toBe(401);
  });
});

describe("the caps a rematch is made under", () => {
  it("replaces the clicker's other unstarted table of the game, as a new table does", async () => {
    const tableId = await endedGame(server, as);
    const waiting = await newTable(as.player, {});
    const made = (await rematch(as.player, tableId)).json() as RematchResponse;
    expect(made.created).toBe(true);
    expect(await rowOf(server, waiting)).toBeUndefined();
  });

  it("makes a demo-invite table only for those who may make one", async () => {
    const demo = await newTable(as.designer, { tableMode: "demo-invite", colors: ["red", "blue"] });
    await join(as.designer, demo, "red");
    await join(as.player, demo, "blue");
    await end(server, demo);
    const refused = await rematch(as.player, demo);
    expect(refused.status).toBe(403);
    const made = (await rematch(as.designer, demo)).json() as RematchResponse;
    expect(seatsOf((await rowOf(server, made.tableId))!)).toEqual(["red:designer", "blue:player"]);
  });

  it("refuses bots past the clicker's bot caps and leaves everything as it was", async () => {
    const tableId = await endedGame(capped, cappedAs);
    // The player's one bot seat is taken at a table of another game; their waiting test-game table
    // would be replaced by the rematch, if it were made.
    const chess = await newTable(cappedAs.player, {}, "chess");
    const [game] = await capped.database.db
      .select({ colors: projects.playerColors })
      .from(projects)
      .where(eq(projects.slug, "chess"));
    const botColor = game!.colors[1]!;
    await seatBot(cappedAs.player, chess, botColor, "chess");
    const waiting = await newTable(cappedAs.player, {});
    const before = await capped.database.db.select({ id: tables.id }).from(tables);

    const res = await rematch(cappedAs.player, tableId);
    expect({ status: res.status, text: res.text }).toEqual({
      status: 409,
      text: BOT_MESSAGES.tooManySeats(1),
    });
    expect(await rowOf(capped, waiting)).toBeDefined();
    expect(await capped.database.db.select({ id: tables.id }).from(tables)).toEqual(before);

    // With the other bot gone, the same rematch is made, its bot charged to the clicker.
    expect(
      (await cappedAs.player.post(`/api/projects/chess/${chess}/remove-bot`, { color: botColor })).status,
    ).toBe(200);
    const made = (await rematch(cappedAs.player, tableId)).json() as RematchResponse;
    expect(seatsOf((await rowOf(capped, made.tableId))!)).toEqual([
      "red:player",
      "blue:outsider",
      "green:random",
    ]);
  });
});
