import path from "node:path";
import { z } from "zod";

// Every environment variable the server reads, parsed once at start-up. README lists them.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default("tt"),
  PUBLIC_URL: z.string().optional(),
  SERVER_ENV: z.string().default("production"),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  INVITE_EXPIRY_DAYS: z.coerce.number().positive().default(30),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_PER_NAME: z.coerce.number().int().positive().default(10),
});

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
  inviteExpiryMs: number;
  trustProxy: boolean;
  logLevel: string;
  webDist: string | undefined;
  rateLimits: { perIpPerMinute: number; perNameMax: number; perNameWindowMs: number };
}

const DAY = 24 * 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL,
    serverEnv: e.SERVER_ENV,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY,
    inviteExpiryMs: e.INVITE_EXPIRY_DAYS * DAY,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    rateLimits: {
      perIpPerMinute: e.RATE_LIMIT_PER_IP,
      perNameMax: e.RATE_LIMIT_PER_NAME,
      perNameWindowMs: 15 * 60_000,
    },
  };
}
