import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// One schema for PGlite and PostgreSQL; migrations under packages/server/drizzle are generated from it.

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    // Names are unique regardless of case: 'Alice' and 'alice' are one person to other players.
    usernameKey: text("username_key").notNull(),
    passwordHash: text("password_hash").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull().default("user"),
    bio: text("bio").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_username_key_idx").on(t.usernameKey)],
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Small server-wide settings (VAPID keys, first-start marker). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
