import { request as httpRequest } from "node:http";
import { type JsonObject, mayAct, randomBot, type Situation, seedRng } from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import {
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableInfo,
  type TableLoadResponse,
  type TableRejectMessage,
} from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import type { Client } from "../harness";
import { abuseSuite, answerTo } from "./suite";

// Issue 36 'Why' items 1 and 2, made against a real server process (docs/abuse.md):
// an outsider asking the control routes under another spelling of their path, and a spectator and a
// member who never subscribed naming other players' turn ids to read their stored events.

const suite = abuseSuite();
const { figures, member, tab, underAttack } = suite;

/** A POST with its path sent byte for byte (fetch would normalise it first). */
function rawPost(path: string, body: string): Promise<{ status: number; text: string }> {
  const url = new URL(suite.server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path,
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("attacks of issue 36: control routes and stored turns", { timeout: 120_000 }, () => {
  it("has no control route on the public port under any spelling", async () => {
    const paths = [
      "/api/control/invitations",
      "/api/%63ontrol/invitations",
      "/api/contro%6C/invitations",
      "/%61pi/control/invitations",
      "/api//control/invitations",
      "/api/./control/invitations",
      "/api/x/../control/invitations",
      "/API/CONTROL/INVITATIONS",
      "/control/invitations",
      "/%63ontrol/invitations",
      "/api/%63ontrol/seed",
      "/control/seed",
    ];
    const answers = await underAttack("an outsider minting a superadmin code via encoded control paths", () =>
      Promise.all(paths.map((p) => rawPost(p, JSON.stringify({ count: 1, role: "superadmin" })))),
    );
    figures.push(
      `  control paths tried on the public port: ${paths.length}, answered 404: ${answers.filter((a) => a.status === 404).length}`,
    );
    expect(answers.map((a) => a.status)).toEqual(paths.map(() => 404));
    for (const a of answers) expect(a.text).not.toMatch(/[A-HJ-NP-Z2-9]{10}/);
  });

  it("answers nobody but a turn's sender with its stored event", async () => {
    const [red, blue, spectator] = [await member(), await member(), await member()];
    const created = await red.post("/api/projects/night-market/new-table", {
      start_position: { options: { moths: false } },
      tableMode: "competitive-edit",
    });
    const { tableId } = created.json() as TableInfo;
    await red.get(`/api/projects/night-market/join-table/${tableId}?color=red`);
    await blue.get(`/api/projects/night-market/join-table/${tableId}?color=blue`);
    expect((await red.post(`/api/projects/night-market/${tableId}/start-table`, {})).status).toBe(200);
    const players: Record<"red" | "blue", { c: Client; s: Socket }> = {
      red: { c: red, s: await tab(red) },
      blue: { c: blue, s: await tab(blue) },
    };
    for (const { s } of Object.values(players))
      expect((await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })).ok).toBe(true);
    // The attacker watches as a spectator and collects every turn id the event headers carry.
    const watching = await tab(spectator);
    expect((await watching.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })).ok).toBe(true);
    const heard: string[] = [];
    watching.on("table-event", (m: TableEventMessage) => {
      if ("event" in m && m.event.kind === "turn" && m.event.turnUID) heard.push(m.event.turnUID);
    });
    // The players play 20 turns of their own.
    const module = registry.moduleFor("night-market");
    let rng = seedRng(3600);
    for (let turn = 0; turn < 20; turn++) {
      const loads = await Promise.all(
        (["red", "blue"] as const).map(async (seat) => ({
          seat,
          load: (await players[seat].c.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse,
        })),
      );
      const due = loads.find(({ seat, load }) => load.live && mayAct(load.live.situation, seat));
      if (due === undefined) break;
      const rules = {
        pieces: piecesOf(due.load.components as ComponentTree),
        options: due.load.options as JsonObject,
      };
      const view = due.load.live!.situation as Situation;
      const actions = randomBot(view, due.seat, { module, rules, seq: due.load.expected_move_id }, rng);
      rng = seedRng(rng.state + turn + 1);
      if (actions === null) break;
      const uid = `play-${turn}`;
      const answer = answerTo(players[due.seat].s, uid);
      players[due.seat].s.emit("game-move", {
        tableId,
        moveId: due.load.expected_move_id,
        turnUID: uid,
        actions,
        editMode: false,
        seat: due.seat,
      });
      await answer;
    }
    expect(heard.length).toBeGreaterThan(3);
    // A member's tab that never subscribed, and the spectator's: every turn id, as game-move and undo.
    const unsubscribed = await tab(spectator);
    const leaked: unknown[] = [];
    for (const s of [watching, unsubscribed])
      s.on("table-event", (m: TableEventMessage) => {
        if ("event" in m) leaked.push(m);
      });
    const codes = await underAttack(
      `a spectator replaying ${heard.length} turn ids (game-move and undo, 2 tabs)`,
      async () => {
        const out: string[] = [];
        for (const uid of heard) {
          for (const s of [watching, unsubscribed]) {
            for (const type of ["game-move", "undo"] as const) {
              const answer = answerTo(s, uid);
              s.emit(type, {
                tableId,
                moveId: 0,
                turnUID: uid,
                ...(type === "game-move" ? { actions: [{ kind: "delayed eval" }] } : {}),
                editMode: false,
                seat: "red",
              });
              const got = await answer;
              out.push("code" in got ? (got as TableRejectMessage).code : "event");
            }
          }
        }
        return out;
      },
    );
    const counts = Object.fromEntries(
      [...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]),
    );
    figures.push(`  replayed turn ids answered: ${JSON.stringify(counts)}; events leaked: ${leaked.length}`);
    expect(leaked).toEqual([]);
    // Every one refused: as a stale turn (the spectator's tab), as not at the table (the tab that never
    // subscribed), or for speed (the default rates hold for an attacker too).
    const refusals = [
      TABLE_REFUSALS.outOfSync,
      TABLE_REFUSALS.notAtTable,
      TABLE_REFUSALS.tooFast,
    ] as string[];
    expect(codes.filter((c) => !refusals.includes(c))).toEqual([]);
    expect(counts[TABLE_REFUSALS.outOfSync]).toBeGreaterThan(0);
    expect(counts[TABLE_REFUSALS.notAtTable]).toBeGreaterThan(0);
  });
});
