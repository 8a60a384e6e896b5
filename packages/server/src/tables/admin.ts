import { randomInt } from "node:crypto";
import { type ComponentTree, componentTreeSchema, seedRng } from "@tt/engine";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, isSiteAdmin } from "../auth/permissions";
import type { BotCaps } from "../config";
import type { Db } from "../db/connect";
import { tableEvents, tables } from "../db/schema";
import { DomainError, firstIssue, TABLE_NOT_FOUND } from "../errors";
import { mayMaintainDecks } from "../projects/adminRules";
import type { ProjectRow } from "../projects/load";
import { withinBotCaps } from "./botCaps";
import type { TableHub } from "./hub";
import { newTableId } from "./ids";
import { anySeatMode } from "./seats";
import {
  activePlayerOf,
  freshStart,
  type LobbyNotifier,
  lobbyTableOf,
  newTableTiles,
  projectTree,
  startTileStats,
} from "./service";
import { findVisibleTable, WHOLE_TABLE } from "./visible";

// The game table's admin and designer controls (game-table.md section 6): restart, bind to the
// component editor, reload components, and the site admins' debug table. Each function checks who
// may do it; routes and socket handlers only parse and answer.

export type ComponentsReload = "reload-components" | "reload-dev-editor-components";

/** What the tabs at a table are told; realtime/table.ts sends it over Socket.IO. */
export interface TableNotifier {
  restarted(tableId: string): void;
  componentsReloaded(tableId: string, type: ComponentsReload): void;
}

/** The spec's client also sends start_position; a restart keeps the table's own options, so it is ignored. */
const restartBodySchema = z.object({ components: componentTreeSchema.optional() }).nullish();

const NOT_STARTED = "The table has not started yet.";

/** The tree a reload gives a table: production, or the editor's copy (production until one is saved). */
export function componentsFor(project: ProjectRow, type: ComponentsReload): ComponentTree {
  const stored =
    type === "reload-components" ? project.components : (project.devComponents ?? project.components);
  return projectTree(project, stored);
}

/**
 * Restart (section 6, site admins and the project's designers): a fresh setup with the table's options
 * and seats, the log emptied, as if it had just started. `body.components` replaces the project's
 * production tree for this table.
 */
export async function restartTable(
  db: Db,
  hub: TableHub,
  notify: TableNotifier,
  actor: Actor,
  slug: string,
  tableId: string,
  body: unknown,
  botCaps: BotCaps,
): Promise<void> {
  const parsed = restartBodySchema.safeParse(body);
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { project, table } = await findVisibleTable(db, actor, tableId, WHOLE_TABLE, slug);
  if (!mayMaintainDecks(actor, project)) {
    throw new DomainError("forbidden", "Only the project's designers and site admins may restart a table.");
  }
  await hub.replaceStart(tableId, () =>
    // An ended table with bots runs again: within its creator's bot caps, as a start is (botCaps.ts).
    withinBotCaps(db, botCaps, table.creatorId, "creator", async (tx, withinCaps) => {
      const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
      if (!row) throw new DomainError("not-found", TABLE_NOT_FOUND);
      if (!row.startSituation) throw new DomainError("conflict", NOT_STARTED);
      await withinCaps({ tableId, seats: row.seats });
      // Seat order stays: the same players keep the same colours in the same turn order.
      const start = freshStart(
        project,
        row.seats,
        row.options,
        parsed.data?.components ?? project.components,
      );
      await tx.delete(tableEvents).where(eq(tableEvents.tableId, tableId));
      await tx
        .update(tables)
        .set({
          status: "midgame",
          // A new start time also tells other instances that their cached live state is stale.
          startedAt: sql`now()`,
          endedAt: null,
          resultStats: null,
          // The edit moves went with the log: the game played from here on is judged by itself.
          edited: false,
          startSituation: start.situation,
          components: start.components,
          componentsVersion: project.componentsVersion,
          decks: start.decks,
          activePlayer: start.activePlayer,
          tileStats: start.tileStats,
          expectedMoveId: 0,
          turnsPlayed: 0,
        })
        .where(eq(tables.id, tableId));
    }),
  );
  notify.restarted(tableId);
}

/** Bind or unbind a table to the component editor (section 6, site admins and the project's designers). */
export async function setBound(
  db: Db,
  actor: Actor,
  slug: string,
  tableId: string,
  bound: boolean,
): Promise<void> {
  const { project } = await findVisibleTable(db, actor, tableId, WHOLE_TABLE, slug);
  if (!mayMaintainDecks(actor, project)) {
    throw new DomainError(
      "forbidden",
      "Only the project's designers and site admins may bind a table to the component editor.",
    );
  }
  await db.update(tables).set({ isBound: bound }).where(eq(tables.id, tableId));
}

/**
 * Saved development components reach every bound, started table of the project at once, so a
 * designer sees an edit at the table without reloading it by hand. A table that cannot take them is
 * handed to `failed` and keeps its components; the others are reloaded all the same.
 */
export async function reloadBoundTables(
  db: Db,
  hub: TableHub,
  notify: TableNotifier,
  slug: string,
  components: ComponentTree,
  failed: (tableId: string, err: unknown) => void,
): Promise<string[]> {
  const bound = await db
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.projectSlug, slug), eq(tables.isBound, true), isNotNull(tables.startSituation)));
  const reloaded: string[] = [];
  for (const { id } of bound) {
    try {
      if (!(await hub.setComponents(id, components))) continue;
    } catch (err) {
      failed(id, err);
      continue;
    }
    notify.componentsReloaded(id, "reload-dev-editor-components");
    reloaded.push(id);
  }
  return reloaded;
}

/** A replay position: a whole number of events, checked against the log's length once it is known. */
const stepSchema = z
  .string()
  .regex(/^\d{1,9}$/, "The step must be a whole number of events.")
  .transform(Number);

/** Why a running table with hidden information is not forked (issue 36 point 8). */
export const FORK_RUNNING =
  "A debug table can be made only of an ended game (or a sandbox): this game is still running, and its fork would show every hidden card to anyone with the link.";

/**
 * Debug table (section 6, site admins only): a private table in the same project that starts where
 * the source stood after `step` events, with its colours, components and decks, seats without users.
 * Answers the new table's page path.
 *
 * Only of an ended table, or of a sandbox or debug table, where everyone sees everything anyway
 * (issue 36 point 8): a debug table is any-seat, all see all there, so a fork of a running game would
 * show its hands and decks to whoever has the fork's link. And the fork draws from a random state of
 * its own: with the source's, its shuffles would be the source's next ones.
 */
export async function createDebugTable(
  db: Db,
  hub: TableHub,
  lobby: LobbyNotifier,
  actor: Actor,
  tableId: string,
  stepText: string,
): Promise<string> {
  if (!isSiteAdmin(actor)) throw new DomainError("forbidden", "Only site admins may create a debug table.");
  const step = stepSchema.safeParse(stepText);
  if (!step.success) throw new DomainError("bad-request", firstIssue(step.error));
  const { table: source, project } = await findVisibleTable(db, actor, tableId);
  if (!source.startSituation) throw new DomainError("conflict", NOT_STARTED);
  if (source.status !== "ended" && !anySeatMode(source.tableMode))
    throw new DomainError("conflict", FORK_RUNNING);
  const at = await hub.situationAt(tableId, step.data);
  if (!at) throw new DomainError("conflict", NOT_STARTED);
  if (!at.situation) {
    throw new DomainError("bad-request", `The step must be a whole number from 0 to ${at.count}.`);
  }
  const start = { ...at.situation, rng: seedRng(randomInt(2 ** 31)) };
  const [created] = await db
    .insert(tables)
    .values({
      id: newTableId(),
      projectSlug: source.projectSlug,
      status: "midgame",
      tableMode: "debug",
      isPrivate: true,
      creatorId: actor.id,
      startedAt: sql`now()`,
      options: source.options,
      possibleColors: source.possibleColors,
      seats: source.seats.map((s) => ({ color: s.color, userId: null, username: null })),
      componentsVersion: source.componentsVersion,
      components: source.components,
      decks: source.decks,
      startSituation: start,
      activePlayer: activePlayerOf(start),
      tileStats: startTileStats(source.projectSlug, start, source.components, source.options),
    })
    .returning();
  // The creator is a site admin: the tile shows hidden options (seesHiddenOptions).
  const tiles = await newTableTiles(db, project, created!, true);
  lobby.tableCreated(project, await lobbyTableOf(db, actor, created!), tiles);
  return `/projects/${project.slug}/table/${created!.id}`;
}
