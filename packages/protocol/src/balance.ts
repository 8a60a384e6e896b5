import { z } from "zod";

/**
 * Balance runs (issue 22): a designer has bots self-play their game many times and reads the report.
 * The request a run starts from, and the run as the admin page reads it. The report itself is the
 * games package's BalanceReport (pure maths on the games' rows), sent as it is.
 */

/** Games in one run at most. */
export const BALANCE_MAX_GAMES = 10_000;
/** Options in a run's request at most, and the length of a text option's value. */
const MAX_OPTIONS = 50;
const MAX_OPTION_TEXT = 200;

export const balanceRunRequestSchema = z.object({
  /** Games cycle through these player counts. */
  playerCounts: z
    .array(z.number().int().min(1).max(10), { error: "Choose at least one player count." })
    .min(1, "Choose at least one player count.")
    .max(10),
  /** Bot kind per seat position, the first player first; positions past the list play 'random'. */
  bots: z.array(z.string().min(1).max(40)).max(10).default([]),
  /** Options over the game's defaults. */
  options: z
    .record(z.string().max(100), z.union([z.string().max(MAX_OPTION_TEXT), z.boolean(), z.number()]))
    .refine((o) => Object.keys(o).length <= MAX_OPTIONS, "Too many options.")
    .default({}),
  games: z
    .number({ error: "Number of games must be a whole number from 1 to 10,000." })
    .int("Number of games must be a whole number from 1 to 10,000.")
    .min(1, "Number of games must be a whole number from 1 to 10,000.")
    .max(BALANCE_MAX_GAMES, "Number of games must be a whole number from 1 to 10,000."),
  seed: z
    .number({ error: "Seed must be a whole number from 0 to 2147483647." })
    .int("Seed must be a whole number from 0 to 2147483647.")
    .min(0, "Seed must be a whole number from 0 to 2147483647.")
    .max(2_147_483_647, "Seed must be a whole number from 0 to 2147483647."),
});
export type BalanceRunRequest = z.input<typeof balanceRunRequestSchema>;

export const BALANCE_STATUSES = ["running", "done", "cancelled", "failed"] as const;
export type BalanceStatus = (typeof BALANCE_STATUSES)[number];

/** A run as listed and polled: its request, progress and, once done, its report. */
export interface BalanceRunInfo {
  id: number;
  /** The game version the run played (the newest change-log entry when it started). */
  version: string;
  status: BalanceStatus;
  request: z.output<typeof balanceRunRequestSchema>;
  gamesDone: number;
  /** Seconds left, estimated from the pace so far; null before the first chunk and after the end. */
  secondsLeft: number | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
  /** Why a run failed. */
  error: string | null;
}

/**
 * A game version people played: the project's components version its tables started on. The report
 * over played games reads the ended tables of one version.
 */
export interface PlayedVersion {
  version: number;
  /** Tables of this version that ended. */
  ended: number;
  /** New tables start on this version. */
  current: boolean;
}

/** A played version in a path: the components version, a whole number. */
export const playedVersionSchema = z.coerce.number().int().min(0).max(2_147_483_647);

/**
 * Why an ended table is left out of the report over played games: its result was edited by hand, it
 * was free play (sandbox and debug modes let anyone move any colour), bots held every seat, its log
 * does not end the game (it was ended otherwise), or its log does not fold.
 */
export const PLAYED_SKIP_REASONS = ["edited", "free play", "bots only", "unfinished", "unreadable"] as const;
export type PlayedSkipReason = (typeof PLAYED_SKIP_REASONS)[number];

/** The report over played games, without the report itself (the games package's BalanceReport). */
export interface PlayedReportInfo {
  version: number;
  /** Tables read into the report. */
  counted: number;
  skipped: Record<PlayedSkipReason, number>;
  /** More tables ended on this version than a report reads: it covers the newest of them. */
  limited: boolean;
}

/** Ended tables a report over played games reads at most: the newest. */
export const PLAYED_MAX_TABLES = 2000;

/** GET /api/projects/{slug}/balance: what the run form offers, and the project's runs, newest first. */
export interface BalanceLab {
  /** False for a project without a shipped rule module: bots cannot play it. */
  available: boolean;
  version: string;
  players: { min: number; max: number };
  bots: { id: string; name: string }[];
  runs: BalanceRunInfo[];
  /** The versions with ended tables, newest first, for the report over played games. */
  playedVersions: PlayedVersion[];
}

/** The refusals a designer reads. */
export const BALANCE_MESSAGES = {
  running: "A balance run is already going for this project: wait for it or cancel it.",
  notRights: "Only the project's designers and site admins may run balance tests.",
  unavailable: "Bots can only play games with a shipped rule module.",
  badBot: "Choose a bot this game offers for every seat.",
  badPlayers: "A player count is outside what this game allows.",
  notFound: "Balance run not found.",
  playedNotFound: "No table of this project ended on that version.",
  busy: "The server is busy with other reports: try again in a minute.",
} as const;
