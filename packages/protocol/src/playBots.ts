import { z } from "zod";
import { MAX_PLAYERS, type ProjectDetail } from "./lobby";

// 'Play against bots' (issue 37 point 7): one call from the project lobby makes a competitive table,
// seats the caller, fills every other seat with a bot and starts the game, within the same rights and
// caps as doing it step by step (creating, seating bots, starting).

/** A game against bots has the caller and at least one bot. */
export const MIN_BOT_GAME_PLAYERS = 2;

const optionValue = z.union([z.string().max(200), z.boolean()]);

/** POST /api/projects/{slug}/play-against-bots. */
export const playBotsRequestSchema = z.object({
  /** Seats in all, the caller's included; the game's offer (ProjectDetail.botPlay) when left out. */
  players: z
    .number({ error: "Choose the number of players." })
    .int()
    .min(MIN_BOT_GAME_PLAYERS, `A game against bots needs at least ${MIN_BOT_GAME_PLAYERS} players.`)
    .max(MAX_PLAYERS, `A table seats at most ${MAX_PLAYERS} players.`)
    .optional(),
  /** A bot kind the game offers (games' botKinds); the offer's default when left out. */
  kind: z.string().min(1, "Choose a bot.").max(40).optional(),
  /** Option values over the game's defaults, as 'New table settings' sends them. */
  options: z.record(z.string().max(100), optionValue).default({}),
});
export type PlayBotsRequest = z.input<typeof playBotsRequestSchema>;

/** What the lobby offers for a game against bots (ProjectDetail.botPlay). */
export type BotPlayOffer = NonNullable<ProjectDetail["botPlay"]>;

export const PLAY_BOTS_MESSAGES = {
  noBots: "This game has no bots to play against.",
  players: (min: number, max: number) =>
    min === max
      ? `A game against bots of this game seats ${min} players.`
      : `A game against bots of this game seats ${min} to ${max} players.`,
} as const;

/**
 * The refusal of a start with too few players (tables/service.ts startTable). Said in one place, so
 * the page that shows it can tell it apart and point at bots (seatingHint).
 */
export const needsPlayersMessage = (min: number) =>
  `This game needs at least ${min} player${min === 1 ? "" : "s"}.`;

const NEEDS_PLAYERS = /^This game needs at least \d+ players?\.$/;

/** Whether a refused start's text is needsPlayersMessage's. */
export const isNeedsPlayersRefusal = (text: string) => NEEDS_PLAYERS.test(text);
