import type { TableEventMessage, TableInfo, TableLoadResponse } from "@tt/protocol";
import { createClient } from "redis";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinLine } from "../src/realtime/presence";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, PRESENCE_EVENT, type Role, recorder } from "./lobbyFixture";
import { BrowserKeys, FakePushService } from "./push/fakePushService";

// Who has a table open, across two instances joined by Redis. 'It is your turn' goes only to a player
// with the table open in no tab on any instance, and asking every instance is a round trip that waits
// for the slowest: it must happen only when its answer can matter (the player has a push subscription
// and no tab on the instance that handled the turn). Closing a table page and leaving a lobby address
// the tab wherever it is, without asking every instance.

// Socket.IO's Redis adapter: request type 5 is 'fetch the sockets of these rooms from every instance'.
const REMOTE_FETCH = 5;

describe.runIf(!!process.env.REDIS_URL)("table presence across two instances", () => {
  const prefix = `tt-presence-${process.pid}-${Date.now()}`;
  let a: TestServer;
  let b: TestServer;
  let as: Record<Role, Client>;
  let fake: FakePushService;
  const keys = new BrowserKeys();
  const sockets: Socket[] = [];
  const listener = createClient({ url: process.env.REDIS_URL });
  let fetches = 0;

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: prefix, RATE_LIMIT_PER_IP: "10000" };
    a = await startTestServer(env);
    b = await startTestServer(env, a.database);
    as = await lobbyWorld(a);
    fake = await new FakePushService().start();
    await listener.connect();
    await listener.subscribe(`${prefix}:socket.io-request#/#`, (message) => {
      if ((JSON.parse(message) as { type?: number }).type === REMOTE_FETCH) fetches++;
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await listener.quit();
    await fake.close();
    await b.close();
    await a.close();
  });

  const tab = async (server: TestServer, who: Role, sessionId: string, tableId: string) => {
    const s = await openTab(server, as[who], sessionId);
    sockets.push(s);
    const rec = recorder(s);
    expect(await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })).toMatchObject({ ok: true });
    return { s, rec };
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const turnNotices = (who: string) =>
    fake
      .for(who)
      .filter((r) => (JSON.parse(keys.decrypt(r.body)) as { title: string }).title === "It is your turn");

  async function chessTable() {
    const t = (
      await as.designer.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await as.designer.get(`/api/projects/chess/join-table/${t.tableId}?color=red`);
    await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=blue`);
    expect((await as.designer.post(`/api/projects/chess/${t.tableId}/start-table`, {})).status).toBe(200);
    const load = (await as.designer.get(`/api/table-open/${t.tableId}`)).json() as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    const white: Role = load.live.situation.globals.sides.white === "red" ? "designer" : "player";
    const black: Role = white === "designer" ? "player" : "designer";
    return { tableId: t.tableId, white, black };
  }

  const isTableEvent = (name: string) => name === "table-event" || name === PRESENCE_EVENT;
  /** Waits until the recorder has a table event that `matches`. */
  const heard = async (rec: ReturnType<typeof recorder>, matches: (m: TableEventMessage) => boolean) => {
    for (let i = 0; i < 300; i++) {
      if (rec.events.some((e) => isTableEvent(e.name) && matches(e.payload as TableEventMessage))) return;
      await pause(10);
    }
    throw new Error("not heard");
  };
  const chatSays = (text: string) => (m: TableEventMessage) =>
    m.type === "chat-message" && m.chat.message === text;

  /** Plays a chess move from `from` to `to` and waits for its broadcast. */
  async function play(s: Socket, tableId: string, moveId: number, piece: string, to: string) {
    // The turn's event, not a player arriving or leaving meanwhile (presence.ts).
    const done = new Promise<void>((resolve) => {
      const listener = (m: TableEventMessage) => {
        if (m.type !== "game-move") return;
        s.off("table-event", listener);
        resolve();
      };
      s.on("table-event", listener);
    });
    s.emit("game-move", {
      tableId,
      moveId,
      turnUID: `${tableId}-${moveId}`,
      editMode: false,
      actions: [
        { kind: "click component", componentId: piece },
        { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: to },
      ],
    });
    await done;
    // The notice is sent after the broadcast: give it (and any request it makes) time to happen.
    await pause(300);
  }

  it("asks the other instances only for a subscribed player with no tab here, and pushes only to one watching nowhere", async () => {
    const { tableId, white, black } = await chessTable();
    const w = await tab(a, white, "white-on-a", tableId);

    // Black has no push subscription: nothing to send, so nobody is asked.
    fetches = 0;
    await play(w.s, tableId, 0, "white-pawn-e2", "e4");
    expect(fetches).toBe(0);
    expect(fake.for(black)).toHaveLength(0);

    // Black subscribes and opens the table on B; White, unsubscribed, is not asked about either.
    expect((await as[black].post("/api/subscribe", keys.subscription(fake.endpoint(black)))).status).toBe(
      200,
    );
    const bl = await tab(b, black, "black-on-b", tableId);
    // Its subscribe asked every instance who is at the table (presence.ts); the turns are counted here.
    fetches = 0;
    await play(bl.s, tableId, 1, "black-pawn-e7", "e5");
    expect(fetches).toBe(0);

    // Black's turn again, handled by A: A asks B, which has Black's tab, so no notice.
    await play(w.s, tableId, 2, "white-knight-g1", "f3");
    expect(fetches).toBe(1);
    expect(turnNotices(black)).toHaveLength(0);

    // Black closes the table; the next turn is pushed to Black.
    await play(bl.s, tableId, 3, "black-knight-b8", "c6");
    bl.s.close();
    await pause(200);
    await play(w.s, tableId, 4, "white-bishop-f1", "c4");
    for (let i = 0; i < 100 && turnNotices(black).length === 0; i++) await pause(20);
    expect(turnNotices(black)).toHaveLength(1);
    expect(fetches).toBe(2);
  });

  it("closes a table page and leaves a lobby for a tab on the other instance", async () => {
    const { tableId, white, black } = await chessTable();
    const w = await tab(a, white, "white-chat-a", tableId);
    const bl = await tab(b, black, "black-chat-b", tableId);
    // Black's arrival has been told (its chat line is the last of it) before anything is counted.
    await heard(bl.rec, chatSays(joinLine(black)));
    bl.rec.events.length = 0;
    fetches = 0;

    // Black's page on B is closed through A: it hears nothing more from the table.
    expect((await as[black].get(`/api/table-close/${tableId}?sessionId=black-chat-b`)).status).toBe(200);
    w.s.emit("chat message", { tableId, message: "still there?" });
    await heard(w.rec, chatSays("still there?"));
    await pause(300);
    expect(bl.rec.events.filter((e) => isTableEvent(e.name))).toEqual([]);

    // Black's tab on B opens the chess lobby through A, and hears of a new table there; after leaving
    // it (through A again) it does not.
    expect(
      (await as[black].get("/api/projects/get-project-detail/chess?sessionId=black-chat-b")).status,
    ).toBe(200);
    const created = (
      await as.designer.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    expect(await bl.rec.next("table-create")).toMatchObject({ tableId: created.tableId });
    expect((await as[black].get("/api/leave-lobby/chess?sessionId=black-chat-b")).status).toBe(200);
    await as.designer.post("/api/projects/chess/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    });
    await pause(300);
    expect(bl.rec.events.filter((e) => e.name === "table-create")).toEqual([]);
    expect(fetches).toBe(0);
  });

  it("lists who is at a table on either instance, and keeps a player there while a tab of theirs is", async () => {
    // The request counter is a subscriber of the instances' request channel, so the adapter would wait
    // for its answer too: without it, only the two instances are asked (as in production).
    await listener.unsubscribe(`${prefix}:socket.io-request#/#`);
    const { tableId, white, black } = await chessTable();
    const connected = async () =>
      (
        (await as[white].get(`/api/table-open/${tableId}`)).json() as TableLoadResponse
      ).connectedPlayers.sort();
    const presence = (rec: ReturnType<typeof recorder>) =>
      rec.events
        .filter((e) => e.name === PRESENCE_EVENT)
        .map((e) => e.payload as TableEventMessage & { username?: string })
        .filter((m) => m.type === "player-joined" || m.type === "player-disconnected")
        .map((m) => `${m.type} ${m.username}`);
    const w = await tab(a, white, "white-here-a", tableId);
    const bl = await tab(b, black, "black-here-b", tableId);

    // White, on A, hears Black arrive on B; A's load lists Black's tab on B.
    await heard(w.rec, (m) => m.type === "player-joined" && m.username === black);
    expect(await connected()).toEqual([black, white].sort());

    // Black opens a second tab, on A, then closes the one on B: B says Black left, A that Black is still
    // there (in that order, so the page ends up right).
    w.rec.events.length = 0;
    const second = await tab(a, black, "black-second-a", tableId);
    // A has no tab of Black's yet, so it says Black joined (again; the page already knows).
    await heard(w.rec, (m) => m.type === "player-joined" && m.username === black);
    w.rec.events.length = 0;
    bl.s.close();
    await heard(w.rec, (m) => m.type === "player-joined" && m.username === black);
    expect(presence(w.rec)).toEqual([`player-disconnected ${black}`, `player-joined ${black}`]);
    expect(await connected()).toEqual([black, white].sort());

    // The last tab closes: Black is gone from the list on every instance.
    w.rec.events.length = 0;
    second.s.close();
    await heard(w.rec, (m) => m.type === "player-disconnected" && m.username === black);
    await pause(300);
    expect(presence(w.rec)).toEqual([`player-disconnected ${black}`]);
    expect(await connected()).toEqual([white]);
  });
});
