import { mayAct } from "@tt/engine";
import {
  BOT_MESSAGES,
  PLAY_BOTS_MESSAGES,
  type ProjectDetail,
  type TableInfo,
  type TableLoadResponse,
} from "@tt/protocol";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, tables } from "../src/db/schema";
import { botChoiceWatchers } from "../src/tables/bots";
import { humanTurn } from "./botFixture";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, userId } from "./lobbyFixture";

// 'Play against bots' from the project lobby (issue 37 point 7): one request makes a competitive
// table, seats the caller, gives every other seat a bot and starts it, through the rights and the caps
// of doing it step by step. And the lobby's 'New table settings' seats the creator of a competitive
// table at the first colour.

/** Short caps, so that each is reached in a request or two. */
const TABLES_CAP = 2;
const SEATS_CAP = 4;

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "10000",
    BOT_TABLES_PER_USER: String(TABLES_CAP),
    BOT_SEATS_PER_USER: String(SEATS_CAP),
    // Bots at test speed (botLimits.test.ts): no pause and no pace.
    BOT_DELAY_MIN_MS: "0",
    BOT_DELAY_MAX_MS: "20",
    BOT_TURN_INTERVAL_MS: "0",
    BOT_TABLE_MS_PER_MINUTE: "600000",
    BOT_LOOP_DELAY_MS: "1000",
  });
  as = await lobbyWorld(server);
  // A shipped game nobody may open but its members and site admins.
  await server.database.db
    .update(projects)
    .set({ visibility: "closed", roles: {} })
    .where(eq(projects.slug, "template-board"));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const play = (c: Client, slug: string, body: unknown = {}) =>
  c.post(`/api/projects/${slug}/play-against-bots`, body);

/** The tables a user created in a project, as stored. */
async function tablesOf(who: Role, slug: string) {
  const id = await userId(server, who);
  return server.database.db
    .select()
    .from(tables)
    .where(and(eq(tables.creatorId, id), eq(tables.projectSlug, slug)));
}

/** The next choice of a bot at the table, asked for before what causes it. */
function botChoice(tableId: string): Promise<string> {
  return new Promise((resolve) => {
    const watch = (c: { tableId: string; seat: string }) => {
      if (c.tableId !== tableId) return;
      botChoiceWatchers.delete(watch);
      resolve(c.seat);
    };
    botChoiceWatchers.add(watch);
  });
}

describe("play against bots in one step", () => {
  it("makes a started table with you at a seat and a bot at every other, and its bots play", async () => {
    const res = await play(as.player, "night-market", { players: 3 });
    expect(res.status).toBe(200);
    const tile = res.json() as TableInfo;
    expect(tile.status).toBe("midgame");
    expect(tile.tableMode).toBe("competitive-edit");
    expect(tile.playerColors).toHaveLength(3);
    const mine = tile.playerColors.filter((s) => s.userInfo?.username === "player");
    expect(mine).toHaveLength(1);
    const bots = tile.playerColors.filter((s) => s.bot !== undefined);
    expect(bots.map((s) => s.bot)).toEqual(["Bot (Random)", "Bot (Random)"]);

    // Stored started, with the bots' kind on their seats; the player opens it seated.
    const [row] = await tablesOf("player", "night-market");
    expect(row).toMatchObject({ id: tile.tableId, status: "midgame" });
    expect(row!.startSituation).not.toBeNull();
    expect(row!.seats.filter((s) => s.bot === "random")).toHaveLength(2);
    const load = (await as.player.get(`/api/table-open/${tile.tableId}`)).json() as TableLoadResponse;
    expect(load.yourSeat).toBe(mine[0]!.color);
    expect(load.live).not.toBeNull();
    // Listed to others among the running tables, as a table started in the lobby is.
    const running = (
      await as.outsider.get("/api/get-table-list/?projectSlug=night-market&status=midgame")
    ).json() as TableInfo[];
    expect(running.map((t) => t.tableId)).toContain(tile.tableId);

    // Once the player has it open, its bots play: at once when a bot moves first, else after the player.
    const s = await openTab(server, as.player, `tab-${Math.random()}`);
    sockets.push(s);
    const choice = botChoice(tile.tableId);
    await s.emitWithAck("table-subscribe", { tableId: tile.tableId, lastSeq: -1 });
    let chosen: string | undefined;
    void choice.then((seat) => {
      chosen = seat;
    });
    const seat = load.yourSeat!;
    for (let turn = 0; chosen === undefined && turn < 20; turn++) {
      const now = (await as.player.get(`/api/table-open/${tile.tableId}`)).json() as TableLoadResponse;
      if (!mayAct(now.live!.situation, seat)) break;
      await humanTurn(s, now, seat);
    }
    expect(bots.map((b) => b.color)).toContain(await choice);
  });

  it("seats the game's minimum with its default bot when asked for nothing, and offers that in the project", async () => {
    const detail = (await as.designer.get("/api/projects/get-project-detail/chess")).json() as ProjectDetail;
    expect(detail.botPlay).toEqual({ kind: "random", players: { min: 2, max: 2 } });
    const nightMarket = (
      await as.designer.get("/api/projects/get-project-detail/night-market")
    ).json() as ProjectDetail;
    expect(nightMarket.botPlay?.players).toEqual({ min: 2, max: 4 });

    const res = await play(as.designer, "chess");
    expect(res.status).toBe(200);
    const [row] = await tablesOf("designer", "chess");
    expect(row!.status).toBe("midgame");
    expect(row!.seats).toHaveLength(2);
    expect(row!.seats.filter((s) => s.username === "designer")).toHaveLength(1);
    expect(row!.seats.filter((s) => s.bot === "random")).toHaveLength(1);
  });

  it("takes a bot kind the game offers, and refuses other kinds, counts and games without bots", async () => {
    expect((await play(as.superadmin, "chess", { kind: "chess-2" })).status).toBe(200);
    const [row] = await tablesOf("superadmin", "chess");
    expect(row!.seats.find((s) => s.bot !== undefined)?.bot).toBe("chess-2");

    const kind = await play(as.superadmin, "chess", { kind: "no-such-bot" });
    expect(kind.status).toBe(400);
    expect(kind.text).toBe(BOT_MESSAGES.unknownKind("no-such-bot"));
    const count = await play(as.superadmin, "chess", { players: 3 });
    expect(count.status).toBe(400);
    expect(count.text).toBe(PLAY_BOTS_MESSAGES.players(2, 2));
    expect((await play(as.superadmin, "night-market", { players: 1 })).status).toBe(400);
    const noBots = await play(as.superadmin, "test-game");
    expect(noBots.status).toBe(400);
    expect(noBots.text).toBe(PLAY_BOTS_MESSAGES.noBots);
    const detail = (
      await as.superadmin.get("/api/projects/get-project-detail/test-game")
    ).json() as ProjectDetail;
    expect(detail.botPlay).toBeNull();
    // Only the first request made a table.
    expect(await tablesOf("superadmin", "chess")).toHaveLength(1);
    expect(await tablesOf("superadmin", "test-game")).toHaveLength(0);
  });

  it("is for whoever may create tables in the project: not for a closed one's outsiders, nor the logged out", async () => {
    const closed = await play(as.outsider, "template-board");
    expect(closed.status).toBe(404);
    expect(await tablesOf("outsider", "template-board")).toHaveLength(0);
    expect((await play(new Client(server.url), "chess")).status).toBe(401);
    // A site admin may open the closed project, and so play there.
    expect((await play(as.admin, "template-board")).status).toBe(200);
  });
});

describe("the caps per user on bots", () => {
  it("refuses a game past the bot seats cap (409, the cap's message) and writes nothing", async () => {
    expect((await play(as.mod, "night-market", { players: 4 })).status).toBe(200);
    const refused = await play(as.mod, "night-market", { players: 3 });
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(BOT_MESSAGES.tooManySeats(SEATS_CAP));
    expect(await tablesOf("mod", "night-market")).toHaveLength(1);
  });

  it("refuses a game past the running tables cap, counting tables with bots started step by step", async () => {
    // One table with a bot made the long way (create, seat, start), one in one step: the cap is full.
    const made = (
      await as.staff.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
        seatCreator: true,
      })
    ).json() as TableInfo;
    const bot = await as.staff.post(`/api/projects/chess/${made.tableId}/seat-bot`, {
      color: made.possibleColors[1],
      kind: "random",
    });
    expect(bot.status).toBe(200);
    expect((await as.staff.post(`/api/projects/chess/${made.tableId}/start-table`, {})).status).toBe(200);
    expect((await play(as.staff, "chess")).status).toBe(200);
    const refused = await play(as.staff, "chess");
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(BOT_MESSAGES.tooManyTables(TABLES_CAP));
    expect(await tablesOf("staff", "chess")).toHaveLength(TABLES_CAP);
  });
});

describe("a competitive table made in the lobby", () => {
  const create = (c: Client, seatCreator?: boolean) =>
    c.post("/api/projects/night-market/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
      ...(seatCreator === undefined ? {} : { seatCreator }),
    });

  it("seats its creator at the first colour when asked, and others join the colours left", async () => {
    const tile = (await create(as.designer, true)).json() as TableInfo;
    expect(tile.status).toBe("open");
    expect(tile.playerColors).toEqual([
      {
        color: tile.possibleColors[0],
        userInfo: expect.objectContaining({ username: "designer" }),
        nonuser: false,
      },
    ]);
    const taken = await as.player.get(
      `/api/projects/night-market/join-table/${tile.tableId}?color=${tile.possibleColors[0]}`,
    );
    expect(taken.status).toBe(409);
    const next = tile.possibleColors[1]!;
    expect(
      (await as.player.get(`/api/projects/night-market/join-table/${tile.tableId}?color=${next}`)).status,
    ).toBe(200);
    expect(
      (await as.designer.post(`/api/projects/night-market/${tile.tableId}/start-table`, {})).status,
    ).toBe(200);
  });

  it("seats nobody when not asked (callers of the API as before)", async () => {
    const tile = (await create(as.designer)).json() as TableInfo;
    expect(tile.playerColors).toEqual([]);
    expect((await create(as.designer, false)).json()).toMatchObject({ playerColors: [] });
  });
});
