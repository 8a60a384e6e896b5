import {
  type Component,
  createTableHolder,
  findComponent,
  type JsonObject,
  mayAct,
  type Situation,
  type TableEvent,
} from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import { BOT_MESSAGES, type TableInfo, type TableLoadResponse } from "@tt/protocol";
import { asc, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableEvents, tables } from "../src/db/schema";
import { botChoiceWatchers, botInputWatchers } from "../src/tables/bots";
import { humanTurn } from "./botFixture";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";

// Bots at tables (issue 22 point 2): the creator seats a bot before the start, a table's admin gives a
// left player's seat to one; the server plays the bot's turns on its seat's view, through the same
// turn path as a person's, and stores them as it stores anyone's.

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "10000",
    HEAVY_READS_PER_SECOND: "100",
    HEAVY_READS_BURST: "100",
    // The bots' pause from the config (config.ts BOT_DELAY_*): short, so the games here go fast.
    BOT_DELAY_MIN_MS: "0",
    BOT_DELAY_MAX_MS: "100",
    // Nor any pace (issue 36: botLimits.test.ts, botPace.test.ts).
    BOT_TURN_INTERVAL_MS: "0",
    BOT_TABLE_MS_PER_MINUTE: "600000",
    BOT_LOOP_DELAY_MS: "1000",
    // The designer starts a table with a bot in most tests here; the caps per user are botLimits.test.ts's.
    BOT_TABLES_PER_USER: "100",
    BOT_SEATS_PER_USER: "100",
  });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const open = async (who: Role, tableId: string) =>
  (await as[who].get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;

async function tab(who: Role, tableId: string) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  return { s, rec };
}

async function storedEvents(tableId: string) {
  return server.database.db
    .select()
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
}

/** The seat a stored turn was played as. */
const actorOf = (event: unknown) => {
  const e = event as TableEvent;
  return e.kind === "turn" ? e.actor : null;
};

/** The table as the server holds it, folded from the database. */
async function fullSituation(tableId: string): Promise<Situation> {
  const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
  const events = await storedEvents(tableId);
  return createTableHolder({
    start: row!.startSituation as Situation,
    events: events.map((e) => e.event as TableEvent),
    module: registry.moduleFor(row!.projectSlug),
    project: { pieces: piecesOf(row!.components as ComponentTree), options: row!.options as JsonObject },
  }).live;
}

/** A new table of `slug` with the designer at red. */
async function tableWithCreatorAtRed(slug: string, options: JsonObject = {}) {
  const t = (
    await as.designer.post(`/api/projects/${slug}/new-table`, {
      start_position: { options },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  expect((await as.designer.get(`/api/projects/${slug}/join-table/${t.tableId}?color=red`)).status).toBe(200);
  return t.tableId;
}

/**
 * Waits (reading the database) until `seat` may act at the table or it ended; then the table as `who`
 * loads it.
 */
async function untilTurnOf(who: Role, tableId: string, seat: string): Promise<TableLoadResponse> {
  for (;;) {
    const [row] = await server.database.db
      .select({ status: tables.status })
      .from(tables)
      .where(eq(tables.id, tableId));
    if (row!.status !== "midgame" || mayAct(await fullSituation(tableId), seat)) return open(who, tableId);
    await sleep(100);
  }
}

describe("the creator seats a bot before the start", () => {
  it("refuses everyone but the creator, and bad requests", async () => {
    const tableId = await tableWithCreatorAtRed("chess");
    const path = `/api/projects/chess/${tableId}/seat-bot`;
    const other = await as.player.post(path, { color: "blue", kind: "random" });
    expect(other.status).toBe(403);
    expect(other.text).toBe(BOT_MESSAGES.onlyCreator);
    expect((await as.admin.post(path, { color: "blue", kind: "random" })).status).toBe(403);
    expect((await as.designer.post(path, { color: "blue", kind: "no-such-bot" })).status).toBe(400);
    expect((await as.designer.post(path, { color: "purple", kind: "random" })).status).toBe(400);
    expect((await as.designer.post(path, { color: "red", kind: "random" })).status).toBe(409);
    expect((await as.designer.post(path, { color: 3 })).status).toBe(400);
    const load = await open("designer", tableId);
    expect(load.playerColors.find((s) => s.color === "blue")).toBeUndefined();
  });

  it("plays chess against a person: every bot turn through the server, stored like a person's", async () => {
    const tableId = await tableWithCreatorAtRed("chess");
    expect(
      (await as.designer.post(`/api/projects/chess/${tableId}/seat-bot`, { color: "blue", kind: "chess-1" }))
        .status,
    ).toBe(200);
    // The seat is the bot's: named as a bot on the tile, and nobody may take it.
    const tile = (await as.player.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    expect(tile.playerColors.find((s) => s.color === "blue")?.bot).toBe("Bot (Chess engine, level 1)");
    expect((await as.player.get(`/api/projects/chess/join-table/${tableId}?color=blue`)).status).toBe(409);
    expect((await as.designer.post(`/api/projects/chess/${tableId}/start-table`, {})).status).toBe(200);

    const seen: { seat: string; view: Situation }[] = [];
    const watch = (input: { tableId: string; seat: string; view: Situation }) => {
      if (input.tableId === tableId) seen.push(input);
    };
    botInputWatchers.add(watch);
    try {
      const { s } = await tab("designer", tableId);
      for (let turn = 0; turn < 4; turn++) {
        const load = await untilTurnOf("designer", tableId, "red");
        if (load.status !== "midgame") break;
        await humanTurn(s, load, "red");
      }
      await untilTurnOf("designer", tableId, "red");
    } finally {
      botInputWatchers.delete(watch);
    }

    const events = await storedEvents(tableId);
    const blue = events.filter((e) => actorOf(e.event) === "blue");
    const red = events.filter((e) => actorOf(e.event) === "red");
    // The bot answered each of the person's turns (and opened, when it was White).
    expect(red.length).toBeGreaterThanOrEqual(4);
    expect(blue.length).toBeGreaterThanOrEqual(red.length);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    for (const e of blue) {
      expect(e.kind).toBe("turn");
      expect(e.userId).toBeNull();
      expect(e.turnUid).toMatch(/^bot-/);
    }
    // The bot was handed its seat's view: the view's constant random state, never the table's.
    expect(seen.length).toBeGreaterThanOrEqual(blue.length);
    for (const input of seen) {
      expect(input.seat).toBe("blue");
      expect(input.view.rng).toEqual({ state: 0 });
    }
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
    expect(row!.seats.find((s) => s.color === "blue")).toMatchObject({ bot: "chess-1", userId: null });
  });

  it("hands a Night Market bot its own view: a rival's hand is backs", async () => {
    const tableId = await tableWithCreatorAtRed("night-market", { moths: false });
    expect(
      (
        await as.designer.post(`/api/projects/night-market/${tableId}/seat-bot`, {
          color: "blue",
          kind: "random",
        })
      ).status,
    ).toBe(200);
    expect((await as.designer.post(`/api/projects/night-market/${tableId}/start-table`, {})).status).toBe(
      200,
    );
    const seen: Situation[] = [];
    const watch = (input: { tableId: string; seat: string; view: Situation }) => {
      if (input.tableId === tableId) seen.push(input.view);
    };
    const redHandIn = (view: Situation) =>
      (findComponent(view.root, "area-red")?.children.hand ?? []) as Component[];
    botInputWatchers.add(watch);
    try {
      const { s } = await tab("designer", tableId);
      // Red may sell its whole hand before the bot's first turn (two goods of one kind are one set), so
      // the game goes on until the bot has been handed a view in which red holds goods: with an empty
      // hand red's only turn is a purchase, so that comes within a round.
      while (!seen.some((v) => redHandIn(v).length > 0)) {
        const [row] = await server.database.db
          .select({ status: tables.status })
          .from(tables)
          .where(eq(tables.id, tableId));
        expect(row!.status).toBe("midgame");
        if (mayAct(await fullSituation(tableId), "red"))
          await humanTurn(s, await open("designer", tableId), "red");
        else await sleep(100);
      }
    } finally {
      botInputWatchers.delete(watch);
    }
    const view = seen.find((v) => redHandIn(v).length > 0)!;
    // Red's goods are faces on the server (its start deals them) and a back in every view the bot had.
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
    const start = row!.startSituation as Situation;
    const dealt = (findComponent(start.root, "area-red")?.children.hand ?? []) as Component[];
    expect(dealt.length).toBeGreaterThan(0);
    expect(dealt.every((c) => typeof c.options.cardId === "string")).toBe(true);
    for (const v of seen) {
      for (const shown of redHandIn(v)) {
        expect(shown.placeholder).toBe("back");
        expect(shown.options.cardId).toBeUndefined();
      }
    }
    const deck = findComponent(view.root, "goods-deck")!;
    expect((deck.children.deck as Component[]).every((c) => c.placeholder === "back")).toBe(true);
    expect(view.rng).toEqual({ state: 0 });
  });
});

describe("the creator removes a bot before the start", () => {
  it("frees its seat, and the lobby hears it as a leave; nobody else may, nor after the start", async () => {
    const tableId = await tableWithCreatorAtRed("chess");
    const watcher = recorder(await openTab(server, as.outsider, "tab-bots-lobby"));
    await as.outsider.get(`/api/projects/get-project-detail/chess?status=open&sessionId=tab-bots-lobby`);
    const seat = `/api/projects/chess/${tableId}/seat-bot`;
    const remove = `/api/projects/chess/${tableId}/remove-bot`;
    expect((await as.designer.post(seat, { color: "blue", kind: "chess-2" })).status).toBe(200);
    expect(JSON.parse((await watcher.next("player-joined")) as string)).toMatchObject({ color: "blue" });

    const other = await as.player.post(remove, { color: "blue" });
    expect(other.status).toBe(403);
    expect(other.text).toBe(BOT_MESSAGES.onlyCreatorRemoves);
    expect((await as.admin.post(remove, { color: "blue" })).status).toBe(403);
    // The creator's own seat and a free colour hold no bot.
    const person = await as.designer.post(remove, { color: "red" });
    expect(person.status).toBe(409);
    expect(person.text).toBe(BOT_MESSAGES.noBot("red"));
    expect((await as.designer.post(remove, { color: "green" })).status).toBe(409);
    expect((await as.designer.post(remove, { color: 7 })).status).toBe(400);
    expect(
      (await as.designer.post(`/api/projects/chess/no-such-table/remove-bot`, { color: "blue" })).status,
    ).toBe(404);

    expect((await as.designer.post(remove, { color: "blue" })).status).toBe(200);
    expect(JSON.parse((await watcher.next("player-left")) as string)).toEqual({
      tableId,
      color: "blue",
      userInfo: { username: "Bot (Chess engine, level 2)", badges: [] },
    });
    // The seat is empty again: gone from the tile and the row, and a person may take the colour.
    expect((await open("designer", tableId)).playerColors.map((s) => s.color)).toEqual(["red"]);
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
    expect(row!.seats.map((s) => s.color)).toEqual(["red"]);
    expect((await as.designer.post(remove, { color: "blue" })).status).toBe(409);
    expect((await as.player.get(`/api/projects/chess/join-table/${tableId}?color=blue`)).status).toBe(200);
    expect(
      (await open("designer", tableId)).playerColors.find((s) => s.color === "blue")?.bot,
    ).toBeUndefined();
  });

  it("not once the table has started: the bot plays on", async () => {
    const tableId = await tableWithCreatorAtRed("chess");
    expect(
      (await as.designer.post(`/api/projects/chess/${tableId}/seat-bot`, { color: "blue", kind: "random" }))
        .status,
    ).toBe(200);
    expect((await as.designer.post(`/api/projects/chess/${tableId}/start-table`, {})).status).toBe(200);
    const late = await as.designer.post(`/api/projects/chess/${tableId}/remove-bot`, { color: "blue" });
    expect(late.status).toBe(409);
    expect(late.text).toBe(BOT_MESSAGES.removeStarted);
    expect((await open("designer", tableId)).playerColors.find((s) => s.color === "blue")?.bot).toBe(
      "Bot (Random)",
    );
  });
});

describe("a bot thinks off the server's thread", () => {
  it("a request sent while a level-4 chess bot thinks is answered before its choice comes back", {
    timeout: 60_000,
  }, async () => {
    const tableId = await tableWithCreatorAtRed("chess");
    expect(
      (await as.designer.post(`/api/projects/chess/${tableId}/seat-bot`, { color: "blue", kind: "chess-4" }))
        .status,
    ).toBe(200);
    expect((await as.designer.post(`/api/projects/chess/${tableId}/start-table`, {})).status).toBe(200);

    // In order: the bot is handed its view, a person's request is sent, its answer, the bot's choice.
    // On the server's thread the search would run between the first two and hold the answer back.
    const order: string[] = [];
    let asked: Promise<void> | null = null;
    const thinking = (input: { tableId: string; seat: string }) => {
      if (input.tableId !== tableId || asked !== null) return;
      order.push("thinking");
      asked = as.player.get("/api/get-project-list").then((r) => {
        order.push(`answered ${r.status}`);
      });
    };
    const chosen = (choice: { tableId: string; kind: string; fallback: boolean }) => {
      if (choice.tableId === tableId)
        order.push(`chosen by ${choice.kind}${choice.fallback ? " (fallback)" : ""}`);
    };
    botInputWatchers.add(thinking);
    botChoiceWatchers.add(chosen);
    try {
      const { s } = await tab("designer", tableId);
      // The bot may be Black: then it thinks after the person's first move.
      while (!order.some((o) => o.startsWith("chosen"))) {
        if (mayAct(await fullSituation(tableId), "red"))
          await humanTurn(s, await open("designer", tableId), "red");
        else await sleep(50);
      }
      await asked;
    } finally {
      botInputWatchers.delete(thinking);
      botChoiceWatchers.delete(chosen);
    }
    expect(order.slice(0, 3)).toEqual(["thinking", "answered 200", "chosen by chess-4"]);
    // Its turn was written, as the bot's.
    await untilTurnOf("designer", tableId, "red");
    const blue = (await storedEvents(tableId)).filter((e) => actorOf(e.event) === "blue");
    expect(blue.length).toBeGreaterThanOrEqual(1);
  });
});

describe("a table's admin replaces a player who left with a bot", () => {
  it("only when the player has no tab open, and only an admin; the bot plays on", async () => {
    const tableId = await tableWithCreatorAtRed("chess");
    expect((await as.player.get(`/api/projects/chess/join-table/${tableId}?color=blue`)).status).toBe(200);
    expect((await as.designer.post(`/api/projects/chess/${tableId}/start-table`, {})).status).toBe(200);
    const path = `/api/projects/chess/${tableId}/replace-with-bot`;
    const body = { color: "blue", kind: "random" };

    const away = await tab("player", tableId);
    const here = await as.admin.post(path, body);
    expect(here.status).toBe(409);
    expect(here.text).toBe(BOT_MESSAGES.stillHere("player"));
    away.s.close();

    // Not an admin of the table (the admin controls: site admins, the project's designers): refused.
    for (const who of ["designer", "outsider"] as const) {
      const refused = await as[who].post(path, body);
      expect(refused.status).toBe(403);
      expect(refused.text).toBe(BOT_MESSAGES.onlyAdmin);
    }
    // Presence notices the closed tab (realtime/presence.ts): then the seat may change hands.
    for (;;) {
      const answer = await as.admin.post(path, body);
      if (answer.status === 200) break;
      expect(answer.text).toBe(BOT_MESSAGES.stillHere("player"));
      await sleep(100);
    }
    const load = await open("designer", tableId);
    expect(load.playerColors.find((s) => s.color === "blue")?.bot).toBe("Bot (Random)");
    expect((await as.player.get(`/api/table-open/${tableId}`)).json().yourSeat).toBeNull();

    const { s } = await tab("designer", tableId);
    for (let turn = 0; turn < 2; turn++) {
      const mine = await untilTurnOf("designer", tableId, "red");
      if (mine.status !== "midgame") break;
      await humanTurn(s, mine, "red");
    }
    await untilTurnOf("designer", tableId, "red");
    const blue = (await storedEvents(tableId)).filter((e) => actorOf(e.event) === "blue");
    expect(blue.length).toBeGreaterThanOrEqual(2);
    expect(blue.every((e) => e.userId === null)).toBe(true);
  });
});
