import { availableParallelism } from "node:os";
import path from "node:path";
import { BOT_CAPS, SESSION_CAPS, TABLE_CAPS, UPLOAD_JOBS_PER_USER } from "@tt/protocol";
import { z } from "zod";
import { DEFAULT_SHEET_URL_TEMPLATE, sheetOpenUrlTemplate } from "./projects/linkedSheet";

// Every environment variable the server reads, parsed once at start-up. README lists them.
const envFields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default("tt"),
  PUBLIC_URL: z.string().optional(),
  SERVER_ENV: z.string().default("production"),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  /** How long an instance answers a session it read from memory (auth/sessionCache.ts); 0: never. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  INVITE_EXPIRY_DAYS: z.coerce.number().positive().default(30),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PER_NAME: z.coerce.number().int().positive().default(10),
  /** Table events (turns, undos, chat, pings, reloads) one socket may send a second, sustained. */
  TURN_RATE_PER_SECOND: z.coerce.number().positive().default(10),
  /** How many of them may come at once after a pause (the bucket's size). */
  TURN_BURST: z.coerce.number().int().positive().default(20),
  /** How long an undo request waits for the opponents' answer (issue 37 point 8), in ms. */
  UNDO_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Caps of issue 20 (protocol limits.ts, docs/abuse.md); the defaults are ~50x what the shipped games use. */
  TURN_BYTES_MAX: z.coerce.number().int().positive().default(TABLE_CAPS.turnBytes),
  TURN_MOVES_MAX: z.coerce.number().int().positive().default(TABLE_CAPS.turnMoves),
  EVENT_BYTES_MAX: z.coerce.number().int().positive().default(TABLE_CAPS.eventBytes),
  SITUATION_BYTES_MAX: z.coerce.number().int().positive().default(TABLE_CAPS.situationBytes),
  TABLE_LOG_EVENTS_MAX: z.coerce.number().int().positive().default(TABLE_CAPS.logEvents),
  TABLE_LOG_BYTES_MAX: z.coerce.number().int().positive().default(TABLE_CAPS.logBytes),
  CHAT_PER_TABLE_PER_MINUTE: z.coerce.number().int().positive().default(TABLE_CAPS.chatPerMinute),
  SOCKETS_PER_SESSION: z.coerce.number().int().positive().default(SESSION_CAPS.socketsPerSession),
  SESSION_RATE_PER_SECOND: z.coerce.number().positive().default(SESSION_CAPS.sessionRate.perSecond),
  SESSION_BURST: z.coerce.number().int().positive().default(SESSION_CAPS.sessionRate.burst),
  USER_RATE_PER_SECOND: z.coerce.number().positive().default(SESSION_CAPS.userRate.perSecond),
  USER_BURST: z.coerce.number().int().positive().default(SESSION_CAPS.userRate.burst),
  /** Table loads (table-open, table-log) per user a second, sustained, and their burst. */
  HEAVY_READS_PER_SECOND: z.coerce.number().positive().default(SESSION_CAPS.heavyReads.perSecond),
  HEAVY_READS_BURST: z.coerce.number().int().positive().default(SESSION_CAPS.heavyReads.burst),
  /** The bytes those loads send a user a second, sustained, and their burst. */
  HEAVY_READ_BYTES_PER_SECOND: z.coerce.number().positive().default(SESSION_CAPS.heavyReadBytes.perSecond),
  HEAVY_READ_BYTES_BURST: z.coerce.number().int().positive().default(SESSION_CAPS.heavyReadBytes.burst),
  /** Where a linked spreadsheet's .xlsx export is fetched; {id} is replaced by the sheet id. */
  SHEET_URL_TEMPLATE: z.string().includes("{id}").default(DEFAULT_SHEET_URL_TEMPLATE),
  /** Where 'Open the spreadsheet' takes a designer; unset: see sheetOpenUrlTemplate. */
  SHEET_OPEN_URL_TEMPLATE: z
    .string()
    .includes("{id}")
    .regex(/^https?:\/\//, "must start with http:// or https://")
    .optional(),
  /** Worker threads for uploads read off the server's thread (work/uploads.ts); 0: from the CPU count. */
  WORK_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /** Uploads waiting for a worker at most; more are refused as busy (503). */
  WORK_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** One user's uploads in the workers at once, running or waiting, per process; more are refused (429). */
  WORK_JOBS_PER_USER: z.coerce.number().int().min(1).max(1000).default(UPLOAD_JOBS_PER_USER),
  /** One upload's reading time in a worker at most. */
  WORK_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** A worker's JavaScript heap at most (a 10 MB SVG of 170,000 elements needs 0.5-1 GB to sanitise). */
  WORK_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** A bot's human-like pause before its turn (tables/bots.ts), drawn between these, in milliseconds. */
  BOT_DELAY_MIN_MS: z.coerce.number().int().min(0).max(600_000).default(800),
  BOT_DELAY_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Worker threads that choose the bots' turns (tables/botWork.ts), off the server's thread. */
  BOT_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** Bot turns waiting for a worker at most; more are played at random on the server's thread. */
  BOT_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
  /** One bot's thinking in a worker at most; a bot that takes longer plays at random instead. */
  BOT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Running tables with bots one user may have created (issue 36; protocol BOT_CAPS). */
  BOT_TABLES_PER_USER: z.coerce.number().int().min(0).default(BOT_CAPS.tablesPerUser),
  /** Bot seats at one user's tables that have not ended. */
  BOT_SEATS_PER_USER: z.coerce.number().int().min(0).default(BOT_CAPS.seatsPerUser),
  /** A table with bots ends after this long with nobody at it and no turn played. */
  BOT_IDLE_END_MINUTES: z.coerce.number().positive().default(BOT_CAPS.idleEndMinutes),
  /** One table's bot turns at least this far apart (tables/botPace.ts). */
  BOT_TURN_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** Time on the server's thread one table's bots may take a minute. */
  BOT_TABLE_MS_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  /** Bot work waits while the server's event loop runs this much late (people's work is queued). */
  BOT_LOOP_DELAY_MS: z.coerce.number().int().positive().default(20),
  /** Unset: S3 when S3_* names a bucket, else the disk (see storageOf). */
  STORAGE: z.enum(["disk", "s3"]).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
});

/** The fields, and what holds between them. */
const envSchema = envFields.refine((e) => e.BOT_DELAY_MIN_MS <= e.BOT_DELAY_MAX_MS, {
  path: ["BOT_DELAY_MAX_MS"],
  message: "must be at least BOT_DELAY_MIN_MS",
});

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
/** The S3 settings whose presence says the operator means S3 (S3_REGION has a default of its own). */
const S3_NAMED = [...S3_REQUIRED, "S3_PUBLIC_URL"] as const;

/** Uploaded files (assets, deck sources): under DATA_DIR/storage, or in an S3-compatible bucket. */
export type StorageConfig =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Browsers load objects from here when set; else through the server (/api/storage/...). */
      publicUrl: string | undefined;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Channel prefix on Redis: several deployments (or test runs) may share one Redis. */
  redisPrefix: string;
  publicUrl: string | undefined;
  serverEnv: string;
  sessionIdleMs: number;
  /** How long a session read is answered from memory (auth/sessionCache.ts). */
  sessionCacheMs: number;
  inviteExpiryMs: number;
  trustProxy: boolean;
  logLevel: string;
  webDist: string | undefined;
  rateLimits: { perIpPerMinute: number; perNameMax: number; perNameWindowMs: number };
  /** Per-socket token bucket for table events (realtime/table.ts). */
  turnRate: { perSecond: number; burst: number };
  /** How long an undo request waits for an answer (realtime/undoRequests.ts). */
  undoRequestMs: number;
  /** What one table may hold and take (tables/caps.ts). */
  tableCaps: TableCaps;
  /** Per session and per user, across sockets and instances (realtime/rates.ts). */
  sessionCaps: {
    socketsPerSession: number;
    sessionRate: Rate;
    userRate: Rate;
    heavyReads: Rate;
    heavyReadBytes: Rate;
  };
  storage: StorageConfig;
  sheetUrlTemplate: string;
  /** The page of a linked sheet a designer opens (the admin page's 'Open the spreadsheet'). */
  sheetOpenUrlTemplate: string;
  /** The worker threads that read uploads (work/pool.ts): how many, queue, time and heap per job. */
  work: { threads: number; queue: number; timeoutMs: number; memoryMb: number; perUser: number };
  /** The bots at tables (tables/bots.ts, botWork.ts): their pause, and the workers that think for them. */
  bots: BotSettings;
  /** Settings that are valid but probably not what the operator meant; main.ts logs them at start. */
  warnings: string[];
}

export interface BotSettings {
  /** The human-like pause before a bot's turn, drawn between min and max milliseconds. */
  delayMs: { min: number; max: number };
  /** Worker threads at most, bot turns waiting for one at most, and one turn's thinking at most. */
  threads: number;
  queue: number;
  timeoutMs: number;
  /** Per user (tables/botCaps.ts): running tables with bots, and bot seats at tables not ended. */
  caps: BotCaps;
  /** A table with bots that nobody has open and where no turn was played this long ends (botIdle.ts). */
  idleEndMs: number;
  /** How bots share the server's thread (botPace.ts). */
  pace: BotPace;
}

export interface BotCaps {
  tablesPerUser: number;
  seatsPerUser: number;
}

export interface BotPace {
  /** One table's bot turns at least this far apart. */
  turnIntervalMs: number;
  /** Main-thread milliseconds one table's bots may take a minute. */
  msPerMinute: number;
  /** The event loop's lateness above which bot work waits. */
  loopDelayMs: number;
}

/** A token bucket's refill a second and size. */
export interface Rate {
  perSecond: number;
  burst: number;
}

export interface TableCaps {
  turnBytes: number;
  turnMoves: number;
  eventBytes: number;
  situationBytes: number;
  logEvents: number;
  logBytes: number;
  chatPerMinute: number;
}

const DAY = 24 * 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (VAR= in an env file or a compose service) counts as unset for the storage settings.
  const set = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== "" || !/^(STORAGE|S3_.*)$/.test(name)),
  );
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const warnings: string[] = [];
  const storage = storageOf(e, dataDir, warnings);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL,
    serverEnv: e.SERVER_ENV,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY,
    sessionCacheMs: e.SESSION_CACHE_MS,
    inviteExpiryMs: e.INVITE_EXPIRY_DAYS * DAY,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    rateLimits: {
      perIpPerMinute: e.RATE_LIMIT_PER_IP,
      perNameMax: e.RATE_LIMIT_PER_NAME,
      perNameWindowMs: 15 * 60_000,
    },
    turnRate: { perSecond: e.TURN_RATE_PER_SECOND, burst: e.TURN_BURST },
    undoRequestMs: e.UNDO_REQUEST_TIMEOUT_MS,
    tableCaps: {
      turnBytes: e.TURN_BYTES_MAX,
      turnMoves: e.TURN_MOVES_MAX,
      eventBytes: e.EVENT_BYTES_MAX,
      situationBytes: e.SITUATION_BYTES_MAX,
      logEvents: e.TABLE_LOG_EVENTS_MAX,
      logBytes: e.TABLE_LOG_BYTES_MAX,
      chatPerMinute: e.CHAT_PER_TABLE_PER_MINUTE,
    },
    sessionCaps: {
      socketsPerSession: e.SOCKETS_PER_SESSION,
      sessionRate: { perSecond: e.SESSION_RATE_PER_SECOND, burst: e.SESSION_BURST },
      userRate: { perSecond: e.USER_RATE_PER_SECOND, burst: e.USER_BURST },
      heavyReads: { perSecond: e.HEAVY_READS_PER_SECOND, burst: e.HEAVY_READS_BURST },
      heavyReadBytes: { perSecond: e.HEAVY_READ_BYTES_PER_SECOND, burst: e.HEAVY_READ_BYTES_BURST },
    },
    work: {
      // One core stays with the server's own thread; more than four readers at once is memory, not speed.
      threads: e.WORK_THREADS || Math.min(4, Math.max(1, availableParallelism() - 1)),
      queue: e.WORK_QUEUE,
      timeoutMs: e.WORK_TIMEOUT_SECONDS * 1000,
      memoryMb: e.WORK_MEMORY_MB,
      perUser: e.WORK_JOBS_PER_USER,
    },
    bots: {
      delayMs: { min: e.BOT_DELAY_MIN_MS, max: e.BOT_DELAY_MAX_MS },
      threads: e.BOT_THREADS,
      queue: e.BOT_QUEUE,
      timeoutMs: e.BOT_TIMEOUT_MS,
      caps: { tablesPerUser: e.BOT_TABLES_PER_USER, seatsPerUser: e.BOT_SEATS_PER_USER },
      idleEndMs: Math.round(e.BOT_IDLE_END_MINUTES * 60_000),
      pace: {
        turnIntervalMs: e.BOT_TURN_INTERVAL_MS,
        msPerMinute: e.BOT_TABLE_MS_PER_MINUTE,
        loopDelayMs: e.BOT_LOOP_DELAY_MS,
      },
    },
    sheetUrlTemplate: e.SHEET_URL_TEMPLATE,
    sheetOpenUrlTemplate: e.SHEET_OPEN_URL_TEMPLATE ?? sheetOpenUrlTemplate(e.SHEET_URL_TEMPLATE),
    storage,
    warnings,
  };
}

/**
 * Where uploaded files go. Several instances need one shared store, and the disk differs per machine, so
 * S3 settings are never ignored silently: with STORAGE unset, any S3_* setting means S3 and must be
 * complete; STORAGE=disk beside S3 settings keeps the disk but says so (a leftover, or a mistake).
 */
function storageOf(e: z.output<typeof envSchema>, dataDir: string, warnings: string[]): StorageConfig {
  const named = S3_NAMED.filter((name) => e[name]);
  const kind = e.STORAGE ?? (named.length > 0 ? "s3" : "disk");
  if (kind === "disk") {
    if (named.length > 0) {
      warnings.push(
        `STORAGE=disk: uploaded files stay in ${path.join(dataDir, "storage")} and ${named.join(", ")} ${named.length === 1 ? "is" : "are"} ignored`,
      );
    }
    return { kind: "disk", dir: path.join(dataDir, "storage") };
  }
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length > 0) {
    const why =
      e.STORAGE === "s3" ? "required when STORAGE=s3" : `required for S3 storage (${named.join(", ")} set)`;
    throw new Error(
      `Invalid configuration:\n${missing.map((m) => `  ${m}: ${why}`).join("\n")}\n` +
        "  (set all four S3 settings, or STORAGE=disk to keep uploaded files on the local disk)",
    );
  }
  return {
    kind: "s3",
    endpoint: e.S3_ENDPOINT!,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL,
  };
}
