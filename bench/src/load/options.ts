import { parseArgs } from "node:util";
import { SETUP_KINDS, type SetupKind } from "./deploy";
import { PEERS, type Peer } from "./peer/peers";

export interface LoadOptions {
  mode: "run" | "ramp" | "sockets" | "restart" | "open-tables";
  /** One set-up, or every one in turn with the same parameters (steady runs only). */
  setup: SetupKind | "all";
  tables: number;
  seats: number;
  seconds: number;
  warmup: number;
  users: number;
  game: string;
  seed: number;
  profile: boolean;
  /** --perf: Linux perf over the measured window (perf.ts). */
  perf: boolean;
  ramp: { start: number; step: number; max: number; seconds: number; past: boolean };
  sockets: number;
  /** --restart N / --open-tables N: tables written deep in a game (storedTables.ts). */
  stored: { count: number; events: number; sample: number };
  /** Another project's server run after ours with the same load shape (steady runs only). */
  peer: Peer | null;
  /** --balance-games N: a balance run of N games during the second half of the window (balance.ts). */
  balanceGames: number;
}

export const USAGE = `npm run bench:load -- [options]

  --setup pglite|postgres|redis2|all   server set-up (default pglite); all: the three one after
                   another with the same parameters, then one summary table (steady runs only)
  --tables N       tables played at once (default 100)
  --seats N        seats per table (default 4)
  --seconds S      measured seconds (default 60), after --warmup S (default 10)
  --users N        bot users (default: one per seat, at most 200; a user may sit at several tables)
  --game SLUG      shipped game to play (default night-market)
  --seed N         seed of the bots' choices (default 1)
  --profile        CPU profile of the servers over the measured window, summarised at the end
  --perf           the same window through Linux perf (every thread, kernel and V8 included; needs
                   the perf tool: apt-get install linux-perf); steady runs only
  --ramp           raise the number of tables until p99 (turn -> every seat) passes 100 ms:
                   --ramp-start N (default 100), --ramp-step N (default 100), --ramp-max N (default 3000),
                   --ramp-seconds S measured per step (default 20), --ramp-past: go on to
                   --ramp-max after the break (shows where delivered turns/s stop growing)
  --sockets N      idle authenticated sockets per server process (e.g. 10000): memory per socket
  --restart N      N started tables of --events E (default 200) written, the server restarted: time
                   from spawn to listening and to a turn accepted at one table and at each of
                   --sample S of them (default 100); pglite or postgres
  --open-tables N  N such tables opened by a seat's socket, a turn played at each: the server's
                   heap and RSS before and after, per table; pglite or postgres
  --peer boardgame.io   then the same load shape against boardgame.io's server (a trivial game,
                   in memory) and one summary table with both rows (steady runs only)
  --balance-games N  a balance run of N self-played games of --game, started through the HTTP API
                   for the second half of the measured window: both halves side by side
`;

export function parseOptions(argv: string[]): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      setup: { type: "string", default: "pglite" },
      tables: { type: "string", default: "100" },
      seats: { type: "string", default: "4" },
      seconds: { type: "string", default: "60" },
      warmup: { type: "string", default: "10" },
      users: { type: "string" },
      game: { type: "string", default: "night-market" },
      seed: { type: "string", default: "1" },
      profile: { type: "boolean", default: false },
      perf: { type: "boolean", default: false },
      ramp: { type: "boolean", default: false },
      "ramp-start": { type: "string", default: "100" },
      "ramp-step": { type: "string", default: "100" },
      "ramp-max": { type: "string", default: "3000" },
      "ramp-seconds": { type: "string", default: "20" },
      "ramp-past": { type: "boolean", default: false },
      sockets: { type: "string" },
      restart: { type: "string" },
      "open-tables": { type: "string" },
      events: { type: "string", default: "200" },
      sample: { type: "string", default: "100" },
      peer: { type: "string" },
      "balance-games": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be an integer >= ${min}, not '${v}'`);
    return n;
  };
  if (values.setup !== "all" && !SETUP_KINDS.includes(values.setup as SetupKind)) {
    throw new Error(`--setup must be one of ${SETUP_KINDS.join(", ")} or all, not '${values.setup}'`);
  }
  if (values.ramp && values.sockets !== undefined) throw new Error("--ramp and --sockets are separate runs");
  if (values.setup === "all" && (values.ramp || values.sockets !== undefined))
    throw new Error("--setup all is for steady runs: --ramp and --sockets take one set-up");
  if (values.peer !== undefined && !PEERS.includes(values.peer as Peer))
    throw new Error(`--peer must be one of ${PEERS.join(", ")}, not '${values.peer}'`);
  if (values.peer !== undefined && (values.ramp || values.sockets !== undefined))
    throw new Error("--peer is for steady runs: not with --ramp or --sockets");
  const stored = values.restart ?? values["open-tables"];
  if (stored !== undefined) {
    const others = [values.ramp, values.sockets !== undefined, values.peer !== undefined];
    if ((values.restart !== undefined && values["open-tables"] !== undefined) || others.some(Boolean))
      throw new Error("--restart and --open-tables are runs of their own");
    if (values.setup !== "pglite" && values.setup !== "postgres")
      throw new Error("--restart and --open-tables take one server: --setup pglite or postgres");
  }
  const tables = int("tables", values.tables, 1);
  const seats = int("seats", values.seats, 1);
  return {
    mode: values.ramp
      ? "ramp"
      : values.sockets !== undefined
        ? "sockets"
        : values.restart !== undefined
          ? "restart"
          : values["open-tables"] !== undefined
            ? "open-tables"
            : "run",
    setup: values.setup as SetupKind | "all",
    tables,
    seats,
    seconds: int("seconds", values.seconds, 1),
    warmup: int("warmup", values.warmup, 0),
    users: values.users === undefined ? Math.min(tables * seats, 200) : int("users", values.users, seats),
    game: values.game,
    seed: int("seed", values.seed, 0),
    profile: values.profile,
    perf: values.perf,
    ramp: {
      start: int("ramp-start", values["ramp-start"], 1),
      step: int("ramp-step", values["ramp-step"], 1),
      max: int("ramp-max", values["ramp-max"], 1),
      seconds: int("ramp-seconds", values["ramp-seconds"], 1),
      past: values["ramp-past"],
    },
    sockets: values.sockets === undefined ? 0 : int("sockets", values.sockets, 1),
    stored: {
      count: stored === undefined ? 0 : int(values.restart ? "restart" : "open-tables", stored, 1),
      events: int("events", values.events, 1),
      sample: int("sample", values.sample, 1),
    },
    peer: (values.peer as Peer | undefined) ?? null,
    balanceGames:
      values["balance-games"] === undefined ? 0 : int("balance-games", values["balance-games"], 1),
  };
}
