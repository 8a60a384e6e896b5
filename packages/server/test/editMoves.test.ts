import type { Action, Component, Move, Situation, TurnEvent } from "@tt/engine";
import type { TableEventMessage, TableInfo, TableLoadResponse, TableRejectMessage } from "@tt/protocol";
import { TABLE_REFUSALS } from "@tt/protocol";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableEvents, tables } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";

// Edit mode by hand (game-table.md sections 1 and 3): every kind of move the table's edit tools send
// (as 'raw move' actions of an edit-mode turn) is taken by the server at a sandbox table, stored with
// the edit flag on the event and on each move, and read in the log as an edit line. Where the table's
// mode allows no edit mode the same turn is refused; at a competitive table that allows it, the turn
// marks the table as edited.

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

async function tab(who: Role, tableId: string) {
  const s = await openTab(server, as[who], `edit-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  /** The next turn's event (other table events, a player joining, are passed over). */
  const nextTurn = async () => {
    for (;;) {
      const got = (await rec.next("table-event")) as TableEventMessage;
      if (got.type === "game-move") return got;
    }
  };
  return { s, rec, nextTurn };
}

const raw = (move: Move): Action[] => [{ kind: "raw move", move }];

function find(root: Component, test: (c: Component) => boolean): Component | undefined {
  if (test(root)) return root;
  for (const kids of Object.values(root.children))
    for (const kid of Array.isArray(kids) ? kids : Object.values(kids)) {
      const hit = find(kid, test);
      if (hit) return hit;
    }
  return undefined;
}

const storedEvent = async (tableId: string, seq: number) =>
  (
    await server.database.db
      .select({ event: tableEvents.event })
      .from(tableEvents)
      .where(and(eq(tableEvents.tableId, tableId), eq(tableEvents.seq, seq)))
  )[0]?.event as TurnEvent | undefined;

const editedFlag = async (tableId: string) =>
  (await server.database.db.select({ edited: tables.edited }).from(tables).where(eq(tables.id, tableId)))[0]
    ?.edited;

describe("edit moves by hand", () => {
  it("are taken at a sandbox table, every kind, stored and logged as edit moves", async () => {
    const body = {
      start_position: { options: { handSize: "5" }, playerColors: ["red", "blue"] },
      tableMode: "public-sandbox",
    };
    const t = (await as.player.post("/api/projects/sandbox/new-table", body)).json() as TableInfo;
    const load = (await as.player.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    const start = load.live!.situation as Situation;
    const area = find(start.root, (c) => c.id === "area-red") as Component;
    const [card, other] = area.children.hand as Component[];
    const moves: Move[] = [
      // Anywhere: a card onto the red player's token pile.
      { type: "component move", componentId: card!.id, destinationId: "area-red", positionName: "tokens" },
      { type: "set component option", componentId: card!.id, option: "facedown", value: true },
      {
        type: "component create",
        name: "token-red",
        componentType: "token",
        destinationId: "table",
        positionName: "play",
      },
      { type: "move to bank", componentId: "the created token", bankId: "bank-red" },
      { type: "discard", componentId: other!.id },
      { type: "inc counter", player: "blue", counter: "coins", amount: 3 },
      { type: "set counter", player: "blue", counter: "points", value: 7 },
      { type: "set component variable", componentId: "die-1", variable: "face", value: 6 },
      { type: "return to top", componentId: card!.id, deckId: "deck" },
      { type: "reshuffle", componentId: "deck" },
      {
        type: "set player attr",
        player: "red",
        attr: "team",
        value: 2,
        logMessage: "set team of red to 2",
      },
    ];
    const w = await tab("player", t.tableId);
    // A card turned away from someone's eyes gets a new id (view/reissue.ts); the event says which.
    const ids = new Map<string, string>();
    const follow = (move: Move): Move => {
      const id = "componentId" in move ? move.componentId : null;
      const now = id === null ? undefined : ids.get(id);
      return now === undefined ? move : ({ ...move, componentId: now } as Move);
    };
    for (const [seq, planned] of moves.entries()) {
      const move = follow(planned);
      w.s.emit("game-move", {
        tableId: t.tableId,
        moveId: seq,
        turnUID: `edit-${seq}`,
        actions: raw(move),
        editMode: true,
        seat: "red",
      });
      const got = await w.nextTurn();
      // The created component's new id is the one its log line shows.
      if (move.type === "component create")
        ids.set("the created token", got.event.log[0]?.logDisplayComponent as string);
      for (const [from, to] of got.event.renamed ?? [])
        for (const [first, now] of [...ids.entries(), [from, from] as const])
          if (now === from) ids.set(first, to);
      expect(got.event, move.type).toMatchObject({ seq, editMode: true, kind: "turn" });
      // Log lines leave out what the header says: an edit line is one that does not say otherwise.
      expect(got.event.log.length, move.type).toBeGreaterThan(0);
      expect(got.event.log.every((line) => line.editMode !== false)).toBe(true);
      const stored = await storedEvent(t.tableId, seq);
      expect(stored?.moves[0]).toMatchObject({ type: move.type, editMode: true, sourcePlayer: "red" });
    }
    expect(w.rec.events.filter((e) => e.name === "table-event-reject")).toEqual([]);

    const after = ((await as.player.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse).live!
      .situation as Situation;
    const blue = after.players.find((p) => p.color === "blue");
    expect(blue?.counters.map((c) => [c.name, c.value])).toEqual([
      ["points", 7],
      ["coins", 3],
    ]);
    expect(after.players.find((p) => p.color === "red")?.customAttrs).toEqual({ team: 2 });
    expect(find(after.root, (c) => c.id === "die-1")?.variables).toMatchObject({ face: 6 });
    // The created token went back into the red bank: one more than the ten it started with.
    expect(find(after.root, (c) => c.id === "bank-red")?.children.bank).toHaveLength(11);
    // A sandbox is for editing: its results are not marked.
    expect(await editedFlag(t.tableId)).toBe(false);
  });

  it("are refused where the table's mode allows no edit mode, and mark a competitive table edited", async () => {
    const t = (
      await as.designer.post("/api/projects/sandbox/new-table", {
        start_position: { options: {}, playerColors: ["red", "blue"] },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await as.designer.get(`/api/projects/sandbox/join-table/${t.tableId}?color=red`);
    await as.player.get(`/api/projects/sandbox/join-table/${t.tableId}?color=blue`);
    expect((await as.designer.post(`/api/projects/sandbox/${t.tableId}/start-table`, {})).status).toBe(200);
    const turn = (moveId: number, editMode: boolean) => ({
      tableId: t.tableId,
      moveId,
      turnUID: `c-${moveId}-${editMode}-${Math.random()}`,
      actions: raw({ type: "inc counter", player: "blue", counter: "coins", amount: 5 }),
      editMode,
    });
    const b = await tab("player", t.tableId);
    // A raw move is edit mode's alone.
    b.s.emit("game-move", turn(0, false));
    expect(((await b.rec.next("table-event-reject")) as TableRejectMessage).code).toBe(
      "turn/raw-move-outside-edit-mode",
    );
    await server.database.db.update(tables).set({ tableMode: "competitive" }).where(eq(tables.id, t.tableId));
    b.s.emit("game-move", turn(0, true));
    expect(((await b.rec.next("table-event-reject")) as TableRejectMessage).code).toBe(
      TABLE_REFUSALS.editModeNotAllowed,
    );
    expect(await editedFlag(t.tableId)).toBe(false);
    await server.database.db
      .update(tables)
      .set({ tableMode: "competitive-edit" })
      .where(eq(tables.id, t.tableId));
    b.s.emit("game-move", turn(0, true));
    const got = await b.nextTurn();
    expect(got.event).toMatchObject({ seq: 0, editMode: true });
    expect(await editedFlag(t.tableId)).toBe(true);
  });
});
