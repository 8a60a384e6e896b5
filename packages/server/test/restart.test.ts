import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Action } from "@tt/engine";
import type { TableInfo, TableLoadResponse } from "@tt/protocol";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "./harness";

// A game survives a server restart: the log is in the database, the live situation is rebuilt from it,
// and a client that comes back with its last seq receives what it missed and plays on.

const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "tt-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number): {
  child: ChildProcess;
  ready: Promise<string>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_IP: "1000",
    },
  });
  let out = "";
  const ready = new Promise<string>((resolve) => {
    const on = (b: Buffer) => {
      out += b.toString();
      const m = /Serving on (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on("data", on);
    child.stderr!.on("data", on);
  });
  return { child, ready, exited: new Promise((r) => child.on("exit", (c) => r(c))) };
}

const square = (name: string): Action => ({
  kind: "click position",
  destinationId: "board",
  positionName: "squares",
  positionIndex: name,
});

async function play(
  url: string,
  cookie: string,
  tableId: string,
  lastSeq: number,
  moveId: number,
  piece: string,
  to: string,
) {
  const s: Socket = io(url, {
    transports: ["websocket"],
    extraHeaders: { cookie },
    forceNew: true,
    reconnection: false,
  });
  const ack = (await s.emitWithAck("table-subscribe", { tableId, lastSeq })) as {
    events: { seq: number }[];
    expected_move_id: number;
  };
  const answer = new Promise<{ event?: { seq: number } }>((resolve, reject) => {
    // The turn's own event, not a player arriving meanwhile (realtime/presence.ts).
    const onEvent = (m: { event?: { seq: number } }) => {
      if (m.event === undefined) return;
      s.off("table-event", onEvent);
      resolve(m);
    };
    s.on("table-event", onEvent);
    s.once("table-event-reject", (r: { reason: string }) => reject(new Error(r.reason)));
  });
  s.emit("game-move", {
    tableId,
    moveId,
    turnUID: `${tableId}-${moveId}`,
    editMode: false,
    actions: [{ kind: "click component", componentId: piece }, square(to)],
  });
  const event = await answer;
  s.close();
  return { missed: ack.events.map((e) => e.seq), expected: ack.expected_move_id, seq: event.event?.seq };
}

describe("a server restart in the middle of a game", () => {
  it("keeps every turn and lets the players go on where they were", async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    let server = start(port);
    const url = await server.ready;
    // Two players, with codes minted by `npm run invite` against the running server.
    const inviteOutput = await new Promise<string>((resolve) => {
      let text = "";
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "packages/server/src/cli/invite.ts", "--count", "2"],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: String(port) },
        },
      );
      child.stdout.on("data", (b: Buffer) => (text += b.toString()));
      child.on("exit", () => resolve(text));
    });
    const [codeA, codeB] = [...inviteOutput.matchAll(/^([A-Z0-9]{10}) /gm)].map((m) => m[1]!);
    const a = new Client(url);
    await a.register("restart_a", codeA!);
    await a.login("restart_a");
    const b = new Client(url);
    await b.register("restart_b", codeB!);
    await b.login("restart_b");

    const t = (
      await a.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await a.get(`/api/projects/chess/join-table/${t.tableId}?color=red`);
    await b.get(`/api/projects/chess/join-table/${t.tableId}?color=blue`);
    await a.post(`/api/projects/chess/${t.tableId}/start-table`, {});
    const load = (await a.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    const sides = load.live!.situation.globals.sides as { white: string };
    const [white, black] = sides.white === "red" ? [a, b] : [b, a];

    expect((await play(url, white.cookie, t.tableId, -1, 0, "white-pawn-e2", "e4")).seq).toBe(0);
    expect((await play(url, black.cookie, t.tableId, -1, 1, "black-pawn-e7", "e5")).seq).toBe(1);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    server = start(port);
    const url2 = await server.ready;
    expect(url2).toBe(url);

    // White comes back knowing seq 0 only: it receives seq 1, then plays seq 2.
    const resumed = await play(url, white.cookie, t.tableId, 0, 2, "white-knight-g1", "f3");
    expect(resumed.missed).toEqual([1]);
    expect(resumed.expected).toBe(2);
    expect(resumed.seq).toBe(2);
    const after = (await b.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    expect(after.live?.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});
