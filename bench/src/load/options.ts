import { parseArgs } from "node:util";
import { SETUP_KINDS, type SetupKind } from "./deploy";

export interface LoadOptions {
  mode: "run" | "ramp" | "sockets";
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
  ramp: { start: number; step: number; max: number; seconds: number; past: boolean };
  sockets: number;
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
  --ramp           raise the number of tables until p99 (turn -> every seat) passes 100 ms:
                   --ramp-start N (default 100), --ramp-step N (default 100), --ramp-max N (default 3000),
                   --ramp-seconds S measured per step (default 20), --ramp-past: go on to
                   --ramp-max after the break (shows where delivered turns/s stop growing)
  --sockets N      idle authenticated sockets per server process (e.g. 10000): memory per socket
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
      ramp: { type: "boolean", default: false },
      "ramp-start": { type: "string", default: "100" },
      "ramp-step": { type: "string", default: "100" },
      "ramp-max": { type: "string", default: "3000" },
      "ramp-seconds": { type: "string", default: "20" },
      "ramp-past": { type: "boolean", default: false },
      sockets: { type: "string" },
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
  const tables = int("tables", values.tables, 1);
  const seats = int("seats", values.seats, 1);
  return {
    mode: values.ramp ? "ramp" : values.sockets !== undefined ? "sockets" : "run",
    setup: values.setup as SetupKind | "all",
    tables,
    seats,
    seconds: int("seconds", values.seconds, 1),
    warmup: int("warmup", values.warmup, 0),
    users: values.users === undefined ? Math.min(tables * seats, 200) : int("users", values.users, seats),
    game: values.game,
    seed: int("seed", values.seed, 0),
    profile: values.profile,
    ramp: {
      start: int("ramp-start", values["ramp-start"], 1),
      step: int("ramp-step", values["ramp-step"], 1),
      max: int("ramp-max", values["ramp-max"], 1),
      seconds: int("ramp-seconds", values["ramp-seconds"], 1),
      past: values["ramp-past"],
    },
    sockets: values.sockets === undefined ? 0 : int("sockets", values.sockets, 1),
  };
}
