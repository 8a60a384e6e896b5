import { FULL_VIEW } from "@tt/engine";
import type { TableInfo, TableRejectMessage, TableSubscribeAck } from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { tableEvents } from "../../src/db/schema";
import { NOT_AT_TABLE } from "../../src/realtime/table";
import {
  type Ctx,
  type Expectation,
  loggedIn,
  maintainers,
  members,
  must,
  type Outcome,
  projectAdmins,
  seatedOnly,
  with_,
} from "./matrix";
import { type Actor, GAME, nextEvent, openSocket, sandboxTable } from "./world";

// The socket half of the permission matrix: every event a connected socket listens to, and what each
// actor's attempt comes to. A refusal 'Table not found.' counts as 404 (the table does not exist for
// the actor), any other refusal as 403; anonymous sockets never connect (401).

export interface SocketScenario {
  event: string;
  name?: string;
  expect: Expectation;
  /** Sends the event from the actor's socket; answers what came of it. */
  run(actor: Actor, s: Socket, ctx: Ctx): Promise<Outcome | "nothing">;
}

/** Only the creator acts at a private sandbox; the others who may open it watch. */
const creatorOnly: Expectation = with_(members, {
  mod: 403,
  designer: 403,
  admin: 403,
  superadmin: 403,
  stranger: 403,
});

const roll = { kind: "press state button", button: "roll" } as const;
let serial = 0;

async function subscribe(s: Socket, tableId: string, fullView = false): Promise<TableSubscribeAck> {
  return (await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1, fullView })) as TableSubscribeAck;
}

/**
 * A running competitive table of the game, where the full view is a privilege (at a sandbox everyone
 * sees everything): 'tester' and the designer hold its seats. Made once, by the first scenario that
 * needs it.
 */
let running: Promise<string> | undefined;
export function runningTable({ w }: Ctx): Promise<string> {
  running ??= (async () => {
    const created = await must(
      w.tester.post(`/api/projects/${GAME}/new-table`, {
        start_position: { options: {}, playerColors: ["red", "blue"] },
        tableMode: "competitive-edit",
      }),
      "competitive table",
    );
    const { tableId } = JSON.parse(created.text) as TableInfo;
    await must(w.tester.get(`/api/projects/${GAME}/join-table/${tableId}?color=red`), "tester joins");
    await must(w.as.designer.get(`/api/projects/${GAME}/join-table/${tableId}?color=blue`), "designer joins");
    await must(w.tester.post(`/api/projects/${GAME}/${tableId}/start-table`, {}), "start");
    return tableId;
  })();
  return running;
}

/** The first answer to the socket about `tableId`: a refusal, or the success event `success` waits for. */
async function outcome(
  s: Socket,
  tableId: string,
  success: Promise<unknown>,
  send: () => void,
): Promise<Outcome | "nothing"> {
  const reject = nextEvent<TableRejectMessage>(s, "table-event-reject", (r) => r.tableId === tableId);
  send();
  const first = await Promise.race([
    reject.then((r) => (r ? { reject: r.reason } : null)),
    success.then((ok) => (ok ? { ok: true } : null)),
  ]);
  const settled = first ?? (await reject.then((r) => (r ? { reject: r.reason } : null)));
  if (!settled) return "nothing";
  if ("ok" in settled) return "ok";
  return settled.reject === "Table not found." || settled.reject === NOT_AT_TABLE ? 404 : 403;
}

const eventsOf = async (ctx: Ctx, tableId: string) =>
  (await ctx.server.database.db.select().from(tableEvents).where(eq(tableEvents.tableId, tableId))).length;

/** A turn or undo: success is a new row in the table's log, whether or not the sender watches the room. */
async function turn(ctx: Ctx, s: Socket, tableId: string, event: string, payload: object) {
  const before = await eventsOf(ctx, tableId);
  let answered = false;
  const written = (async () => {
    for (let i = 0; i < 60 && !answered; i++) {
      if ((await eventsOf(ctx, tableId)) > before) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  })();
  try {
    return await outcome(s, tableId, written, () => s.emit(event, payload));
  } finally {
    answered = true;
  }
}

const reload = (event: string, type: string): SocketScenario => ({
  event,
  expect: maintainers,
  run: async (_a, s, ctx) => {
    const tableId = ctx.w.publicTable;
    await subscribe(s, tableId);
    const done = nextEvent<{ tableId: string; type: string }>(
      s,
      "table-event",
      (m) => m.tableId === tableId && m.type === type,
    );
    return outcome(s, tableId, done, () => s.emit(event, { tableId }));
  },
});

export function socketScenarios(): SocketScenario[] {
  return [
    {
      event: "table-subscribe",
      // Private tables open by link for whoever may open the project.
      expect: members,
      run: async (_a, s, ctx) => {
        const ack = await subscribe(s, ctx.w.privateTable);
        if (ack.ok) return "ok";
        return ack.reason === "Table not found." ? 404 : 403;
      },
    },
    {
      event: "table-subscribe",
      name: "with the full view, at a running competitive table",
      // The project's mods and designers and site admins who hold no seat (the designer holds one and
      // sees what their seat sees); the others may watch, as a spectator, but not ask for this.
      expect: with_(projectAdmins(403), { designer: 403 }),
      run: async (_a, s, ctx) => {
        const ack = await subscribe(s, await runningTable(ctx), true);
        if (ack.ok) return ack.viewer === FULL_VIEW ? "ok" : "nothing";
        return ack.reason === "Table not found." ? 404 : 403;
      },
    },
    {
      event: "game-move",
      name: "at a public sandbox",
      // 'public sandbox: any player may play any colour'; the closed project's outsiders may not.
      expect: members,
      run: async (a, s, ctx) => {
        const { tableId } = await sandboxTable(ctx.w.as.player, false);
        await subscribe(s, tableId);
        const turnUID = `m-${a}-${++serial}`;
        return turn(ctx, s, tableId, "game-move", {
          tableId,
          moveId: 0,
          turnUID,
          actions: [roll],
          seat: "alwaysactive",
        });
      },
    },
    {
      event: "game-move",
      name: "at a private sandbox",
      expect: creatorOnly,
      run: async (a, s, ctx) => {
        const { tableId } = await sandboxTable(ctx.w.as.player, true);
        await subscribe(s, tableId);
        const turnUID = `p-${a}-${++serial}`;
        return turn(ctx, s, tableId, "game-move", {
          tableId,
          moveId: 0,
          turnUID,
          actions: [roll],
          seat: "alwaysactive",
        });
      },
    },
    {
      event: "undo",
      name: "at a private sandbox",
      expect: creatorOnly,
      run: async (a, s, ctx) => {
        const { tableId } = await sandboxTable(ctx.w.as.player, true);
        // The creator's turn first (from a socket of their own), then the actor asks to undo it.
        const creator = await openSocket(ctx.server, ctx.w.as.player);
        try {
          await subscribe(creator, tableId);
          const played = nextEvent(creator, "table-event", () => true);
          creator.emit("game-move", {
            tableId,
            moveId: 0,
            turnUID: `u-${a}-${++serial}`,
            actions: [roll],
            seat: "alwaysactive",
            // In edit mode: a roll in play used chance, and the rules would let nobody undo it.
            editMode: true,
          });
          if (!(await played)) throw new Error("the creator's turn did not arrive");
        } finally {
          creator.close();
        }
        await subscribe(s, tableId);
        // Edit mode: a sandbox is a state where everyone plays, and there undo needs it (game-table 4).
        return turn(ctx, s, tableId, "undo", {
          tableId,
          moveId: 1,
          turnUID: `undo-${a}-${serial}`,
          seat: "alwaysactive",
          editMode: true,
        });
      },
    },
    {
      event: "undo-request",
      name: "at a table that does not ask (undo needs no asking there)",
      // 'Undo asks the opponents' is off at this table: nobody may make it ask, seated or not.
      expect: seatedOnly,
      run: async (_a, s, ctx) => {
        const tableId = ctx.w.privateTable;
        await subscribe(s, tableId);
        const asked = nextEvent<{ tableId: string; type: string }>(
          s,
          "table-event",
          (m) => m.tableId === tableId && m.type === "undo-request",
        );
        return outcome(s, tableId, asked, () => s.emit("undo-request", { tableId, moveId: 0 }));
      },
    },
    {
      event: "undo-answer",
      name: "to a request that is not waiting",
      // An answer is taken only for the request waiting at the table, from the asker's opponents.
      expect: seatedOnly,
      run: async (a, s, ctx) => {
        const tableId = ctx.w.privateTable;
        await subscribe(s, tableId);
        const closed = nextEvent<{ tableId: string; type: string }>(
          s,
          "table-event",
          (m) => m.tableId === tableId && m.type === "undo-request-closed",
        );
        return outcome(s, tableId, closed, () =>
          s.emit("undo-answer", { tableId, requestId: `none-${a}-${++serial}`, accept: true }),
        );
      },
    },
    {
      event: "chat message",
      // Spectators chat too: 'Private tables (and any chat messages in them) are visible ... to anyone
      // who gets the table link'. Outsiders of the closed project cannot open the table at all.
      expect: members,
      run: async (a, s, ctx) => {
        const tableId = ctx.w.privateTable;
        await subscribe(s, tableId);
        const message = `hello from ${a} ${++serial}`;
        const said = nextEvent<{ tableId: string; chat?: { message: string } }>(
          s,
          "table-event",
          (m) => m.tableId === tableId && m.chat?.message === message,
        );
        return outcome(s, tableId, said, () => s.emit("chat message", { tableId, message }));
      },
    },
    {
      event: "ping",
      expect: members,
      run: async (_a, s, ctx) => {
        const tableId = ctx.w.privateTable;
        await subscribe(s, tableId);
        const pinged = nextEvent<{ tableId: string }>(s, "ping", (m) => m.tableId === tableId);
        return outcome(s, tableId, pinged, () => s.emit("ping", { tableId, x: 10, y: 20 }));
      },
    },
    // game-table section 6: 'Only admins and project designers see the controls for ... reloading'.
    reload("reload data sheet", "reload-data-sheet"),
    reload("reload decks", "reload-decks"),
    reload("reload components", "reload-components"),
    reload("reload dev editor components", "reload-dev-editor-components"),
    ...["setUsername", "registerSession"].map(
      (event): SocketScenario => ({
        event,
        // Bookkeeping of the tab; the name always comes from the session. Success: the socket lives on.
        expect: loggedIn,
        run: async (a, s, ctx) => {
          s.emit(event, event === "setUsername" ? "someone-else" : { sessionId: `tab-${a}`, sessionNum: 1 });
          const ack = await Promise.race([
            subscribe(s, ctx.w.privateTable).then(() => true),
            new Promise((r) => setTimeout(() => r(false), 3000)),
          ]);
          return ack && s.connected ? "ok" : "nothing";
        },
      }),
    ),
  ];
}
