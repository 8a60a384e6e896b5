import { z } from "zod";

// Bots at tables (issue 22 point 2): the creator of a table seats bots in empty seats before the start,
// a table's admin replaces a player who left with one during the game. Before the start the creator
// may take a bot off its seat again. The server plays a bot's turns on that seat's view, through the
// same checks as anyone's.

/** POST /api/projects/{slug}/{tableId}/seat-bot and .../replace-with-bot: a colour and a bot kind. */
export const seatBotRequestSchema = z.object({
  color: z.string().min(1, "Choose a colour.").max(20),
  /** A bot kind the game offers (games' botKinds: 'random', 'greedy', 'chess-2', ...). */
  kind: z.string().min(1, "Choose a bot.").max(40),
});
export type SeatBotRequest = z.input<typeof seatBotRequestSchema>;

/** POST /api/projects/{slug}/{tableId}/remove-bot: the colour of a bot seated before the start. */
export const removeBotRequestSchema = z.object({
  color: z.string().min(1, "Choose a colour.").max(20),
});
export type RemoveBotRequest = z.input<typeof removeBotRequestSchema>;

/** How a bot's seat is named everywhere (tiles, player areas, log, results): 'Bot (Random)'. */
export const botLabel = (kindName: string) => `Bot (${kindName})`;

/**
 * What bots may cost one user (issue 36 point 4; docs/abuse.md): each is the default of a server
 * setting (README 'Limits'), and the messages take the configured value. Counted in the database over
 * the tables the user created, so they hold across instances.
 */
export const BOT_CAPS = {
  /** Running tables with at least one bot seat (BOT_TABLES_PER_USER). */
  tablesPerUser: 3,
  /**
   * Bot seats at the user's tables that have not ended, started or not (BOT_SEATS_PER_USER): three
   * per table the cap above allows, so each of them may seat one person against three bots (the
   * largest games seat four), while bots-only four-seat tables fit two at most.
   */
  seatsPerUser: 9,
  /** A table with bots that nobody has open and where nothing was played this long ends (BOT_IDLE_END_MINUTES). */
  idleEndMinutes: 60,
} as const;

const tables = (n: number) => `${n} ${n === 1 ? "table" : "tables"}`;
const bots = (n: number) => `${n} ${n === 1 ? "bot" : "bots"}`;

export const BOT_MESSAGES = {
  onlyCreator: "Only the creator of the table may seat bots before the start.",
  onlyAdmin: "Only the table's admins may replace a player with a bot.",
  started: "Bots can be seated only before the table starts.",
  onlyCreatorRemoves: "Only the creator of the table may remove its bots.",
  removeStarted: "Bots can be removed only before the table starts.",
  noBot: (color: string) => `No bot plays ${color}.`,
  notStarted: "The table has not started yet.",
  taken: (color: string) => `${color} is already taken.`,
  noColor: (color: string) => `This table has no colour '${color}'.`,
  unknownKind: (kind: string) => `This game has no bot '${kind}'.`,
  stillHere: (username: string) => `${username} is still at the table.`,
  noPlayer: (color: string) => `Nobody plays ${color}.`,
  tooManyTables: (max: number) =>
    `You already have ${tables(max)} with bots running, the most one player may have: finish or delete one before starting another with bots.`,
  tooManySeats: (max: number) =>
    `Your tables already seat ${bots(max)}, the most one player may have: remove one, or finish or delete a table with bots, first.`,
  creatorTooManyTables: (max: number) =>
    `The table's creator already has ${tables(max)} with bots running, the most one player may have: a bot cannot take this seat now.`,
  creatorTooManySeats: (max: number) =>
    `The table's creator already has ${bots(max)} at their tables, the most one player may have: a bot cannot take this seat now.`,
} as const;
