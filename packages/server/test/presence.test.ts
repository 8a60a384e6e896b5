import type { ChatMessage, TableEventMessage, TableInfo, TableLoadResponse } from "@tt/protocol";
import { and, eq, sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableChat } from "../src/db/schema";
import { joinLine } from "../src/realtime/presence";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, PRESENCE_EVENT, type Role, recorder } from "./lobbyFixture";

// Presence at a table (issue 19, point 1): the table load's connectedPlayers, and the player-joined and
// player-disconnected table events as seated players open and close the table.

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

/** A started chess table: the designer in the first seat, the player in the second. */
async function startedTable(): Promise<string> {
  const t = (
    await as.designer.post("/api/projects/chess/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  const [first, second] = t.possibleColors;
  await as.designer.get(`/api/projects/chess/join-table/${t.tableId}?color=${first}`);
  await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=${second}`);
  expect((await as.designer.post(`/api/projects/chess/${t.tableId}/start-table`, {})).status).toBe(200);
  return t.tableId;
}

/** In seat order from the server; sorted here, as the seat order is not what is tested. */
const connectedSeenBy = async (who: Role, tableId: string) =>
  ((await as[who].get(`/api/table-open/${tableId}`)).json() as TableLoadResponse).connectedPlayers.sort();

/** A tab at the table: its socket, what it receives, and its subscribe answer. */
async function tab(who: Role, tableId: string, sessionId = `tab-${who}-${Math.random()}`) {
  const s = await openTab(server, as[who], sessionId);
  sockets.push(s);
  const rec = recorder(s);
  const ack = (await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })) as {
    ok: boolean;
    connectedPlayers: string[];
    watchers: string[];
  };
  expect(ack.ok).toBe(true);
  /** The table events of one type (about one user) received so far, taken out of the record. */
  const take = (type: TableEventMessage["type"], about?: string) => {
    const found: TableEventMessage[] = [];
    for (let i = rec.events.length - 1; i >= 0; i--) {
      const e = rec.events[i]!;
      const m = e.payload as TableEventMessage & { username?: string; chat?: ChatMessage };
      if (
        (e.name === "table-event" || e.name === PRESENCE_EVENT) &&
        m.type === type &&
        (about === undefined || (m.username ?? m.chat?.username) === about)
      ) {
        found.unshift(e.payload as TableEventMessage);
        rec.events.splice(i, 1);
      }
    }
    return found;
  };
  /** Waits for the next table event of that type. */
  const next = async (type: TableEventMessage["type"], about?: string) => {
    for (let i = 0; i < 300; i++) {
      const [first] = take(type, about);
      if (first) return first;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${type}`);
  };
  return { s, ack, take, next, sessionId };
}

/** Lets what is in flight arrive: a round trip through the server on `s`. */
const settle = async (s: Socket, tableId: string) => {
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: 0 });
  await new Promise((r) => setTimeout(r, 50));
};

describe("presence at a table", () => {
  it("lists who has the table open and tells the others when a player comes and goes", async () => {
    const tableId = await startedTable();
    expect(await connectedSeenBy("designer", tableId)).toEqual([]);

    const red = await tab("designer", tableId);
    expect(red.ack.connectedPlayers.sort()).toEqual(["designer"]);
    const blue = await tab("player", tableId);
    expect(blue.ack.connectedPlayers.sort()).toEqual(["designer", "player"]);

    // Red hears Blue arrive, and reads it in the chat as a player-joined line (stored with the chat).
    expect(await red.next("player-joined", "player")).toEqual({
      tableId,
      type: "player-joined",
      username: "player",
    });
    const line = (await red.next("chat-message", "player")) as { chat: ChatMessage };
    expect(line.chat).toMatchObject({
      username: "player",
      type: "player-joined",
      message: joinLine("player"),
    });
    const load = (await as.outsider.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    expect(load.connectedPlayers.sort()).toEqual(["designer", "player"]);
    expect(
      load.chatMessages
        .filter((m) => m.type === "player-joined")
        .map((m) => m.username)
        .sort(),
    ).toEqual(["designer", "player"]);
    // The line as broadcast is the line as stored: the same time, to the millisecond.
    expect(
      load.chatMessages.find((m) => m.type === "player-joined" && m.username === "player")?.timestamp,
    ).toBe(line.chat.timestamp);

    // A spectator is not among the players: no player-joined for them, and not listed as connected.
    const watcher = await tab("outsider", tableId);
    expect(watcher.ack.connectedPlayers.sort()).toEqual(["designer", "player"]);
    await settle(red.s, tableId);
    expect(red.take("player-joined", "outsider")).toEqual([]);
    expect(await connectedSeenBy("designer", tableId)).toEqual(["designer", "player"]);

    // Blue closes their tab: Red and the spectator hear it, and the load lists only Red.
    blue.s.close();
    expect(await red.next("player-disconnected")).toEqual({
      tableId,
      type: "player-disconnected",
      username: "player",
    });
    expect(await watcher.next("player-disconnected")).toMatchObject({ username: "player" });
    expect(await connectedSeenBy("designer", tableId)).toEqual(["designer"]);
    expect(await connectedSeenBy("player", tableId)).toEqual(["designer"]);

    // The spectator leaving is no player's leaving.
    watcher.s.close();
    await settle(red.s, tableId);
    expect(red.take("player-disconnected")).toEqual([]);

    // Nothing of a socket or a session travels with presence.
    const text = JSON.stringify([red.ack, load.connectedPlayers]);
    expect(text).not.toContain(blue.sessionId);
    expect(text).not.toContain(red.s.id!);
  });

  it("counts a player present while any of their tabs has the table open", async () => {
    const tableId = await startedTable();
    const red = await tab("designer", tableId);
    const first = await tab("player", tableId);
    await red.next("player-joined", "player");
    await red.next("chat-message", "player");

    // A second tab is no news; closing one of two leaves the player there.
    const second = await tab("player", tableId);
    await settle(red.s, tableId);
    expect(red.take("player-joined", "player")).toEqual([]);
    first.s.close();
    await settle(red.s, tableId);
    expect(red.take("player-disconnected")).toEqual([]);
    expect(await connectedSeenBy("designer", tableId)).toEqual(["designer", "player"]);

    // Leaving the page (table-close for that tab) takes the last one away.
    expect((await as.player.get(`/api/table-close/${tableId}?sessionId=${second.sessionId}`)).status).toBe(
      200,
    );
    expect(await red.next("player-disconnected")).toMatchObject({ username: "player" });
    expect(await connectedSeenBy("designer", tableId)).toEqual(["designer"]);

    // Back moments later: announced again, without a second chat line.
    const back = await tab("player", tableId);
    expect(back.ack.connectedPlayers.sort()).toEqual(["designer", "player"]);
    expect(await red.next("player-joined", "player")).toMatchObject({ username: "player" });
    await settle(red.s, tableId);
    expect(red.take("chat-message", "player")).toEqual([]);
    const lines = await server.database.db
      .select()
      .from(tableChat)
      .where(and(eq(tableChat.tableId, tableId), eq(tableChat.username, "player")));
    expect(lines.map((l) => l.type)).toEqual(["player-joined"]);
  });

  it("writes 'joined the table' once per player and table, however long they were away", async () => {
    const tableId = await startedTable();
    const red = await tab("designer", tableId);
    const blue = await tab("player", tableId);
    await red.next("chat-message", "player");
    blue.s.close();
    await red.next("player-disconnected", "player");
    // Their line is a day old now: a visit the next day is still no news in the chat.
    await server.database.db.execute(
      sql`UPDATE table_chat SET created_at = now() - interval '1 day' WHERE table_id = ${tableId}`,
    );
    const back = await tab("player", tableId, "another-session");
    expect(await red.next("player-joined", "player")).toMatchObject({ username: "player" });
    await settle(back.s, tableId);
    await settle(red.s, tableId);
    expect(red.take("chat-message", "player")).toEqual([]);
    const load = (await as.outsider.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    expect(
      load.chatMessages
        .filter((m) => m.type === "player-joined")
        .map((m) => m.username)
        .sort(),
    ).toEqual(["designer", "player"]);
  });
});

describe("who watches", () => {
  it("tells everyone at the table who has it open without a seat, as they come and go", async () => {
    const tableId = await startedTable();
    const red = await tab("designer", tableId);
    expect(red.ack.watchers).toEqual([]);

    // A spectator arrives: the players hear the list, and the spectator's own answer carries it.
    const outsider = await tab("outsider", tableId);
    expect(outsider.ack.watchers).toEqual(["outsider"]);
    expect(await red.next("watchers")).toEqual({ tableId, type: "watchers", usernames: ["outsider"] });
    const mod = await tab("mod", tableId);
    expect(mod.ack.watchers).toEqual(["mod", "outsider"]);
    expect(await red.next("watchers")).toMatchObject({ usernames: ["mod", "outsider"] });

    // A player arriving is no watcher: the list is not told again.
    const blue = await tab("player", tableId);
    expect(blue.ack.watchers).toEqual(["mod", "outsider"]);
    await settle(red.s, tableId);
    expect(red.take("watchers")).toEqual([]);

    // A second tab of the same watcher changes nothing; their last tab closing takes them off.
    const second = await tab("outsider", tableId);
    await settle(red.s, tableId);
    expect(red.take("watchers")).toEqual([]);
    outsider.s.close();
    second.s.close();
    expect(await blue.next("watchers")).toMatchObject({ usernames: ["mod"] });
  });
});
