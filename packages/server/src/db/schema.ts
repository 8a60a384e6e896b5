import type { ComponentTree } from "@tt/engine";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Workbook } from "../decks/xlsx";

// One schema for PGlite and PostgreSQL; migrations under packages/server/drizzle are generated from it.

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    // Names are unique regardless of case: 'Alice' and 'alice' are one person to other players.
    usernameKey: text("username_key").notNull(),
    // The name's look-alike key (auth/nameSkeleton.ts): 'аlice' with a Cyrillic 'а' meets 'alice' here.
    // Null for rows from before it, filled in by the next registration (auth/accounts.ts).
    usernameSkeleton: text("username_skeleton"),
    passwordHash: text("password_hash").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull().default("user"),
    bio: text("bio").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key_idx").on(t.usernameKey),
    // Not unique: names registered before the check may already look alike.
    index("users_username_skeleton_idx").on(t.usernameSkeleton),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // The SHA-256 of the cookie token: a leaked database does not hand out live sessions.
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const invitations = pgTable("invitations", {
  code: text("code").primaryKey(),
  role: text("role").notNull().default("user"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const projects = pgTable("projects", {
  slug: text("slug").primaryKey(),
  projectName: text("project_name").notNull(),
  designer: text("designer").notNull().default(""),
  description: text("description").notNull().default(""),
  visibility: text("visibility").notNull().default("public"),
  // role name -> list of user names (designer, mod, player), as the spec's project entity has it
  roles: jsonb("roles").$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
  boxImage: text("box_image"),
  background: text("background"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  // Game content (packages/games ProjectContent), seeded for shipped games and edited by designers.
  options: jsonb("options").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  changeLog: jsonb("change_log").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  components: jsonb("components").$type<ComponentTree | null>(),
  /** Bumped at every push to production; a table records the version it started with. */
  componentsVersion: integer("components_version").notNull().default(1),
  decks: jsonb("decks").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  overviewCard: text("overview_card"),
  overviewStats: jsonb("overview_stats").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  playerColors: jsonb("player_colors")
    .$type<string[]>()
    .notNull()
    .default(sql`'["red","blue","green","yellow"]'::jsonb`),
  playerMin: integer("player_min").notNull().default(1),
  playerMax: integer("player_max").notNull().default(4),
  /** The feedback form: question id -> {formOrder, text, type, condition} (admin-decks-editor.md section 3). */
  formQuestions: jsonb("form_questions").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** The linked spreadsheet's id: the server fetches it as an .xlsx export (admin-decks-editor.md 7). */
  dataSheetId: text("data_sheet_id").notNull().default(""),
  /** The data sheet: sheet name -> rows (header -> cell), from an upload or the linked sheet. */
  dataSheet: jsonb("data_sheet").$type<Workbook["sheets"] | null>(),
  /** Global assets: file name -> { size, type, uploadedAt }; the bytes live in storage. */
  globalAssets: jsonb("global_assets").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** Development components: the component editor's working copy, pushed to production as a new version. */
  devComponents: jsonb("dev_components").$type<ComponentTree | null>(),
});

/** Small server-wide settings (VAPID keys, first-start marker). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

export interface SeatRow {
  color: string;
  userId: number | null;
  username: string | null;
  /** A bot plays this seat: its kind (games' botKinds id). Absent for a person's seat or a dummy. */
  bot?: string;
}

export const tables = pgTable(
  "tables",
  {
    id: text("id").primaryKey(),
    projectSlug: text("project_slug")
      .notNull()
      .references(() => projects.slug, { onDelete: "cascade" }),
    status: text("status").notNull().default("open"),
    tableMode: text("table_mode").notNull(),
    isPrivate: boolean("is_private").notNull().default(false),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** start_position.options: the option values the table was created with. */
    options: jsonb("options").$type<Record<string, string | boolean>>().notNull(),
    /** Colours the table can seat, in seat order (after start: the randomised order). */
    possibleColors: jsonb("possible_colors").$type<string[]>().notNull(),
    seats: jsonb("seats").$type<SeatRow[]>().notNull(),
    componentsVersion: integer("components_version").notNull(),
    /** The project's decks (templates, rules, cards) as they were at start or at the last reload. */
    decks: jsonb("decks").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** demo-invite tables: the password an invite link carries (null elsewhere, or rows from before it). */
    invitePwd: text("invite_pwd"),
    /** Bound to the component editor: saving development components reloads them at this table. */
    isBound: boolean("is_bound").notNull().default(false),
    /** The next event's seq; a turn must name it (DESIGN.md: the (table, seq) key orders turns). */
    expectedMoveId: integer("expected_move_id").notNull().default(0),
    turnsPlayed: integer("turns_played").notNull().default(0),
    /**
     * Bumped by a trigger (migration 0008) whenever an update sets a column a turn is evaluated
     * against (status, mode, options, seats, start, components, decks), never by the turn counters: an
     * instance's cache of the table is good while its rev is the row's (tables/hub.ts).
     */
    rev: integer("rev").notNull().default(0),
    activePlayer: text("active_player"),
    startSituation: jsonb("start_situation"),
    /** The component tree the table started with: later edits to the project do not change a running game. */
    components: jsonb("components").$type<ComponentTree | null>(),
    tileStats: jsonb("tile_stats").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** At the game end: per-colour player stats and the global stats, for results and feedback. */
    resultStats: jsonb("result_stats").$type<{
      players: Record<string, Record<string, unknown>>;
      global: Record<string, unknown>;
    } | null>(),
    /**
     * A player's edit-mode turn was written here while the mode was no sandbox or debug mode: the
     * result may be anything the players made it, so results, feedback and profiles mark it and it
     * counts as no played game. Not watched by the rev trigger (migration 0009): no turn reads it.
     */
    edited: boolean("edited").notNull().default(false),
    /**
     * 'Undo asks the opponents' (issue 37 point 8), chosen at creation: an undo is a request the
     * opponents accept or refuse (realtime/undoRequests.ts). Not watched by the rev trigger (0014).
     */
    undoAsks: boolean("undo_asks").notNull().default(false),
  },
  (t) => [
    index("tables_project_status_idx").on(t.projectSlug, t.status, t.createdAt),
    index("tables_creator_idx").on(t.creatorId),
  ],
);

export const badges = pgTable("badges", {
  name: text("name").primaryKey(),
  displayName: text("display_name").notNull(),
  description: text("description").notNull().default(""),
  icon: text("icon"),
});

export const userBadges = pgTable(
  "user_badges",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeName: text("badge_name")
      .notNull()
      .references(() => badges.name, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeName] })],
);

/** A player's feedback on an ended table (answers to the project's form) and a moderator's note. */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    tableId: text("table_id")
      .notNull()
      .references(() => tables.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    color: text("color"),
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("feedback_table_user_idx").on(t.tableId, t.userId)],
);

/** A browser's Web Push subscription (one row per endpoint); see src/push. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * A table's event log (DESIGN.md: the log is the truth). The primary key (table_id, seq) is the
 * concurrency control: two turns that both expect seq n cannot both be written.
 */
export const tableEvents = pgTable(
  "table_events",
  {
    tableId: text("table_id")
      .notNull()
      .references(() => tables.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    /** The client's turn id: a retried submission finds its event instead of playing twice. */
    turnUid: text("turn_uid"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    event: jsonb("event").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.seq] }),
    uniqueIndex("table_events_turn_uid_idx").on(t.tableId, t.turnUid),
  ],
);

export const tableChat = pgTable(
  "table_chat",
  {
    id: serial("id").primaryKey(),
    tableId: text("table_id")
      .notNull()
      .references(() => tables.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    message: text("message").notNull(),
    type: text("type").notNull().default("chat"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("table_chat_table_idx").on(t.tableId, t.id)],
);

/**
 * Balance runs (issue 22): bots self-play a project's game many times; the report is kept per project
 * and version. One running run per project (a partial unique index). The games' rows are kept apart,
 * one per game, so a chunk's games are an insert, never a rewrite of a growing document.
 */
export const balanceRuns = pgTable(
  "balance_runs",
  {
    id: serial("id").primaryKey(),
    projectSlug: text("project_slug")
      .notNull()
      .references(() => projects.slug, { onDelete: "cascade" }),
    version: text("version").notNull(),
    status: text("status").notNull().default("running"),
    /** The parsed request (protocol balanceRunRequestSchema). */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    games: integer("games").notNull(),
    gamesDone: integer("games_done").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The games package's BalanceReport, once done (or cancelled, over the games played). */
    report: jsonb("report").$type<Record<string, unknown>>(),
    error: text("error"),
  },
  (t) => [
    index("balance_runs_project_idx").on(t.projectSlug, t.id),
    uniqueIndex("balance_runs_one_running_idx").on(t.projectSlug).where(sql`"status" = 'running'`),
  ],
);

export const balanceGames = pgTable(
  "balance_games",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => balanceRuns.id, { onDelete: "cascade" }),
    game: integer("game").notNull(),
    /** The games package's GameRow. */
    row: jsonb("row").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.game] })],
);
