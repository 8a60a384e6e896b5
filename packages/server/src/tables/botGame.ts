import { shippedGame } from "@tt/games";
import {
  BOT_MESSAGES,
  type BotPlayOffer,
  DEFAULT_TABLE_MODE,
  MAX_PLAYERS,
  MIN_BOT_GAME_PLAYERS,
  PLAY_BOTS_MESSAGES,
  playBotsRequestSchema,
  resolveOptionValues,
  type TableInfo,
} from "@tt/protocol";
import { sql } from "drizzle-orm";
import { type Actor, seesHiddenOptions } from "../auth/permissions";
import type { BotCaps } from "../config";
import type { Db } from "../db/connect";
import { type SeatRow, tables } from "../db/schema";
import { DomainError, firstIssue } from "../errors";
import { type ProjectHead, type ProjectRow, possibleColors, projectOptions } from "../projects/load";
import { withinBotCaps } from "./botCaps";
import { tableBotKinds } from "./botKinds";
import { newTableId, shuffled } from "./ids";
import { freshStart, type LobbyNotifier, lobbyTableOf, newTableTiles } from "./service";
import type { TableRow } from "./tableInfo";

// 'Play against bots' (issue 37 point 7): one request makes a competitive table, seats the caller,
// gives every other seat a bot and starts it. It is the three steps a person can take one by one
// (create, seat bots, start) and goes through the same checks: whoever may open the project may create
// a table in it (platform spec: any logged-in user), the bots are the caller's, counted against their
// caps under their lock (botCaps.ts), and the table is written once, already started, in that same
// transaction, so a refused request leaves nothing behind and no one sees a half-made table.

/**
 * What a project offers for a game against bots, or null. Projects whose rules have bots are the
 * shipped games (the balance lab's test, balance/routes.ts); a no-code project offers none. The count
 * of players is the game's own, at least the caller and one bot.
 */
export function botPlayOffer(
  project: Pick<ProjectHead, "slug" | "playerMin" | "playerMax" | "playerColors">,
): BotPlayOffer | null {
  if (shippedGame(project.slug) === undefined) return null;
  const kind = tableBotKinds(project.slug)[0];
  const min = Math.max(MIN_BOT_GAME_PLAYERS, project.playerMin);
  // possibleColors' count: the game's maximum, within the colours it names.
  const max = Math.min(MAX_PLAYERS, project.playerMax, project.playerColors.length);
  if (kind === undefined || min > max) return null;
  return { kind: kind.id, players: { min, max } };
}

/**
 * The seats of a game against bots before the start's shuffle: the caller at the first colour, a bot of
 * `kind` at each of the next `players - 1`.
 */
export function botGameSeats(
  colors: readonly string[],
  players: number,
  actor: Pick<Actor, "id" | "username">,
  kind: string,
): SeatRow[] {
  return colors
    .slice(0, players)
    .map((color, i) =>
      i === 0
        ? { color, userId: actor.id, username: actor.username }
        : { color, userId: null, username: null, bot: kind },
    );
}

/** Makes, seats and starts a game against bots; answers the new table's tile as its creator sees it. */
export async function playAgainstBots(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  body: unknown,
  caps: BotCaps,
): Promise<TableInfo> {
  const parsed = playBotsRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const offer = botPlayOffer(project);
  if (offer === null) throw new DomainError("bad-request", PLAY_BOTS_MESSAGES.noBots);
  const players = parsed.data.players ?? offer.players.min;
  if (players < offer.players.min || players > offer.players.max)
    throw new DomainError("bad-request", PLAY_BOTS_MESSAGES.players(offer.players.min, offer.players.max));
  const kind = parsed.data.kind ?? offer.kind;
  if (!tableBotKinds(project.slug).some((k) => k.id === kind))
    throw new DomainError("bad-request", BOT_MESSAGES.unknownKind(kind));
  const privileged = seesHiddenOptions(actor, project);
  const options = resolveOptionValues(projectOptions(project), parsed.data.options, privileged);
  if (!options.ok) throw new DomainError("bad-request", options.message);

  const colors = possibleColors(project);
  // Colour order is randomised at setup, as at every start (service.ts startRow).
  const seats = shuffled(botGameSeats(colors, players, actor, kind));
  const id = newTableId();
  const row: TableRow = await withinBotCaps(db, caps, actor.id, "yours", async (tx, withinCaps) => {
    // Refused (409, the cap's message) before anything is written.
    await withinCaps({ tableId: id, seats });
    const start = freshStart(project, seats, options.values);
    const [created] = await tx
      .insert(tables)
      .values({
        id,
        projectSlug: project.slug,
        tableMode: DEFAULT_TABLE_MODE,
        isPrivate: false,
        creatorId: actor.id,
        options: options.values,
        possibleColors: colors,
        status: "midgame",
        startedAt: sql`now()`,
        seats,
        startSituation: start.situation,
        components: start.components,
        activePlayer: start.activePlayer,
        tileStats: start.tileStats,
        componentsVersion: project.componentsVersion,
        decks: start.decks,
      })
      .returning();
    return created!;
  });
  const tiles = await newTableTiles(db, project, row, privileged);
  const table = await lobbyTableOf(db, actor, row);
  notify.tableCreated(project, table, tiles);
  notify.tableStarted(project, table, actor.username);
  return tiles.creator;
}
