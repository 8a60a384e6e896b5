import {
  type Action,
  createViewerLog,
  receiveViewEvent,
  type Situation,
  type ViewEvent,
  viewerLogTurns,
} from "@tt/engine";
import {
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableInfo,
  type TableLoadResponse,
  type TableRejectMessage,
} from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";

// Undo (issue 37 point 8). Every undo is logged for everyone: the undo's event reaches every seat and
// every spectator, and each one's log, folded from what the server sent them, reads 'took back their
// move'. And the table option 'Undo asks the opponents': an undo is a request the opponents accept or
// refuse, which lapses after the server's timeout (short here: UNDO_REQUEST_TIMEOUT_MS).

/** The server's wait for an answer: long enough for the answers below, short enough to be waited out. */
const TIMEOUT_MS = 2500;

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000", UNDO_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const click = (componentId: string): Action => ({ kind: "click component", componentId });
const square = (name: string): Action => ({
  kind: "click position",
  destinationId: "board",
  positionName: "squares",
  positionIndex: name,
});

/** A started chess table, the designer and the player seated; who moves first comes from the load. */
async function chessTable(undoAsks = false) {
  const t = (
    await as.designer.post("/api/projects/chess/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
      undoAsks,
    })
  ).json() as TableInfo;
  const [first, second] = t.possibleColors;
  await as.designer.get(`/api/projects/chess/join-table/${t.tableId}?color=${first}`);
  await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=${second}`);
  expect((await as.designer.post(`/api/projects/chess/${t.tableId}/start-table`, {})).status).toBe(200);
  const load = (await as.designer.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
  const active = String(load.live!.situation.gameState.current.activePlayer);
  const seatOf = (name: string) => load.playerColors.find((p) => p.userInfo?.username === name)!.color;
  const mover: Role = seatOf("designer") === active ? "designer" : "player";
  const other: Role = mover === "designer" ? "player" : "designer";
  return { tableId: t.tableId, mover, other, moverSeat: seatOf(mover) };
}

/** A tab at the table, subscribed from the start: its view and history fold into its own log. */
async function tab(who: Role, tableId: string) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  const ack = (await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })) as {
    viewer: string;
    situation: Situation;
    events: ViewEvent[];
  };
  let log = createViewerLog(ack.viewer, ack.situation, ack.events);
  /** Waits for the next table event of a type (a turn or an undo by default), taken out of the record. */
  const next = async <T extends TableEventMessage["type"]>(
    types: readonly T[],
    timeoutMs = 5000,
  ): Promise<TableEventMessage & { type: T }> => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const i = rec.events.findIndex(
        (e) => e.name === "table-event" && types.includes((e.payload as TableEventMessage).type as T),
      );
      if (i >= 0) return rec.events.splice(i, 1)[0]!.payload as TableEventMessage & { type: T };
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${types.join("/")} within ${timeoutMs} ms`);
  };
  /** Waits for the next turn or undo and folds it into this tab's log. */
  const receive = async () => {
    const message = await next(["game-move", "undo"]);
    const received = receiveViewEvent(log, message.event);
    if (received.kind !== "applied") throw new Error(`not applied: ${received.kind}`);
    log = received.log;
    return message;
  };
  /** The next refusal this tab is sent. */
  const refusal = () => rec.next("table-event-reject") as Promise<TableRejectMessage>;
  /** The log as this tab shows it: '{actor} {words}' per line. */
  const lines = () =>
    viewerLogTurns(log).flatMap((t) => t.lines.map((l) => `${l.event.sourcePlayer} ${l.message}`));
  return { s, receive, next, refusal, lines };
}

describe("an undo in the log", () => {
  it("reaches every seat and every spectator: each reads who took back their move", async () => {
    const { tableId, mover, other, moverSeat } = await chessTable();
    const me = await tab(mover, tableId);
    const opponent = await tab(other, tableId);
    const watcher = await tab("outsider", tableId);

    me.s.emit("game-move", e4(tableId));
    for (const t of [me, opponent, watcher]) await t.receive();
    me.s.emit("undo", { tableId, moveId: 1, turnUID: "take-back", editMode: false });
    for (const t of [me, opponent, watcher]) expect((await t.receive()).type).toBe("undo");

    const line = `${moverSeat} took back their move`;
    expect(opponent.lines()).toEqual([line]);
    expect(watcher.lines()).toEqual([line]);
    expect(me.lines()).toEqual([line]);
    // A page opened afterwards reads it too: the line is made from the stored undo, not sent apart.
    const later = await tab(other, tableId);
    expect(later.lines()).toEqual([line]);
  });
});

/** The first move, White's pawn to e4, by whoever plays White. */
const e4 = (tableId: string) => ({
  tableId,
  moveId: 0,
  turnUID: `e4-${Math.random()}`,
  // White moves first, whatever the seat is called.
  actions: [click("white-pawn-e2"), square("e4")],
  editMode: false,
});

/** The table's events, as a page opened now would load them: what stands in the log. */
const kinds = async (tableId: string) =>
  ((await as.outsider.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse).live!.events.map(
    (e) => e.kind,
  );

describe("undo that asks the opponents", () => {
  it("makes the undo a request: only the asker's opponents answer, and one accept takes the move back for all", async () => {
    const { tableId, mover, other, moverSeat } = await chessTable(true);
    const me = await tab(mover, tableId);
    const opponent = await tab(other, tableId);
    const watcher = await tab("outsider", tableId);
    me.s.emit("game-move", e4(tableId));
    for (const t of [me, opponent, watcher]) await t.receive();

    // A plain undo is refused here: the table's option says the opponents are asked.
    me.s.emit("undo", { tableId, moveId: 1, turnUID: "plain", editMode: false });
    expect((await me.refusal()).code).toBe(TABLE_REFUSALS.undoAsks);
    // A spectator cannot ask.
    watcher.s.emit("undo-request", { tableId, moveId: 1 });
    expect((await watcher.refusal()).code).toBe(TABLE_REFUSALS.undoSpectator);

    // The player asks: everyone at the table is told who asks.
    me.s.emit("undo-request", { tableId, moveId: 1 });
    const asked = await opponent.next(["undo-request"]);
    expect(asked.request).toMatchObject({ seat: moverSeat, username: mover });
    expect((await watcher.next(["undo-request"])).request.id).toBe(asked.request.id);
    // One request waits at a time.
    me.s.emit("undo-request", { tableId, moveId: 1 });
    expect((await me.refusal()).code).toBe(TABLE_REFUSALS.undoPending);
    // Neither the spectator nor the asker may answer it.
    const answer = { tableId, requestId: asked.request.id, accept: true };
    watcher.s.emit("undo-answer", answer);
    expect((await watcher.refusal()).code).toBe(TABLE_REFUSALS.undoNotOpponent);
    me.s.emit("undo-answer", answer);
    expect((await me.refusal()).code).toBe(TABLE_REFUSALS.undoNotOpponent);
    expect(await kinds(tableId)).toEqual(["turn"]);

    // The opponent accepts: the request is closed for all, and the undo is made and logged for all.
    opponent.s.emit("undo-answer", answer);
    expect(await me.next(["undo-request-closed"])).toMatchObject({
      requestId: asked.request.id,
      outcome: "accepted",
      by: other,
    });
    for (const t of [me, opponent, watcher]) expect((await t.receive()).type).toBe("undo");
    for (const t of [me, opponent, watcher]) expect(t.lines()).toEqual([`${moverSeat} took back their move`]);
    expect(await kinds(tableId)).toEqual(["turn", "undo"]);
    // Answered once: the same answer again finds no request.
    opponent.s.emit("undo-answer", answer);
    expect((await opponent.refusal()).code).toBe(TABLE_REFUSALS.undoNoRequest);
  });

  it("tells the asker of a refusal, and the move stands", async () => {
    const { tableId, mover, other } = await chessTable(true);
    const me = await tab(mover, tableId);
    const opponent = await tab(other, tableId);
    me.s.emit("game-move", e4(tableId));
    await opponent.receive();
    me.s.emit("undo-request", { tableId, moveId: 1 });
    const { request } = await opponent.next(["undo-request"]);
    opponent.s.emit("undo-answer", { tableId, requestId: request.id, accept: false });
    expect(await me.next(["undo-request-closed"])).toMatchObject({
      requestId: request.id,
      outcome: "refused",
      by: other,
    });
    expect(await kinds(tableId)).toEqual(["turn"]);
    // The table is free for the next request.
    me.s.emit("undo-request", { tableId, moveId: 1 });
    expect((await opponent.next(["undo-request"])).request.id).not.toBe(request.id);
  });

  it("lets a request nobody answers lapse after the server's timeout", async () => {
    const { tableId, mover, other } = await chessTable(true);
    const me = await tab(mover, tableId);
    const opponent = await tab(other, tableId);
    me.s.emit("game-move", e4(tableId));
    await opponent.receive();
    me.s.emit("undo-request", { tableId, moveId: 1 });
    const { request } = await opponent.next(["undo-request"]);
    expect(request.expiresAt - Date.now()).toBeLessThanOrEqual(TIMEOUT_MS);
    const closed = await me.next(["undo-request-closed"], TIMEOUT_MS * 4);
    expect(closed).toMatchObject({ requestId: request.id, outcome: "timeout" });
    expect(closed).not.toHaveProperty("by");
    // Too late now: the answer finds no request, and the move stands.
    opponent.s.emit("undo-answer", { tableId, requestId: request.id, accept: true });
    expect((await opponent.refusal()).code).toBe(TABLE_REFUSALS.undoNoRequest);
    expect(await kinds(tableId)).toEqual(["turn"]);
  });

  it("is off by default: a request is refused and a plain undo works as before", async () => {
    const { tableId, mover } = await chessTable();
    const me = await tab(mover, tableId);
    me.s.emit("game-move", e4(tableId));
    await me.receive();
    me.s.emit("undo-request", { tableId, moveId: 1 });
    expect((await me.refusal()).code).toBe(TABLE_REFUSALS.undoDoesNotAsk);
    me.s.emit("undo", { tableId, moveId: 1, turnUID: "plain", editMode: false });
    expect((await me.receive()).type).toBe("undo");
  });
});
