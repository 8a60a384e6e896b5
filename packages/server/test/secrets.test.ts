import {
  type Component,
  createTableHolder,
  FULL_VIEW,
  findComponent,
  isWholeRecord,
  type JsonObject,
  type Situation,
  SPECTATOR,
  sightOf,
  type TableEvent,
  type TableHolder,
  unpackLines,
  walk,
} from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import type {
  TableEventMessage,
  TableInfo,
  TableLoadResponse,
  TableLogResponse,
  TableSubscribeAck,
} from "@tt/protocol";
import { asc, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, tableEvents, tables } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";

// Secrets stay on the server (DESIGN.md 'Hidden information'): what each user of a running Night
// Market table is sent, checked against the full situation the server keeps.

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

/** The table as the server holds it, folded from the database. */
async function fullTable(tableId: string): Promise<TableHolder> {
  const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
  const events = await server.database.db
    .select({ event: tableEvents.event })
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
  return createTableHolder({
    start: row!.startSituation as Situation,
    events: events.map((e) => e.event as TableEvent),
    module: registry.moduleFor(row!.projectSlug),
    project: { pieces: piecesOf(row!.components as ComponentTree), options: row!.options as JsonObject },
  });
}

/** A started Night Market table: the designer red, the player blue. */
async function nightMarket(tableMode = "competitive-edit") {
  const t = (
    await as.designer.post("/api/projects/night-market/new-table", {
      start_position: { options: { moths: false } },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.designer.get(`/api/projects/night-market/join-table/${t.tableId}?color=red`);
  await as.player.get(`/api/projects/night-market/join-table/${t.tableId}?color=blue`);
  expect((await as.designer.post(`/api/projects/night-market/${t.tableId}/start-table`, {})).status).toBe(
    200,
  );
  if (tableMode !== "competitive-edit")
    await server.database.db.update(tables).set({ tableMode }).where(eq(tables.id, t.tableId));
  return t.tableId;
}

const open = async (who: Role, tableId: string, query = "") =>
  (await as[who].get(`/api/table-open/${tableId}${query}`)).json() as TableLoadResponse;

async function tab(who: Role, tableId: string, fullView = false) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  const ack = (await s.emitWithAck("table-subscribe", {
    tableId,
    lastSeq: -1,
    fullView,
  })) as TableSubscribeAck;
  return { s, rec, ack };
}

/** Every component of a view whose identity the viewer may not see carries none: checked against the server's own. */
function expectOnlyWhatItMaySee(view: Situation, full: Situation, holder: TableHolder, viewer: string) {
  const sight = sightOf(full, holder.ctx, holder.module);
  const seen = sight.of(viewer);
  const shown = new Map<string, Component>();
  walk(view.root, (c) => shown.set(c.id, c));
  let hidden = 0;
  sight.components.forEach((c, i) => {
    const v = shown.get(c.id);
    expect(v, `${c.id} is in the view`).toBeDefined();
    if (seen[i] === "face") return;
    hidden++;
    expect(v?.placeholder).toBeDefined();
    expect(v?.options.cardId).toBeUndefined();
    expect(v?.variables).toBeUndefined();
  });
  expect(hidden).toBeGreaterThan(0);
  expect(view.rng).toEqual({ state: 0 });
}

const cardIds = (s: Situation, parent: string, position: string) =>
  ((findComponent(s.root, parent)?.children[position] ?? []) as Component[]).map((c) => c.id);

describe("a running table sends each user only what they may see", () => {
  it("opens as each player's own view and a spectator's, never the deck or a rival's hand", async () => {
    const tableId = await nightMarket();
    const holder = await fullTable(tableId);
    for (const [who, viewer] of [
      ["designer", "red"],
      ["player", "blue"],
      ["outsider", SPECTATOR],
    ] as const) {
      const load = await open(who, tableId);
      expect(load.start_position).toBeNull();
      expect(load.events).toEqual([]);
      expect(load.live?.viewer).toBe(viewer);
      expectOnlyWhatItMaySee(load.live!.situation, holder.live, holder, viewer);
      // The draw pile: its length, never its cards.
      const deck = findComponent(load.live!.situation.root, "goods-deck")!;
      const pile = deck.children.deck as Component[];
      expect(pile.length).toBeGreaterThan(20);
      expect(pile.every((c) => c.placeholder === "back" && c.options.cardId === undefined)).toBe(true);
    }
    // Red's own goods are faces to red, backs to blue.
    const red = (await open("designer", tableId)).live!.situation;
    const blue = (await open("player", tableId)).live!.situation;
    for (const id of cardIds(holder.live, "area-red", "hand")) {
      expect(findComponent(red.root, id)?.options.cardId).toBeDefined();
      expect(findComponent(blue.root, id)?.placeholder).toBe("back");
    }
  });

  it("sends each seat its own copy of a turn: a bought card comes back under a new id for the rival", async () => {
    const tableId = await nightMarket();
    const before = await fullTable(tableId);
    const active = before.live.gameState.current.activePlayer as string;
    const [buyer, rival] =
      active === "red" ? (["designer", "player"] as const) : (["player", "designer"] as const);
    const rivalColor = active === "red" ? "blue" : "red";
    const b = await tab(buyer, tableId);
    const r = await tab(rival, tableId);
    const free = (findComponent(before.live.root, "market")!.children.row as Record<string, Component>)["1"]!;
    b.s.emit("game-move", {
      tableId,
      moveId: 0,
      turnUID: "buy",
      actions: [{ kind: "click component", componentId: free.id }],
      editMode: false,
    });
    const mine = ((await b.rec.next("table-event")) as TableEventMessage & { type: "game-move" }).event;
    const theirs = ((await r.rec.next("table-event")) as TableEventMessage & { type: "game-move" }).event;
    expect(mine).not.toEqual(theirs);
    const after = await fullTable(tableId);
    const renamed = after.follow(free.id);
    expect(renamed).not.toBe(free.id);
    // The buyer is told where the card it keeps seeing went; the rival only sees a new back appear.
    expect(mine.renamed).toEqual([[free.id, renamed]]);
    expect(theirs.renamed).toBeUndefined();
    const rivalsRecord = theirs.patch?.components?.find((c) => c.id === renamed);
    expect(rivalsRecord).toMatchObject({ placeholder: "back", options: { facedown: true } });
    // A new piece to the rival: its whole record, without what the card is.
    if (rivalsRecord === undefined || !isWholeRecord(rivalsRecord))
      throw new Error("no record of the new back");
    expect(rivalsRecord.options.cardId).toBeUndefined();
    // Nothing of a move reaches a client: an outline for the animations only.
    for (const event of [mine, theirs]) {
      expect(event).not.toHaveProperty("moves");
      expect(JSON.stringify(event)).not.toContain('"rng"');
    }
    // The rival's view after the event is exactly what the server computes for that seat.
    const view = after.view(rivalColor);
    expect((await open(rival, tableId)).live?.situation).toEqual(JSON.parse(JSON.stringify(view)));
  });

  it("lets a site admin who holds no seat watch with the full view, and tells the players", async () => {
    const tableId = await nightMarket();
    const player = await tab("player", tableId);
    const watcher = await tab("admin", tableId, true);
    expect(watcher.ack).toMatchObject({ ok: true, viewer: FULL_VIEW, fullViewers: ["admin"] });
    const told = (await player.rec.next("table-event")) as TableEventMessage & { type: "full-viewers" };
    expect(told).toMatchObject({ type: "full-viewers", usernames: ["admin"] });
    const full = (watcher.ack as { situation: Situation }).situation;
    const holder = await fullTable(tableId);
    expect(full).toEqual(JSON.parse(JSON.stringify({ ...holder.live, rng: { state: 0 } })));
    // A player asking for it is refused; a seated designer plays with their seat's view.
    const asked = await tab("player", tableId, true);
    expect(asked.ack).toMatchObject({ ok: false, code: "table/not-allowed" });
    expect((await open("designer", tableId, "?view=full")).live?.viewer).toBe("red");
    watcher.s.close();
    const gone = (await player.rec.next("table-event")) as TableEventMessage & { type: "full-viewers" };
    expect(gone.usernames).toEqual([]);
  });
});

describe("edit mode reveals nothing by itself", () => {
  it("shows a seated player in edit mode the deck as backs; a look is logged for all and shows it to the looker only", async () => {
    const tableId = await nightMarket();
    const url = `/api/container-content?tableId=${tableId}&containerId=goods-deck`;
    const backs = (await as.player.get(url)).json() as { components: Component[] };
    expect(backs.components.length).toBeGreaterThan(20);
    expect(backs.components.every((c) => c.placeholder === "back" && c.options.cardId === undefined)).toBe(
      true,
    );
    const p = await tab("player", tableId);
    const d = await tab("designer", tableId);
    p.s.emit("game-move", {
      tableId,
      moveId: 0,
      turnUID: "look",
      editMode: true,
      actions: [{ kind: "raw move", move: { type: "look", componentId: "goods-deck" } }],
    });
    const seen = ((await d.rec.next("table-event")) as TableEventMessage & { type: "game-move" }).event;
    expect(
      unpackLines(seen.log, seen).map((l) => [l.event.sourcePlayer, l.message, l.event.editMode]),
    ).toEqual([["blue", "looked at deck", true]]);
    expect(seen.preventUndo).toBe(true);
    const faces = (await as.player.get(url)).json() as { components: Component[] };
    expect(faces.components.every((c) => c.placeholder === undefined && c.options.cardId !== undefined)).toBe(
      true,
    );
    expect(
      ((await as.designer.get(url)).json() as { components: Component[] }).components[0]?.placeholder,
    ).toBe("back");
    // An edit-mode turn at a competitive table marks its result.
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
    expect(row?.edited).toBe(true);
  });
});

describe("an ended table reveals everything", () => {
  it("answers with the whole log and the start without its random state, which folds to the end", async () => {
    const tableId = await nightMarket();
    expect(await as.player.get(`/api/table-log/${tableId}`)).toMatchObject({
      status: 409,
      text: "The game has not ended: its log stays on the server.",
    });
    const p = await tab("player", tableId);
    // The player ends the game in edit mode (the result is then marked as edited).
    p.s.emit("game-move", {
      tableId,
      moveId: 0,
      turnUID: "end",
      editMode: true,
      actions: [{ kind: "raw move", move: { type: "game end" } }],
    });
    await p.rec.next("table-event");
    // The load says where the log is (it is stored apart: endedLog.test.ts); the page reads it there.
    const load = await open("outsider", tableId);
    expect(load.status).toBe("ended");
    expect(load.live).toBeNull();
    expect(load.endedLog).toBe(`/api/table-log/${tableId}`);
    const read = await as.outsider.get(load.endedLog!);
    const log = read.json() as TableLogResponse;
    expect(log.start_position.rng).toEqual({ state: 0 });
    expect(log.events.map((e) => e.kind)).toEqual(["turn"]);
    const holder = await fullTable(tableId);
    const replayed = createTableHolder({
      start: log.start_position,
      events: log.events,
      module: holder.module,
      project: { pieces: holder.ctx.pieces, options: holder.ctx.options },
    });
    expect({ ...replayed.live, rng: null }).toEqual(
      JSON.parse(JSON.stringify({ ...holder.live, rng: null })),
    );
    // Every seat's page asks at the end: each gets the same text.
    expect((await as.designer.get(`/api/table-log/${tableId}`)).text).toBe(read.text);
    // A closed project's ended tables stay its members' (and site admins') only.
    const { db } = server.database;
    await db.update(projects).set({ visibility: "closed" }).where(eq(projects.slug, "night-market"));
    try {
      expect((await as.outsider.get(`/api/table-log/${tableId}`)).status).toBe(404);
      expect((await as.admin.get(`/api/table-log/${tableId}`)).text).toBe(read.text);
    } finally {
      await db.update(projects).set({ visibility: "public" }).where(eq(projects.slug, "night-market"));
    }
  });
});
