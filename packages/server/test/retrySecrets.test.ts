import { type JsonObject, mayAct, randomBot, type Situation, seedRng } from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import {
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableInfo,
  type TableLoadResponse,
  type TableRejectMessage,
  type TableSubscribeAck,
} from "@tt/protocol";
import fc from "fast-check";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role } from "./lobbyFixture";

// Issue 36 point 2, 'one way out for table events': a turn's stored event goes again only to the
// user who sent it, in that user's own view, and a socket that never subscribed to a table hears
// nothing of it. Every event header carries its turn id, so anyone could name someone else's: the
// attack sent `game-move` or `undo` with `moveId: 0` and a rival's turn id from a socket that never
// subscribed and read the stored event in the full view (a reshuffled deck's order, a rival's draws).

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Many retries in a row from one socket: the per-socket, session and user rates are lifted here
  // (tableCaps.test.ts and the abuse suite test them).
  const fast = { TURN_RATE_PER_SECOND: "10000", TURN_BURST: "10000" };
  const shared = { SESSION_RATE_PER_SECOND: "10000", SESSION_BURST: "10000" };
  const users = { USER_RATE_PER_SECOND: "10000", USER_BURST: "10000" };
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000", ...fast, ...shared, ...users });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

type TurnMessage = Extract<TableEventMessage, { event: unknown }>;
type Answer = { kind: "event"; message: TableEventMessage } | { kind: "reject"; message: TableRejectMessage };

/**
 * A socket's table messages by turn id, as they arrive: `answer(uid)` resolves with the first event or
 * refusal naming it. `stray` keeps every turn event that came when none was awaited.
 */
function listen(s: Socket) {
  const waiting = new Map<string, (a: Answer) => void>();
  const stray: TableEventMessage[] = [];
  s.on("table-event", (message: TableEventMessage) => {
    const uid = "event" in message ? message.event.turnUID : undefined;
    const resolve = uid === undefined ? undefined : waiting.get(uid);
    if (resolve) {
      waiting.delete(uid!);
      resolve({ kind: "event", message });
    } else if ("event" in message) stray.push(message);
  });
  s.on("table-event-reject", (message: TableRejectMessage) => {
    const resolve = waiting.get(message.turnUID);
    if (!resolve) return;
    waiting.delete(message.turnUID);
    resolve({ kind: "reject", message });
  });
  return {
    stray,
    answer: (uid: string) => new Promise<Answer>((resolve) => waiting.set(uid, resolve)),
  };
}

async function tab(who: Role, tableId: string | null, fullView = false) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const heard = listen(s);
  if (tableId !== null) {
    const ack = (await s.emitWithAck("table-subscribe", {
      tableId,
      lastSeq: -1,
      fullView,
    })) as TableSubscribeAck;
    expect(ack.ok).toBe(true);
  }
  return { s, ...heard };
}

/** A started Night Market table: the designer red, the player blue; the admin and outsider not seated. */
async function nightMarket(): Promise<string> {
  const t = (
    await as.designer.post("/api/projects/night-market/new-table", {
      start_position: { options: { moths: false } },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.designer.get(`/api/projects/night-market/join-table/${t.tableId}?color=red`);
  await as.player.get(`/api/projects/night-market/join-table/${t.tableId}?color=blue`);
  const started = await as.designer.post(`/api/projects/night-market/${t.tableId}/start-table`, {});
  expect(started.status).toBe(200);
  return t.tableId;
}

const SEATS = { red: "designer", blue: "player" } as const satisfies Record<string, Role>;

describe("a turn's stored event goes again only to its sender (issue 36 point 2)", () => {
  it("answers a spectator, a rival, a full-view watcher and an unsubscribed socket naming every turn id of a random game with nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
        const tableId = await nightMarket();
        const seats = { red: await tab("designer", tableId), blue: await tab("player", tableId) };
        const module = registry.moduleFor("night-market");
        let rng = seedRng(seed);
        /** Each turn as its sender's tab received it. */
        const played: { uid: string; seat: "red" | "blue"; event: TableEventMessage }[] = [];
        for (let turn = 0; turn < 40; turn++) {
          const loads = await Promise.all(
            (["red", "blue"] as const).map(async (seat) => ({
              seat,
              load: (await as[SEATS[seat]].get(`/api/table-open/${tableId}`)).json() as TableLoadResponse,
            })),
          );
          const due = loads.find(({ seat, load }) => load.live && mayAct(load.live.situation, seat));
          if (due === undefined) break;
          const view = due.load.live!.situation as Situation;
          const rules = {
            pieces: piecesOf(due.load.components as ComponentTree),
            options: due.load.options as JsonObject,
          };
          const actions = randomBot(view, due.seat, { module, rules, seq: due.load.expected_move_id }, rng);
          rng = seedRng((rng.state * 7 + turn + 1) % 2 ** 30);
          if (actions === null) break;
          const uid = `t${seed}-${turn}`;
          const answer = seats[due.seat].answer(uid);
          const heard = seats[due.seat === "red" ? "blue" : "red"].answer(uid);
          seats[due.seat].s.emit("game-move", {
            tableId,
            moveId: due.load.expected_move_id,
            turnUID: uid,
            actions,
            editMode: false,
            seat: due.seat,
          });
          const got = await answer;
          if (got.kind !== "event") continue;
          // The rival's copy too, before the next turn: nothing of this game may arrive later.
          await heard;
          played.push({ uid, seat: due.seat, event: got.message });
        }
        expect(played.length).toBeGreaterThan(3);
        // Everyone else, each way they could ask: subscribed as the rival seat, as a spectator, as a
        // site admin watching with the full view, and from a socket of a seated player that never
        // subscribed. None hears anything of the turn.
        const spectator = await tab("outsider", tableId);
        const watcher = await tab("admin", tableId, true);
        const unsubscribed = await tab("player", null);
        const unsubscribedOwner = await tab("designer", null);
        for (const [i, { uid, seat }] of played.entries()) {
          const rival = seat === "red" ? seats.blue : seats.red;
          const owner = seat === "red" ? unsubscribedOwner : unsubscribed;
          const others = [
            rival,
            spectator,
            watcher,
            seat === "red" ? unsubscribed : unsubscribedOwner,
            owner,
          ];
          for (const other of others) {
            for (const type of ["game-move", "undo"] as const) {
              const answer = other.answer(uid);
              other.s.emit(type, {
                tableId,
                moveId: i % 2 === 0 ? 0 : played.length,
                turnUID: uid,
                ...(type === "game-move" ? { actions: [{ kind: "delayed eval" }] } : {}),
                editMode: false,
                seat,
              });
              const got = await answer;
              expect(got.kind, `${type} ${uid}`).toBe("reject");
              const code = (got.message as TableRejectMessage).code;
              // A socket at the table is answered as a stale turn is; one that never subscribed, that
              // it must open the table first.
              expect([TABLE_REFUSALS.outOfSync, TABLE_REFUSALS.notAtTable]).toContain(code);
              if (other === unsubscribed || other === unsubscribedOwner)
                expect(code).toBe(TABLE_REFUSALS.notAtTable);
            }
          }
        }
        for (const other of [spectator, watcher, unsubscribed, unsubscribedOwner, seats.red, seats.blue])
          expect(other.stray).toEqual([]);
        // Its sender's retry is answered with the stored event, as its own tab first received it.
        for (const { uid, seat, event } of played.slice(-3)) {
          const answer = seats[seat].answer(uid);
          seats[seat].s.emit("game-move", {
            tableId,
            moveId: 0,
            turnUID: uid,
            actions: [{ kind: "delayed eval" }],
            editMode: false,
            seat,
          });
          const got = await answer;
          expect(got, JSON.stringify(got)).toMatchObject({ kind: "event" });
          const again = (got.message as TurnMessage).event;
          const first = (event as TurnMessage).event;
          expect(again.seq).toBe(first.seq);
          expect(JSON.parse(JSON.stringify(again))).toEqual(JSON.parse(JSON.stringify(first)));
        }
        for (const s of sockets.splice(0)) s.close();
      }),
      { numRuns: 2, seed: 36 },
    );
  }, 120_000);
});
