import { isDeepStrictEqual } from "node:util";
import {
  type Action,
  activeState,
  createViewerLog,
  type EventHeader,
  type JsonObject,
  lastSeq,
  mayAct,
  type RuleModule,
  receiveViewEvent,
  recordTurn,
  resyncViewerLog,
  type Situation,
  type ViewEvent,
  type ViewerLog,
  walk,
} from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import type {
  TableEventMessage,
  TableLoadResponse,
  TableRejectMessage,
  TableSubscribeAck,
} from "@tt/protocol";
import { io, type Socket } from "socket.io-client";
import { TOO_FAST } from "../../src/realtime/table";
import { headerOfView } from "../fullTable";

// A chess player over Socket.IO, as the table page plays: it keeps a viewer log (its view and the
// log's headers, never the moves: the server keeps those), folds each event's patch into its view,
// finds a legal turn on that view with the game's own module (the piece's highlighted destinations;
// chess keeps no secrets, so the view is the whole board), sends it with the seq it expects, and keeps
// what the server acknowledged. Given several instance addresses, it moves to the next one when its
// connection dies, the way a proxy re-routes, and asks for what it missed.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The actions of a chess move, as the page sends them. */
export const click = (componentId: string): Action => ({ kind: "click component", componentId });
export const square = (name: string): Action => ({
  kind: "click position",
  destinationId: "board",
  positionName: "squares",
  positionIndex: name,
});
const press = (button: string): Action => ({ kind: "press state button", button });

/** A small seeded generator: the same seed plays the same game, whatever the timing. */
export function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function shuffled<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type RuleContext = { pieces: ReturnType<typeof piecesOf>; options: JsonObject };

export const ruleContext = (load: TableLoadResponse): RuleContext => ({
  pieces: load.components ? piecesOf(load.components as ComponentTree) : {},
  options: load.options as JsonObject,
});

/**
 * A legal chess move for `seat` as the page would send it: one of our pieces, one of the destinations
 * the module highlights for it when it is selected (and a queen when a pawn promotes), checked by
 * evaluating the whole turn on `live` (a view will do: chess hides nothing) as the server will. Null:
 * no move.
 */
export function legalTurn(
  live: Situation,
  seq: number,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
  next: () => number,
): Action[] | null {
  const evaluate = (actions: Action[]) => {
    const turn = { seat, actions, timestamp: 0, turnUID: "probe", editMode: false };
    const r = recordTurn(live, seq, turn, module, ctx);
    return r.ok && r.value.event ? r.value.outcome.situation : null;
  };
  const ids: string[] = [];
  walk(live.root, (c) => {
    if (c.options.colour !== undefined) ids.push(c.id);
  });
  for (const id of shuffled(ids, next)) {
    // The highlights read only the seat's selection, however the module records picking a piece up.
    const holding = { ...live, selected: { ...live.selected, [seat]: id } };
    for (const to of shuffled(module.highlights(holding, seat, ctx), next)) {
      let actions = [click(id), square(to)];
      let after = evaluate(actions);
      if (after && activeState(after).name === "promotion") {
        actions = [...actions, press("promote-queen")];
        after = evaluate(actions);
      }
      if (after) return actions;
    }
  }
  return null;
}

export interface BotOptions {
  name: string;
  /** Instance addresses in the order a proxy would try them. */
  urls: string[];
  cookie: string;
  load: TableLoadResponse;
  /** The colour this bot plays, or 'spectator' to only watch. */
  seat: string;
  seed: number;
  /** A pause before each turn, to set the pace of the game. */
  paceMs?: number;
}

interface Pending {
  turnUID: string;
  moveId: number;
  actions: Action[];
}

type Answer =
  | { kind: "acked"; seq: number }
  | { kind: "refused"; reason: string }
  | { kind: "lost" }
  | { kind: "timeout" };

const ANSWER_TIMEOUT_MS = 15_000;

export class ChessBot {
  readonly name: string;
  readonly tableId: string;
  readonly seat: string;
  /** turnUID -> seq of every turn the server answered this bot with its event. */
  readonly acked = new Map<string, number>();
  /** How each outcome happened, for the tests' reports. */
  readonly counts = {
    sent: 0,
    refusedSystem: 0,
    refusedOutOfSync: 0,
    /** The socket's turn rate limit (TURN_RATE_PER_SECOND): sent again a moment later. */
    refusedTooFast: 0,
    /** Rules refusals: a legal turn was refused (must stay 0). */
    refusedRules: 0,
    /** A turn left unanswered by a dying instance that the log shows was written. */
    foundInLog: 0,
    reconnects: 0,
    resyncs: 0,
    liveEvents: 0,
    syncedEvents: 0,
    /** An event received again with the same content (a broadcast overlapping a resync). */
    repeats: 0,
    /** An event received again with another header (must stay 0). */
    conflicts: 0,
    /** An event whose patch did not fit this client's view (must stay 0): it resubscribes from scratch. */
    unfit: 0,
  };
  readonly instancesUsed = new Set<string>();
  /** Every distinct 'System error: ...' text this bot was refused with (what a player would read). */
  readonly systemReasons = new Set<string>();
  /** Turns wait while true (a turn already sent is still finished). */
  paused = false;
  /** A pause before each turn, to set the pace of the game; may change while the bot plays. */
  paceMs: number;
  lastRefusal = "";

  private log: ViewerLog;
  private readonly module: RuleModule;
  private readonly ctx: RuleContext;
  private readonly next: () => number;
  private socket: Socket | null = null;
  private socketUrl: string | null = null;
  private urlIndex = 0;
  private pending: Pending | null = null;
  private gap = false;
  /** The next subscription asks for everything (-1): this client's view cannot be trusted. */
  private whole = false;
  private stopped = false;
  private wakers: (() => void)[] = [];
  private turnCounter = 0;

  constructor(private readonly options: BotOptions) {
    this.name = options.name;
    this.tableId = options.load.tableId;
    this.seat = options.seat;
    const live = options.load.live;
    if (!live) throw new Error("the table is not running");
    // The load may be another user's (chess shows everyone the same board): the first subscription
    // answers with this user's viewer and view.
    this.log = createViewerLog(live.viewer, live.situation, live.events);
    this.module = registry.moduleFor(options.load.projectInfo.slug);
    this.ctx = ruleContext(options.load);
    this.next = random(options.seed);
    this.paceMs = options.paceMs ?? 0;
  }

  /** A turn sent and not yet answered. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /** The log as this client has it: every event's header, by seq. */
  get events(): readonly EventHeader[] {
    return this.log.headers;
  }

  /** This client's view after the last event it has. */
  get situation(): Situation {
    return this.log.view;
  }

  /** Whose view it holds: its seat, or 'spectator'. */
  get viewer(): string {
    return this.log.viewer;
  }

  /** The instance this bot is connected to now, or null. */
  get connectedTo(): string | null {
    return this.socket?.connected ? this.socketUrl : null;
  }

  /** Plays until `until` says stop or the game ends. Turns in flight are finished, not abandoned. */
  async run(until: () => boolean): Promise<void> {
    while (!this.stopped && (!until() || this.pending)) {
      if (!this.socket?.connected) {
        await this.reconnect();
        continue;
      }
      if (this.gap) {
        await this.sync();
        continue;
      }
      if (this.log.view.ended && !this.pending) return;
      if (!this.pending && (this.paused || !mayAct(this.log.view, this.seat))) {
        await this.changed(500);
        continue;
      }
      if (!this.pending && this.paceMs) {
        await sleep(this.paceMs);
        // Paused or stopped during the pause: look again before choosing.
        if (this.paused || until()) continue;
      }
      this.pending ??= this.choose();
      await this.handle(this.pending, await this.submit(this.pending));
    }
  }

  /** Connects and subscribes to the table (run does it by itself; this is for a known starting point). */
  async connect(): Promise<void> {
    await this.reconnect();
    await this.sync();
  }

  /** Connects (if needed), asks for everything after the last seq it has, and closes its socket. */
  async finish(): Promise<void> {
    this.stopped = false;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (!this.socket?.connected) await this.reconnect();
      if ((await this.sync()) && !this.gap) break;
    }
    this.close();
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
    this.socket = null;
    this.wake();
  }

  /** Connects to the current address, or the next ones in turn, until one takes the handshake. */
  async reconnect(): Promise<void> {
    const hadSocket = this.socket !== null;
    this.socket?.close();
    this.socket = null;
    for (let attempt = 0; !this.stopped; attempt++) {
      const url = this.options.urls[this.urlIndex % this.options.urls.length]!;
      const socket = io(url, {
        transports: ["websocket"],
        extraHeaders: { cookie: this.options.cookie },
        reconnection: false,
        forceNew: true,
        timeout: 3000,
      });
      const ok = await new Promise<boolean>((resolve) => {
        // An instance killed in the middle of the handshake closes the transport: the socket then says
        // 'disconnect' without ever saying 'connect' or 'connect_error'. The timer covers a handshake
        // left unanswered, which Socket.IO's own timeout (the transport's opening) does not.
        const timer = setTimeout(() => resolve(false), 5000);
        const settle = (value: boolean) => {
          clearTimeout(timer);
          resolve(value);
        };
        socket.once("connect", () => settle(true));
        socket.once("connect_error", () => settle(false));
        socket.once("disconnect", () => settle(false));
      });
      if (ok && socket.connected) {
        this.wire(socket);
        this.socket = socket;
        this.socketUrl = url;
        this.instancesUsed.add(url);
        if (hadSocket) this.counts.reconnects++;
        // Whatever happened while away: the log since the last seq this client has.
        this.gap = true;
        return;
      }
      socket.close();
      this.urlIndex++;
      if (this.stopped) return;
      await sleep(Math.min(50 * 2 ** Math.min(attempt, 4), 500));
    }
  }

  private wire(socket: Socket) {
    socket.on("table-event", (message: TableEventMessage) => {
      if (message.tableId !== this.tableId || !("event" in message) || !message.event) return;
      this.receive(message.event);
      this.wake();
    });
    socket.on("table-event-reject", () => this.wake());
    socket.on("disconnect", () => this.wake());
  }

  /** Whether an event this client already has comes again alike (a repeat) or not (a conflict). */
  private compare(known: EventHeader, event: ViewEvent) {
    // Deep equality without key order: events read back from jsonb come with their keys reordered.
    if (isDeepStrictEqual(known, headerOfView(event))) this.counts.repeats++;
    else this.counts.conflicts++;
  }

  /** Folds a live event into the view; an event past the end means something was missed: resync. */
  private receive(event: ViewEvent) {
    const known = this.log.headers[event.seq];
    if (known) return this.compare(known, event);
    const received = receiveViewEvent(this.log, event);
    if (received.kind === "applied") {
      this.log = received.log;
      this.counts.liveEvents++;
    } else if (received.kind === "gap") {
      this.gap = true;
    } else if (received.kind === "error") {
      this.counts.unfit++;
      this.gap = true;
      this.whole = true;
    }
  }

  /**
   * table-subscribe from the last seq: the events missed and, with them, the view whole. False when
   * the instance did not answer.
   */
  async sync(): Promise<boolean> {
    const socket = this.socket;
    if (!socket?.connected) return false;
    // Cleared before asking: a gap found by a broadcast while the answer is on its way asks again.
    this.gap = false;
    try {
      const ack = (await socket.timeout(5000).emitWithAck("table-subscribe", {
        tableId: this.tableId,
        lastSeq: this.whole ? -1 : lastSeq(this.log),
      })) as TableSubscribeAck;
      if (!ack.ok) throw new Error(ack.reason);
      this.resync(ack);
      this.counts.resyncs++;
      return true;
    } catch {
      // No answer: the instance is gone or failing; go to the next one.
      this.gap = true;
      socket.close();
      this.urlIndex++;
      return false;
    }
  }

  private resync(ack: TableSubscribeAck & { ok: true }) {
    const missed: ViewEvent[] = [];
    for (const event of ack.events) {
      const known = this.log.headers[event.seq];
      if (known) this.compare(known, event);
      else missed.push(event);
    }
    // Broadcasts sent while the subscription was answered may have come first: an answer behind this
    // log has nothing new, and its view is older than the one this client holds.
    if (ack.expected_move_id - 1 < lastSeq(this.log)) {
      if (this.whole) this.gap = true;
      return;
    }
    if (missed.length > 0 && ack.situation === undefined) {
      // Events without the view they lead to: ask again for everything.
      this.gap = true;
      this.whole = true;
      return;
    }
    this.log = resyncViewerLog(this.log, ack.viewer, ack.situation, missed);
    this.counts.syncedEvents += missed.length;
    this.whole = false;
  }

  private wake() {
    const wakers = this.wakers;
    this.wakers = [];
    for (const w of wakers) w();
  }

  private changed(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.wakers.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private choose(): Pending {
    const seq = lastSeq(this.log) + 1;
    const actions = legalTurn(this.log.view, seq, this.seat, this.module, this.ctx, this.next);
    if (!actions) throw new Error(`${this.name}: no legal move at seq ${seq} although ${this.seat} may act`);
    this.turnCounter++;
    return { turnUID: `${this.name}-${seq}-${this.turnCounter}`, moveId: seq, actions };
  }

  private submit(turn: Pending): Promise<Answer> {
    const socket = this.socket;
    // Closed while this bot paused: a send would wait in the socket's buffer and never be answered.
    if (!socket?.connected) return Promise.resolve({ kind: "lost" });
    const answer = new Promise<Answer>((resolve) => {
      const done = (a: Answer) => {
        clearTimeout(timer);
        socket.off("table-event", onEvent);
        socket.off("table-event-reject", onReject);
        socket.off("disconnect", onLost);
        resolve(a);
      };
      const timer = setTimeout(() => done({ kind: "timeout" }), ANSWER_TIMEOUT_MS);
      const onEvent = (m: TableEventMessage) => {
        if (m.tableId !== this.tableId || !("event" in m) || !m.event) return;
        if (m.event.kind === "turn" && m.event.turnUID === turn.turnUID)
          done({ kind: "acked", seq: m.event.seq });
      };
      const onReject = (m: TableRejectMessage) => {
        if (m.turnUID === turn.turnUID) done({ kind: "refused", reason: m.reason });
      };
      const onLost = () => done({ kind: "lost" });
      socket.on("table-event", onEvent);
      socket.on("table-event-reject", onReject);
      socket.on("disconnect", onLost);
    });
    this.counts.sent++;
    socket.emit("game-move", {
      tableId: this.tableId,
      moveId: turn.moveId,
      turnUID: turn.turnUID,
      actions: turn.actions,
      editMode: false,
    });
    return answer;
  }

  private async handle(turn: Pending, answer: Answer) {
    switch (answer.kind) {
      case "acked":
        this.acked.set(turn.turnUID, answer.seq);
        this.pending = null;
        return;
      case "refused":
        this.lastRefusal = answer.reason;
        if (answer.reason.startsWith("System error") || answer.reason === TOO_FAST) {
          // The server could not reach its database, or this socket outran its turn rate. The same
          // turn id is safe to send again: if it was written after all, the server answers with its
          // event instead of playing it twice.
          if (answer.reason === TOO_FAST) this.counts.refusedTooFast++;
          else {
            this.counts.refusedSystem++;
            this.systemReasons.add(answer.reason);
          }
          await sleep(answer.reason === TOO_FAST ? 250 : 100);
          return;
        }
        if (answer.reason === "outOfSync") this.counts.refusedOutOfSync++;
        else this.counts.refusedRules++;
        this.pending = null;
        await this.sync();
        return;
      case "lost":
      case "timeout":
        // The instance died (or hangs) with the turn unanswered: reconnect, read the log, and send it
        // again only if the log does not have it and is still where the turn expected it.
        await this.reconnect();
        await this.sync();
        if (this.log.headers.some((e) => e.kind === "turn" && e.turnUID === turn.turnUID)) {
          this.counts.foundInLog++;
          this.pending = null;
        } else if (turn.moveId !== this.log.headers.length) {
          this.pending = null;
        }
        return;
    }
  }
}
