import { randomUUID } from "node:crypto";
import type { Situation, TableEvent } from "@tt/engine";
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  TableEventMessage,
  TableLoadResponse,
  TableRejectMessage,
} from "@tt/protocol";
import { io, type Socket } from "socket.io-client";
import type { HttpClient } from "./http";
import type { BotUser } from "./users";

// One seat at one table slot: a browser tab of a bot user, with its own Socket.IO connection
// (authenticated by the user's session cookie, as the web app's socket is) and the log of every event
// it received for each table it opened. It knows nothing of rules; the table bot decides.

export type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What one client received for one table: the material of the end-of-run check. */
export interface ClientLog {
  tableId: string;
  color: string;
  start: Situation;
  /** Every event in arrival order: the table load's, the subscribe answer's, then the broadcasts. */
  received: TableEvent[];
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
      const log = this.logs.get(message.tableId);
      if (!log) {
        this.strays++;
        return;
      }
      if ((message.type === "game-move" || message.type === "undo") && message.event) {
        log.received.push(message.event);
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

  /** The table page's opening: GET table-open, then 'table-subscribe' from the last seq it holds. */
  async open(tableId: string): Promise<{
    log: ClientLog;
    components: Record<string, unknown> | null;
    options: TableLoadResponse["options"];
  }> {
    const load = await this.http.call<TableLoadResponse>(
      "table-open",
      "GET",
      `/api/table-open/${encodeURIComponent(tableId)}?sessionId=${this.sessionId}`,
    );
    if (!load.start_position || !load.yourSeat) throw new Error(`table ${tableId} not started or no seat`);
    const log: ClientLog = {
      tableId,
      color: load.yourSeat,
      start: load.start_position,
      received: [...load.events],
    };
    this.logs.set(tableId, log);
    this.current = log;
    await this.subscribe(log);
    return { log, components: load.components, options: load.options };
  }

  private async subscribe(log: ClientLog): Promise<void> {
    const lastSeq = log.received.at(-1)?.seq ?? -1;
    const ack = await this.socket
      .timeout(SUBSCRIBE_TIMEOUT_MS)
      .emitWithAck("table-subscribe", { tableId: log.tableId, lastSeq });
    if (!ack.ok) throw new Error(`table-subscribe refused: ${ack.reason}`);
    // A broadcast may have overtaken the answer: what the log already holds is not taken twice.
    for (const event of ack.events) {
      if (event.seq > (log.received.at(-1)?.seq ?? -1)) log.received.push(event);
    }
  }

  /** Leaving the table page (web: closeTable): the server takes this tab out of the table's room. */
  async leave(tableId: string): Promise<void> {
    await this.http.call(
      "table-close",
      "GET",
      `/api/table-close/${encodeURIComponent(tableId)}?sessionId=${this.sessionId}`,
    );
    if (this.current?.tableId === tableId) this.current = null;
  }

  close(): void {
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }
}
