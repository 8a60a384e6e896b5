import { registry } from "@tt/games";
import type { ProjectDetail } from "@tt/protocol";
import type { Deployment } from "./deploy";
import { httpCalls } from "./http";
import { lagMonitor } from "./lag";
import { Seat } from "./seat";
import { Window } from "./stats";
import { TableBot, type TableContext } from "./table";
import { type BotUser, createUsers, inBatches } from "./users";
import { type VerifyResult, verifyTables } from "./verify";

// All the bots of a run: the users, a seat (socket) per table and colour, and the table slots. Seat j
// of table t belongs to user group j, so the four seats of a table are four different people, and
// with several server instances it connects to instance (t + j) mod n, so every table has seats on
// more than one instance and its broadcasts must cross Redis.

export interface FleetOptions {
  slug: string;
  seats: number;
  users: number;
  seed: number;
}

export class Fleet {
  readonly tables: TableBot[] = [];
  window = new Window();
  /** The bots' own event-loop delay: it adds to every latency they measure. */
  readonly loopDelay = lagMonitor();
  private readonly creatorQueues = new Map<string, Promise<unknown>>();
  private readonly context: TableContext;

  private constructor(
    private readonly deployment: Deployment,
    private readonly users: BotUser[],
    private readonly options: FleetOptions,
    colors: string[],
  ) {
    this.context = {
      slug: options.slug,
      module: registry.moduleFor(options.slug),
      colors,
      window: () => this.window,
      asCreator: (user, work) => {
        const previous = this.creatorQueues.get(user) ?? Promise.resolve();
        const next = previous.then(work, work);
        this.creatorQueues.set(
          user,
          next.catch(() => undefined),
        );
        return next;
      },
    };
  }

  static async create(deployment: Deployment, options: FleetOptions): Promise<Fleet> {
    const game = registry.game(options.slug);
    if (!game) throw new Error(`no shipped game '${options.slug}'`);
    const { min, max } = game.content.players;
    if (options.seats < min || options.seats > max) {
      throw new Error(`${options.slug} seats ${min} to ${max} players, not ${options.seats}`);
    }
    const users = await createUsers(deployment, Math.max(options.users, options.seats));
    const detail = await users[0]!.http.call<ProjectDetail>(
      "get-project-detail",
      "GET",
      `/api/projects/get-project-detail/${options.slug}`,
    );
    const colors = detail.playerColors.slice(0, options.seats);
    if (colors.length < options.seats) throw new Error(`${options.slug} has only ${colors.length} colours`);
    return new Fleet(deployment, users, options, colors);
  }

  get seatCount(): number {
    return this.tables.length * this.options.seats;
  }

  /** Starts a new measuring window and returns the one that ends. */
  newWindow(): Window {
    const ended = this.window;
    ended.httpCalls = httpCalls.count - ended.httpCallsAtStart;
    this.window = new Window();
    return ended;
  }

  /** Adds `count` table slots: sockets connected, first game set up, ticking. */
  async addTables(count: number, onProgress?: (done: number) => void): Promise<void> {
    const { seats } = this.options;
    const servers = this.deployment.servers;
    const group = Math.floor(this.users.length / seats);
    const fresh: TableBot[] = [];
    for (let i = 0; i < count; i++) {
      const t = this.tables.length;
      const table = new TableBot(t, this.context, this.options.seed * 100_003 + t);
      table.seats = Array.from({ length: seats }, (_, j) => {
        const user = this.users[j * group + (t % group)]!;
        const url = servers[(t + j) % servers.length]!.url;
        return new Seat(user, user.http.on(url), url, table);
      });
      this.tables.push(table);
      fresh.push(table);
    }
    let done = 0;
    // Bounded: a burst of hundreds of set-ups at once measures the lobby, not the table.
    await inBatches(fresh, 16, async (table) => {
      try {
        await Promise.all(table.seats.map((s) => s.connect()));
      } catch (err) {
        table.state = "failed";
        this.window.setupFailures.add(`socket connect: ${(err as Error).message}`);
        return;
      }
      await table.newGame();
      if (table.state === "playing") table.startTicking();
      onProgress?.(++done);
    });
  }

  /** Stops every table's clock and waits (at most `maxMs`) for the turns on their way to land. */
  async stop(maxMs = 15_000): Promise<number> {
    for (const t of this.tables) t.stopTicking();
    const deadline = performance.now() + maxMs;
    while (performance.now() < deadline) {
      if (!this.tables.some((t) => t.pending || t.state === "setup")) return 0;
      await new Promise((r) => setTimeout(r, 100));
    }
    return this.tables.filter((t) => t.pending).length;
  }

  verify(): Promise<VerifyResult> {
    // The check reads each table's start and log from the database, through the first instance (all
    // instances share one database).
    const server = this.deployment.servers[0]!;
    return verifyTables(this.tables, (text, params) => server.read(text, params));
  }

  /** Seats that reconnected, and events for tables a seat never opened (both should be 0). */
  socketTrouble(): { reconnects: number; strays: number } {
    let reconnects = 0;
    let strays = 0;
    for (const t of this.tables)
      for (const s of t.seats) {
        reconnects += s.reconnects;
        strays += s.strays;
      }
    return { reconnects, strays };
  }

  close(): void {
    for (const t of this.tables) {
      t.stopTicking();
      for (const s of t.seats) s.close();
    }
    this.loopDelay.disable();
  }
}
