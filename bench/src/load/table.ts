import {
  type Action,
  activeSeats,
  lastSeq,
  type RngState,
  type RuleContext,
  type RuleModule,
  seedRng,
} from "@tt/engine";
import { piecesOf } from "@tt/games";
import type { TableEventMessage, TableInfo, TableRejectMessage } from "@tt/protocol";
import { chooseTurn } from "./choose";
import { HttpFailure } from "./http";
import type { Seat, SeatListener } from "./seat";
import type { Window } from "./stats";

// One table slot: four seats that play game after game of the chosen project. Each game is set up
// through the lobby's calls (new-table, join-table per seat, start-table), opened by every seat
// (table-open, table-subscribe), then played one turn a second by whichever seat the rules make
// active, on that seat's own view (it holds nothing else: secrets stay on the server). When a game
// ends the slot starts another, so a long run keeps every table busy.

export interface TableContext {
  slug: string;
  module: RuleModule;
  /** The project's colours, one per seat in seat order. */
  colors: string[];
  /** The window the figures of this moment go to (replaced between warm-up, steps, ...). */
  window(): Window;
  /** Runs `work` alone for this user: a user keeps one unstarted table per project (createTable). */
  asCreator<T>(user: string, work: () => Promise<T>): Promise<T>;
}

interface InFlight {
  turnUID: string;
  sentAt: number;
  arrived: Set<Seat>;
  sender: Seat;
  window: Window;
}

/** A turn not answered in this time is given up, as the web client does (PENDING_TIMEOUT_MS). */
const PENDING_TIMEOUT_MS = 15_000;

export class TableBot implements SeatListener {
  state: "idle" | "setup" | "playing" | "ended" | "failed" | "stopped" = "idle";
  tableId = "";
  /** Every table this slot played, oldest first: what the end-of-run check goes through. */
  readonly games: string[] = [];
  seats: Seat[] = [];
  /** The newest seq any seat of this game holds (lastEventAt: when it first arrived). */
  private latest = -1;
  private ctx: RuleContext = { pieces: {}, options: {} };
  private readonly rng: { state: RngState };
  private inFlight: InFlight | null = null;
  private lastEventAt = 0;
  private turnCount = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly index: number,
    private readonly context: TableContext,
    seed: number,
  ) {
    this.rng = { state: seedRng(seed) };
  }

  get pending(): boolean {
    return this.inFlight !== null;
  }

  /** Ticks once a second from a random phase, so a thousand tables do not all move at once. */
  startTicking(): void {
    const phase = Math.floor(Math.random() * 1000);
    this.timer = setTimeout(() => {
      this.timer = setInterval(() => this.tick(), 1000);
      this.tick();
    }, phase);
  }

  stopTicking(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    if (this.state === "playing" || this.state === "ended") this.state = "stopped";
  }

  async newGame(): Promise<void> {
    this.state = "setup";
    const window = this.context.window();
    const { slug, colors } = this.context;
    const creator = this.seats[0]!;
    const previous = this.tableId;
    try {
      if (previous) {
        // Like a person who looks at the final board (the whole game, reloaded) before leaving.
        await Promise.all(this.seats.map((s) => s.settled(previous)));
        await Promise.all(this.seats.map((s) => s.leave(previous)));
      }
      const info = await this.context.asCreator(creator.user.name, async () => {
        const created = await creator.http.call<TableInfo>(
          "new-table",
          "POST",
          `/api/projects/${slug}/new-table`,
          { start_position: { options: {} }, tableMode: "competitive-edit", isPrivate: false },
        );
        for (const [i, seat] of this.seats.entries()) {
          await seat.http.call(
            "join-table",
            "GET",
            `/api/projects/${slug}/join-table/${created.tableId}?color=${encodeURIComponent(colors[i]!)}`,
          );
        }
        await creator.http.call(
          "start-table",
          "POST",
          `/api/projects/${slug}/${created.tableId}/start-table`,
          {},
        );
        return created;
      });
      this.tableId = info.tableId;
      this.games.push(info.tableId);
      const opened = await Promise.all(this.seats.map((s) => s.open(info.tableId)));
      const { components, options } = opened[0]!;
      this.ctx = { pieces: components ? piecesOf(components as never) : {}, options };
      this.latest = Math.max(...opened.map((o) => lastSeq(o.client.log)));
      this.lastEventAt = performance.now();
      this.state = "playing";
      window.gamesStarted++;
    } catch (err) {
      this.state = "failed";
      window.setupFailures.add(
        err instanceof HttpFailure ? `${err.route} ${err.status}` : (err as Error).message.slice(0, 80),
      );
    }
  }

  tick(): void {
    if (this.state !== "playing") return;
    const window = this.context.window();
    const now = performance.now();
    if (this.inFlight) {
      if (now - this.inFlight.sentAt < PENDING_TIMEOUT_MS) {
        window.ticksBehind++;
        return;
      }
      this.inFlight.window.refusals.add("(no answer in 15 s)");
      this.inFlight = null;
    }
    // Whose turn it is, as the seats that hold the newest event see it (whose turn is public).
    const ahead = this.seats.find((s) => s.current !== null && lastSeq(s.current.log) === this.latest);
    const color = ahead?.current ? activeSeats(ahead.current.log.view)[0] : undefined;
    const seat = this.seats.find((s) => s.current?.color === color);
    const client = seat?.current;
    if (seat === undefined || client == null) {
      window.ticksStuck++;
      return;
    }
    // A seat acts on what it has itself received: if the last event has not reached it, it waits.
    if (lastSeq(client.log) < this.latest || client.held !== null) {
      window.ticksSeatBehind++;
      return;
    }
    const choice = chooseTurn(client.log, client.color, this.context.module, this.ctx, this.rng);
    let actions: Action[];
    if (choice.kind === "turn") actions = choice.actions;
    else if (choice.kind === "delayed") {
      // The game's own pause (a bust shows for a moment): not a delay of the server.
      if (now - this.lastEventAt < choice.delay) return;
      actions = [{ kind: "delayed eval" }];
    } else {
      window.ticksStuck++;
      return;
    }
    const turnUID = `t${this.index}-${++this.turnCount}`;
    this.inFlight = { turnUID, sentAt: performance.now(), arrived: new Set(), sender: seat, window };
    window.turnsSent++;
    seat.socket.emit("game-move", {
      tableId: this.tableId,
      moveId: lastSeq(client.log) + 1,
      turnUID,
      actions,
      editMode: false,
      seat: client.color,
    });
  }

  onEvent(seat: Seat, message: TableEventMessage, at: number): void {
    if (!("event" in message)) return;
    const event = message.event;
    // The last turn of a game may still be reaching seats after the slot moved on to the next game.
    const current = message.tableId === this.tableId;
    if (current && event.seq > this.latest) {
      this.latest = event.seq;
      this.lastEventAt = at;
    }
    // The event's header keeps the turn id the sender chose: that is how its arrivals are matched.
    const flying = this.inFlight;
    if (flying !== null && event.kind === "turn" && event.turnUID === flying.turnUID) {
      flying.arrived.add(seat);
      if (seat === flying.sender) flying.window.toSender.add(at - flying.sentAt);
      if (flying.arrived.size === this.seats.length) {
        flying.window.toAll.add(at - flying.sentAt);
        flying.window.turnsDelivered++;
        this.inFlight = null;
      }
    }
    if (current && this.state === "playing" && seat.current?.log.view.ended === true) {
      this.state = "ended";
      this.context.window().gamesEnded++;
      // A seat that never gets the end must not stall the slot: the check reports what it lacks.
      const game = this.tableId;
      setTimeout(() => {
        if (this.state === "ended" && this.tableId === game) {
          this.state = "setup";
          void this.newGame();
        }
      }, END_WAIT_MS);
    }
    // Like a person who sees the end before leaving the page: the slot moves on once every seat holds
    // the last event. Leaving earlier (table-close) takes a seat out of the room before the end reaches
    // it, and the check would count that as lost.
    if (current && this.state === "ended" && this.seats.every((s) => holds(s, this.latest))) {
      this.state = "setup";
      setImmediate(() => void this.newGame());
    }
  }

  onReject(_seat: Seat, message: TableRejectMessage): void {
    const flying = this.inFlight;
    if (flying === null || message.turnUID !== flying.turnUID) {
      this.context.window().refusals.add(`(unexpected) ${message.reason}`);
      return;
    }
    flying.window.refusals.add(message.reason);
    this.inFlight = null;
  }
}

/** How long a slot waits for every seat to hold a game's last event before it starts the next. */
const END_WAIT_MS = 15_000;

/** Whether the seat's view is at event `seq` of its current table, with no subscribe on its way. */
function holds(seat: Seat, seq: number): boolean {
  const client = seat.current;
  return client !== null && client.held === null && lastSeq(client.log) >= seq;
}
