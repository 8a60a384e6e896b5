import {
  type Action,
  type Component,
  findComponent,
  type Situation,
  unpackLines,
  type ViewEvent,
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
import { answerTo } from "./abuse/suite";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role } from "./lobbyFixture";

// Issue 36, point 3, over real sockets: at a competitive-edit table a seated player, out of turn,
// tried to peek in edit mode with raw moves that named who reads the log line (eventRecipients), hid
// it (logMessage '') or showed cards to chosen players (component reveal forPlayers), then undid the
// turn. Now the server refuses all of those, lets only the plain look through, logs it to everyone and
// keeps it from being undone. And a competitive table (no edit mode) is created, started and played.

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

/** A started Night Market table in `tableMode`: the designer red, the player blue. */
async function nightMarket(tableMode: "competitive-edit" | "competitive") {
  const created = await as.designer.post("/api/projects/night-market/new-table", {
    start_position: { options: { moths: false } },
    tableMode,
  });
  expect(created.status).toBe(200);
  const t = created.json() as TableInfo;
  expect(t.tableMode).toBe(tableMode);
  await as.designer.get(`/api/projects/night-market/join-table/${t.tableId}?color=red`);
  await as.player.get(`/api/projects/night-market/join-table/${t.tableId}?color=blue`);
  const started = await as.designer.post(`/api/projects/night-market/${t.tableId}/start-table`, {});
  expect(started.status).toBe(200);
  return t.tableId;
}

const open = async (who: Role, tableId: string) =>
  (await as[who].get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;

/** A subscribed tab that keeps every turn event it is sent. */
async function tab(who: Role, tableId: string) {
  const s = await openTab(server, as[who], `peek-${who}-${Math.random()}`);
  sockets.push(s);
  const turns: ViewEvent[] = [];
  s.on("table-event", (m: TableEventMessage) => {
    if (m.type === "game-move") turns.push(m.event);
  });
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  return { s, turns };
}

let uid = 0;
/** Sends a turn and waits for its answer on the sender's socket (the event or the refusal). */
function send(s: Socket, tableId: string, moveId: number, actions: Action[], editMode = true) {
  const turnUID = `peek-${++uid}`;
  const answer = answerTo(s, turnUID);
  s.emit("game-move", { tableId, moveId, turnUID, actions, editMode });
  return answer;
}

function undo(s: Socket, tableId: string, moveId: number, editMode = true) {
  const turnUID = `peek-undo-${++uid}`;
  const answer = answerTo(s, turnUID);
  s.emit("undo", { tableId, moveId, turnUID, editMode });
  return answer;
}

const raw = (move: unknown): Action[] => [{ kind: "raw move", move }];
const pile = (s: Situation, id: string, position: string) =>
  (findComponent(s.root, id)?.children[position] ?? []) as Component[];

describe("edit mode at a competitive-edit table", () => {
  it("refuses the peeks that choose their readers, lets the look through logged to all, and never undoes it", async () => {
    const tableId = await nightMarket("competitive-edit");
    const before = await open("player", tableId);
    const active = before.live!.situation.gameState.current.activePlayer;
    // The attack is made out of turn: by whoever does not play now.
    const [attacker, victim, victimColor] =
      active === "red" ? (["player", "designer", "red"] as const) : (["designer", "player", "blue"] as const);
    const attackerView = (attacker === "player" ? before : await open(attacker, tableId)).live!.situation;
    const hand = pile(attackerView, `area-${victimColor}`, "hand");
    expect(hand.length).toBeGreaterThan(0);
    expect(hand.every((c) => c.placeholder === "back")).toBe(true);
    const deckTop = pile(attackerView, "goods-deck", "deck").at(-1) as Component;
    const a = await tab(attacker, tableId);
    const v = await tab(victim, tableId);

    const peeks = [
      {
        type: "look",
        componentId: `area-${victimColor}`,
        eventRecipients: [attacker === "player" ? "blue" : "red"],
      },
      { type: "look", componentId: `area-${victimColor}`, logMessage: "" },
      { type: "component reveal", componentId: deckTop.id, forPlayers: ["blue", "red"], eventRecipients: [] },
      { type: "component reveal", componentId: deckTop.id, forPlayers: ["blue"] },
      { type: "set component option", componentId: deckTop.id, option: "cardUnflippedFor", value: ["blue"] },
    ];
    for (const move of peeks)
      expect(await send(a.s, tableId, 0, raw(move)), JSON.stringify(move)).toMatchObject({
        code: "turn/edit-chooses-readers",
      });
    // Any other raw move that shows the attacker a face the victim does not see: the victim's card,
    // or the deck's top, taken into the attacker's own hand (shown there to its owner only).
    const attackerColor = victimColor === "red" ? "blue" : "red";
    for (const card of [hand[0] as Component, deckTop]) {
      const move = {
        type: "component move",
        componentId: card.id,
        destinationId: `area-${attackerColor}`,
        positionName: "hand",
      };
      const reveal = { type: "component reveal", componentId: card.id };
      expect(await send(a.s, tableId, 0, [...raw(move), ...raw(reveal)])).toMatchObject({
        code: "turn/edit-reveals",
      });
    }

    // The plain look goes: the victim reads who looked at whose hand.
    const seen = answerTo(v.s, `peek-${uid + 1}`);
    expect(
      await send(a.s, tableId, 0, raw({ type: "look", componentId: `area-${victimColor}` })),
    ).toMatchObject({
      ok: true,
      seq: 0,
    });
    await seen;
    expect(v.turns.map((e) => e.seq)).toEqual([0]);
    const line = unpackLines(v.turns[0]!.log, v.turns[0]!);
    const looker = attacker === "player" ? "blue" : "red";
    expect(line.map((l) => [l.message, l.event.sourcePlayer, l.event.editMode])).toEqual([
      [`looked at ${victimColor}'s hand`, looker, true],
    ]);
    // The looker now sees the faces; the victim's view of its own hand is as it was.
    const after = (await open(attacker, tableId)).live!.situation;
    for (const card of pile(after, `area-${victimColor}`, "hand")) expect(card.placeholder).toBeUndefined();

    // Not undone: by the looker, nor by anyone in edit mode.
    expect(await undo(a.s, tableId, 1)).toMatchObject({
      code: "undo/not-allowed",
      reason: "You cannot undo this turn: it revealed hidden information",
    });
    expect(await undo(v.s, tableId, 1)).toMatchObject({ code: "undo/not-allowed" });
  });
});

describe("a competitive table", () => {
  it("is created from the API, starts, plays and refuses every edit-mode turn", async () => {
    const tableId = await nightMarket("competitive");
    const load = await open("player", tableId);
    expect(load).toMatchObject({
      status: "midgame",
      tableMode: "competitive",
      editModeAllowed: false,
      anySeat: false,
    });
    const active = load.live!.situation.gameState.current.activePlayer;
    const mover = active === "red" ? "designer" : "player";
    const t = await tab(mover, tableId);
    const look = raw({ type: "look", componentId: "goods-deck" });
    const refused = (await send(t.s, tableId, 0, look)) as TableRejectMessage;
    expect(refused.code).toBe(TABLE_REFUSALS.editModeNotAllowed);
    // The raw move is edit mode's alone, so without it too the peek goes nowhere.
    expect(await send(t.s, tableId, 0, look, false)).toMatchObject({
      code: "turn/raw-move-outside-edit-mode",
    });
    // A turn by the rules goes: buy the market row's first card.
    const row = findComponent(load.live!.situation.root, "market")!.children.row as Record<string, Component>;
    const buy: Action[] = [{ kind: "click component", componentId: row["1"]!.id }];
    expect(await send(t.s, tableId, 0, buy, false)).toMatchObject({ ok: true, seq: 0 });
    expect(await undo(t.s, tableId, 1)).toMatchObject({ code: TABLE_REFUSALS.editModeNotAllowed });
  });
});
