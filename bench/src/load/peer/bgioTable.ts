import { Client, type LobbyClient } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import type { Window } from "../stats";
import { PEER_GAME_NAME, type PeerG, peerGame } from "./game";

// One boardgame.io match played by bots in the shape of ours (table.ts): one seat per player, each
// its own boardgame.io client on its own Socket.IO connection, joined through the lobby's REST API
// with its own credentials. Once a second, from a random phase, the player whose turn it is makes a
// move; its latency runs from just before the move is dispatched to the moment each seat's client
// holds the new state (the mover's included: the move waits for the server, game.ts).

type PeerClient = ReturnType<typeof Client<PeerG>>;

interface InFlight {
  /** G.count once the move is applied: a seat holds the move when its count reaches this. */
  count: number;
  sentAt: number;
  arrived: Set<number>;
  sender: number;
  window: Window;
}

/** A move not answered in this time is given up (as our bots do: table.ts). */
const PENDING_TIMEOUT_MS = 15_000;

export class PeerTable {
  state: "setup" | "playing" | "failed" | "stopped" = "setup";
  matchID = "";
  /** What the moves sent and delivered add up to: every seat must end holding it. */
  readonly expected: PeerG = { count: 0, total: 0 };
  /** Moves that did not reach every seat in time (boardgame.io answers a refused move with nothing). */
  givenUp = 0;
  private clients: PeerClient[] = [];
  /** The newest G.count each seat's client holds. */
  private held: number[] = [];
  private inFlight: InFlight | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly index: number,
    private readonly seats: number,
    private readonly window: () => Window,
  ) {}

  get pending(): boolean {
    return this.inFlight !== null;
  }

  /** Creates the match, joins every seat and connects its client; resolves once all hold the state. */
  async setUp(lobby: LobbyClient, server: string): Promise<void> {
    const { matchID } = await lobby.createMatch(PEER_GAME_NAME, { numPlayers: this.seats });
    this.matchID = matchID;
    const joined = [];
    for (let j = 0; j < this.seats; j++)
      joined.push(
        await lobby.joinMatch(PEER_GAME_NAME, matchID, {
          playerID: String(j),
          playerName: `bot${this.index}-${j}`,
        }),
      );
    this.held = joined.map(() => -1);
    this.clients = joined.map((j) =>
      Client<PeerG>({
        game: peerGame,
        numPlayers: this.seats,
        matchID,
        playerID: j.playerID,
        credentials: j.playerCredentials,
        debug: false,
        multiplayer: SocketIO({
          server,
          // As our seats connect (seat.ts): straight to WebSocket, one connection per seat.
          socketOpts: { transports: ["websocket"], forceNew: true, timeout: 60_000 },
        }),
      }),
    );
    const ready = this.clients.map(
      (client, seat) =>
        new Promise<void>((resolve) => {
          client.subscribe((s) => {
            if (s === null) return;
            this.onState(seat, s.G.count, performance.now());
            resolve();
          });
        }),
    );
    for (const c of this.clients) c.start();
    await Promise.all(ready);
    this.state = "playing";
  }

  /** Ticks once a second from a random phase, so the tables do not all move at once. */
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
    if (this.state === "playing") this.state = "stopped";
  }

  tick(): void {
    if (this.state !== "playing") return;
    const window = this.window();
    const now = performance.now();
    if (this.inFlight) {
      if (now - this.inFlight.sentAt < PENDING_TIMEOUT_MS) {
        window.ticksBehind++;
        return;
      }
      this.inFlight.window.refusals.add("(no answer in 15 s)");
      this.givenUp++;
      this.inFlight = null;
      // The server dropped it or it is still coming: go on from what the seats hold.
      const G = this.clients[0]?.getState()?.G;
      if (G) Object.assign(this.expected, { count: G.count, total: G.total });
    }
    // Whose turn it is, as the mover's own client sees it: it acts on what it has received.
    const seat = this.clients.findIndex((c) => c.getState()?.ctx.currentPlayer === c.playerID);
    const client = this.clients[seat];
    if (client === undefined) {
      window.ticksStuck++;
      return;
    }
    if (this.held[seat]! < this.expected.count) {
      window.ticksSeatBehind++;
      return;
    }
    const n = 1 + ((this.index + this.expected.count) % 9);
    this.inFlight = {
      count: this.expected.count + 1,
      sentAt: performance.now(),
      arrived: new Set(),
      sender: seat,
      window,
    };
    this.expected.count++;
    this.expected.total += n;
    window.turnsSent++;
    client.moves.add!(n);
  }

  private onState(seat: number, count: number, at: number): void {
    if (count <= this.held[seat]!) return;
    this.held[seat] = count;
    const flying = this.inFlight;
    if (flying === null || count < flying.count || flying.arrived.has(seat)) return;
    flying.arrived.add(seat);
    if (seat === flying.sender) flying.window.toSender.add(at - flying.sentAt);
    if (flying.arrived.size === this.seats) {
      flying.window.toAll.add(at - flying.sentAt);
      flying.window.turnsDelivered++;
      this.inFlight = null;
    }
  }

  /** Seats whose client ends holding exactly the G the moves sent add up to. */
  seatsEqual(): number {
    return this.clients.filter((c) => {
      const G = c.getState()?.G;
      return G?.count === this.expected.count && G.total === this.expected.total;
    }).length;
  }

  close(): void {
    this.stopTicking();
    for (const c of this.clients) c.stop();
  }
}
