import { randomUUID } from "node:crypto";
import {
  createSnapshotCache,
  createViewerLog,
  lastSeq,
  receiveViewEvent,
  resyncViewerLog,
  type Situation,
  type ViewEvent,
  type ViewerLog,
} from "@tt/engine";
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  TableEventMessage,
  TableLoadResponse,
  TableLogResponse,
  TableRejectMessage,
} from "@tt/protocol";
import { io, type Socket } from "socket.io-client";
import type { HttpClient } from "./http";
import type { BotUser } from "./users";

// One seat at one table slot: a browser tab of a bot user, with its own Socket.IO connection
// (authenticated by the user's session cookie, as the web app's socket is) and, for each table it
// opened, the engine's viewer log the browser keeps (its view, opened from the table load, changed by
// each event's patch, replaced by a resubscribe's whole view) and the seqs it received. When its
// view shows the game over it loads the table again, whole, as the browser does (everything is
// revealed then). It knows nothing of rules; the table bot decides.

export type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What one client holds of one table: its view for the bot, and the material of the end-of-run check. */
export interface ClientLog {
  tableId: string;
  color: string;
  log: ViewerLog;
  /**
   * The seq of every event taken, in arrival order: each broadcast (a repeat included, which the
   * check counts as duplicated), and the table load's and subscribe answers' events it lacked.
   */
  received: number[];
  /** Broadcasts that came past a hole (the seat resubscribed): should never happen. */
  gaps: number;
  /** Patches that did not fit the view (the seat resubscribed for a whole view): should never happen. */
  patchErrors: number;
  /** Broadcasts that arrived while a subscribe was on its way, applied once it is answered. */
  held: ViewEvent[] | null;
  /**
   * The seat's own view right before the event that ended the game, and that event's seq minus one:
   * the last view it played with, which the check compares with the server's (after the end the
   * page takes the whole log instead).
   */
  beforeEnd: { seq: number; view: Situation } | null;
  /**
   * After the end: the whole game as table-log gave it, folded when the check asks (null until it
   * came). The browser folds it on its own machine; folding it here at once put every seat's fold of
   * a storm of game ends on the bots' one event loop (400 folds in a few seconds at 100 tables), and
   * its delays showed up as the server's latency.
   */
  whole: (() => Situation) | null;
  /** The reload after the end (it never rejects), and why it failed if it did. */
  reload: Promise<void> | null;
  reloadError: string | null;
}

export interface SeatListener {
  onEvent(seat: Seat, message: TableEventMessage, at: number): void;
  onReject(seat: Seat, message: TableRejectMessage): void;
}

const SUBSCRIBE_TIMEOUT_MS = 30_000;

export class Seat {
  /** The tab's session id (web: session storage), sent in the handshake and with table-open. */
  readonly sessionId = randomUUID();
  readonly socket: BotSocket;
  readonly logs = new Map<string, ClientLog>();
  current: ClientLog | null = null;
  reconnects = 0;
  /** Events for a table this seat never opened: should never happen. */
  strays = 0;

  constructor(
    readonly user: BotUser,
    readonly http: HttpClient,
    readonly url: string,
    private readonly listener: SeatListener,
  ) {
    this.socket = io(url, {
      // Straight to WebSocket: the browser's long-polling start would only add set-up work here.
      transports: ["websocket"],
      extraHeaders: { cookie: user.http.cookie },
      auth: { sessionId: this.sessionId },
      forceNew: true,
      autoConnect: false,
      // A busy server answers a handshake late; 20 s (the default) gave up on some under load.
      timeout: 60_000,
    });
    this.socket.on("table-event", (message) => {
      const at = performance.now();
      const client = this.logs.get(message.tableId);
      if (!client) {
        this.strays++;
        return;
      }
      if ("event" in message) {
        client.received.push(message.event.seq);
        this.take(client, message.event);
      }
      this.listener.onEvent(this, message, at);
    });
    this.socket.on("table-event-reject", (message) => this.listener.onReject(this, message));
    // After a drop the web app subscribes again from the last seq it holds; so does the bot.
    let connectedOnce = false;
    this.socket.on("connect", () => {
      if (connectedOnce) {
        this.reconnects++;
        if (this.current) void this.subscribe(this.current).catch(() => undefined);
      }
      connectedOnce = true;
    });
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ok = () => {
        this.socket.off("connect_error", fail);
        resolve();
      };
      const fail = (err: Error) => {
        this.socket.off("connect", ok);
        this.socket.disconnect();
        reject(err);
      };
      this.socket.once("connect", ok);
      this.socket.once("connect_error", fail);
      this.socket.connect();
    });
  }

  /** The table page's opening: GET table-open (its `live` view), then 'table-subscribe' from its last seq. */
  async open(tableId: string): Promise<{
    client: ClientLog;
    components: Record<string, unknown> | null;
    options: TableLoadResponse["options"];
  }> {
    const load = await this.http.call<TableLoadResponse>(
      "table-open",
      "GET",
      `/api/table-open/${encodeURIComponent(tableId)}?sessionId=${this.sessionId}`,
    );
    if (!load.live || !load.yourSeat) throw new Error(`table ${tableId} not running or no seat`);
    const { viewer, situation, events } = load.live;
    const client: ClientLog = {
      tableId,
      color: load.yourSeat,
      log: createViewerLog(viewer, situation, events),
      received: events.map((e) => e.seq),
      gaps: 0,
      patchErrors: 0,
      held: null,
      beforeEnd: null,
      whole: null,
      reload: null,
      reloadError: null,
    };
    this.logs.set(tableId, client);
    this.current = client;
    await this.subscribe(client);
    return { client, components: load.components, options: load.options };
  }

  /** One broadcast event into the viewer log, as the browser takes it (web: reconcile.ts). */
  private take(client: ClientLog, event: ViewEvent): void {
    // The subscribe answer decides what the view is; a broadcast waits for it (see subscribe).
    if (client.held !== null) {
      client.held.push(event);
      return;
    }
    const received = receiveViewEvent(client.log, event);
    if (received.kind === "applied") {
      const before = client.log;
      client.log = received.log;
      if (received.log.view.ended && !before.view.ended) {
        client.beforeEnd = { seq: lastSeq(before), view: before.view };
        if (client.reload === null) this.reloadEnded(client);
      }
    } else if (received.kind === "gap") {
      client.gaps++;
      void this.subscribe(client).catch(() => undefined);
    } else if (received.kind === "error") {
      client.patchErrors++;
      // The server sends the whole view only to a client that missed something: ask from the start.
      void this.subscribe(client, -1).catch(() => undefined);
    }
  }

  /**
   * 'table-subscribe' from the last seq held (or `from`): the answer's missed events are taken, and
   * its whole view, when sent, replaces the view. Broadcasts that arrive meanwhile are held and taken
   * after it: one that overtook the answer is then either already in it (a repeat, ignored) or the
   * next event after it, whose patch fits the answer's view.
   */
  private async subscribe(client: ClientLog, from = lastSeq(client.log)): Promise<void> {
    if (client.held !== null) return;
    client.held = [];
    try {
      const ack = await this.socket
        .timeout(SUBSCRIBE_TIMEOUT_MS)
        .emitWithAck("table-subscribe", { tableId: client.tableId, lastSeq: from });
      if (!ack.ok) throw new Error(`table-subscribe refused: ${ack.reason}`);
      const taken = new Set(client.received);
      for (const event of ack.events) if (!taken.has(event.seq)) client.received.push(event.seq);
      client.log = resyncViewerLog(client.log, ack.viewer, ack.situation, ack.events);
      // The end came with the answer (a reconnect after it): the whole game is loaded all the same.
      if (client.log.view.ended && client.reload === null) this.reloadEnded(client);
    } finally {
      const held = client.held ?? [];
      client.held = null;
      for (const event of held) this.take(client, event);
    }
  }

  /**
   * The browser's answer to a game's end (web: TablePage's onEnded): the ended table's log, which
   * gives the start and every event, folded with the engine as the replay folds them (by the check:
   * see ClientLog.whole).
   */
  private reloadEnded(client: ClientLog): void {
    client.reload = this.http
      .call<TableLogResponse>(
        "table-log (ended)",
        "GET",
        `/api/table-log/${encodeURIComponent(client.tableId)}`,
      )
      .then((log) => {
        // appendEvent refuses a gap or a repeated seq, so a log with either fails the check.
        client.whole = () =>
          createSnapshotCache(log.start_position, log.events, Number.MAX_SAFE_INTEGER).live;
      })
      .catch((err: Error) => {
        client.reloadError = err.message.slice(0, 120);
      });
  }

  /** Resolves once the reload after `tableId`'s end is back (at once when there is none). */
  async settled(tableId: string): Promise<void> {
    await this.logs.get(tableId)?.reload;
  }

  /** Leaving the table page (web: closeTable): the server takes this tab out of the table's room. */
  async leave(tableId: string): Promise<void> {
    await this.http.call(
      "table-close",
      "GET",
      `/api/table-close/${encodeURIComponent(tableId)}?sessionId=${this.sessionId}`,
    );
    const client = this.logs.get(tableId);
    // The check reads the view and the seqs; the views kept for undo and the log lines are dropped,
    // so a long run holds one view per game and seat. The headers stay: a late event still fits.
    if (client) client.log = { ...client.log, recent: new Map(), lines: new Map() };
    if (this.current?.tableId === tableId) this.current = null;
  }

  close(): void {
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }
}
