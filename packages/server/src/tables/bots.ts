import { BOT_MESSAGES, choosesColors, removeBotRequestSchema, seatBotRequestSchema } from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { Actor } from "../auth/permissions";
import type { BotCaps } from "../config";
import type { Db } from "../db/connect";
import { type SeatRow, tables } from "../db/schema";
import { DomainError, firstIssue, TABLE_NOT_FOUND } from "../errors";
import { mayMaintainDecks } from "../projects/adminRules";
import type { ProjectHead } from "../projects/load";
import { withinBotCaps } from "./botCaps";
import { botName, tableBotKinds } from "./botKinds";
import type { TableHub } from "./hub";
import { type LobbyNotifier, lobbyTableOf } from "./service";
import type { TableRow } from "./tableInfo";

// The driver that plays the bots, and what the tests watch of it, live in botDriver.ts.
export {
  type BotDriver,
  type BotTableSignal,
  type BotTurnSent,
  botChoiceWatchers,
  botDriverOf,
  botInputWatchers,
  botTableWatchers,
} from "./botDriver";

// Bots at tables (issue 22 point 2). The creator seats bots in empty seats before the start; a table's
// admin (the admin controls: mayMaintainDecks) replaces a player who left with one during the game.
// The seat row keeps the bot's kind, so a restart of the server finds it again. The server plays a
// bot's turn on that seat's view alone (hub.botView), after a human-like delay, and submits it
// through the hub's turn path as the seat's bot actor (seats.ts botActor): the same parse, seat,
// rules and caps checks as a person's turn, and the same write and broadcast. A table's bots are
// charged to its creator (botCaps.ts): a bot is seated, a table with bots starts and a left player's
// seat goes to a bot only within the creator's caps.

function parseRequest(slug: string, body: unknown) {
  const parsed = seatBotRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { color, kind } = parsed.data;
  if (!tableBotKinds(slug).some((k) => k.id === kind))
    throw new DomainError("bad-request", BOT_MESSAGES.unknownKind(kind));
  return { color, kind };
}

/** The creator seats a bot in an empty seat of a table that has not started. */
export async function seatBot(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  body: unknown,
  caps: BotCaps,
): Promise<void> {
  const { color, kind } = parseRequest(project.slug, body);
  // Only the creator seats bots: the caps counted (under the lock of) the actor's are the creator's.
  const seated = await withinBotCaps(db, caps, actor.id, "yours", async (tx, withinCaps) => {
    // Row lock: a player joining this colour at the same moment cannot both get it (as joinTable).
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
    if (row.creatorId !== actor.id) throw new DomainError("forbidden", BOT_MESSAGES.onlyCreator);
    if (row.status !== "open") throw new DomainError("conflict", BOT_MESSAGES.started);
    if (!row.possibleColors.includes(color))
      throw new DomainError("bad-request", BOT_MESSAGES.noColor(color));
    const taken = row.seats.find((s) => s.color === color);
    if (taken && (taken.userId !== null || taken.bot !== undefined))
      throw new DomainError("conflict", BOT_MESSAGES.taken(color));
    const seat: SeatRow = { color, userId: null, username: null, bot: kind };
    const seats = taken
      ? row.seats.map((s) => (s.color === color ? seat : s))
      : [...row.seats, seat].sort(
          (a, b) => row.possibleColors.indexOf(a.color) - row.possibleColors.indexOf(b.color),
        );
    await withinCaps({ tableId, seats });
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { ...row, seats };
  });
  notify.playerJoined(project, await lobbyTableOf(db, actor, seated), color, botName(project.slug, kind));
}

/**
 * The creator takes a bot off its seat before the start: the seat is empty again, as when a player
 * leaves (a chosen sandbox or demo seat becomes a dummy, a competitive seat frees its colour), and the
 * lobby hears it as a leave.
 */
export async function removeBot(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  body: unknown,
): Promise<void> {
  const parsed = removeBotRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { color } = parsed.data;
  const removed = await db.transaction(async (tx) => {
    // Row lock, as seatBot: the start or another change of this seat waits for this one.
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
    if (row.creatorId !== actor.id) throw new DomainError("forbidden", BOT_MESSAGES.onlyCreatorRemoves);
    if (row.status !== "open") throw new DomainError("conflict", BOT_MESSAGES.removeStarted);
    const seat = row.seats.find((s) => s.color === color);
    if (seat?.bot === undefined) throw new DomainError("conflict", BOT_MESSAGES.noBot(color));
    const seats = choosesColors(row.tableMode)
      ? row.seats.map((s) => (s === seat ? { color, userId: null, username: null } : s))
      : row.seats.filter((s) => s !== seat);
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { row: { ...row, seats }, kind: seat.bot };
  });
  notify.playerLeft(
    project,
    await lobbyTableOf(db, actor, removed.row),
    color,
    botName(project.slug, removed.kind),
  );
}

/**
 * A table's admin gives the seat of a player who left (no tab open: `connected` is who has one, from
 * realtime/presence.ts) to a bot, which plays on from the next turn.
 */
export async function replaceWithBot(
  db: Db,
  hub: TableHub,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  body: unknown,
  connected: (row: TableRow) => Promise<string[]>,
  caps: BotCaps,
): Promise<TableRow> {
  const { color, kind } = parseRequest(project.slug, body);
  if (!mayMaintainDecks(actor, project)) throw new DomainError("forbidden", BOT_MESSAGES.onlyAdmin);
  const [row] = await db.select().from(tables).where(eq(tables.id, tableId));
  if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
  if (row.status !== "midgame") throw new DomainError("conflict", BOT_MESSAGES.notStarted);
  const seat = row.seats.find((s) => s.color === color);
  if (!seat?.username || seat.userId === null)
    throw new DomainError("conflict", BOT_MESSAGES.noPlayer(color));
  if ((await connected(row)).includes(seat.username))
    throw new DomainError("conflict", BOT_MESSAGES.stillHere(seat.username));
  // Only if the seat is still that player's: the seats column moves tables.rev (migration 0008), so
  // every instance's cached table is read again before its next turn.
  return hub.replaceStart(tableId, () =>
    // In the table's queue: no turn of this instance is evaluated while the seat changes hands. The
    // bot is charged to the table's creator (the table's, not the admin's).
    withinBotCaps(db, caps, row.creatorId, "creator", async (tx, withinCaps) => {
      const [fresh] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
      const now = fresh?.seats.find((s) => s.color === color);
      if (fresh?.status !== "midgame" || now?.userId !== seat.userId)
        throw new DomainError("conflict", BOT_MESSAGES.noPlayer(color));
      const seats = fresh.seats.map((s) =>
        s.color === color ? { color, userId: null, username: null, bot: kind } : s,
      );
      await withinCaps({ tableId, seats });
      const [updated] = await tx.update(tables).set({ seats }).where(eq(tables.id, tableId)).returning();
      return updated!;
    }),
  );
}
