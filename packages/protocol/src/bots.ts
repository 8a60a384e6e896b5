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
} as const;
