import { z } from "zod";

/** What a player does in a turn; the rule module turns actions into moves. */
export const actionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("click component"),
    componentId: z.string(),
    /** The clickable area of the component that was clicked (component info clickableAreas). */
    area: z.string().max(100).optional(),
  }),
  z.object({
    kind: z.literal("click position"),
    destinationId: z.string(),
    positionName: z.string(),
    positionIndex: z.union([z.string(), z.number()]).optional(),
  }),
  /** Opens a deck: the next position click deals its top card there. */
  z.object({ kind: z.literal("open deck"), deckId: z.string() }),
  z.object({ kind: z.literal("press button"), componentId: z.string(), button: z.string() }),
  z.object({ kind: z.literal("press state button"), button: z.string() }),
  /** Edit mode only: any move, applied without rule automation. */
  z.object({ kind: z.literal("raw move"), move: z.unknown() }),
  /** The active state's delayed evaluation, sent by a client when its delay has passed. */
  z.object({ kind: z.literal("delayed eval") }),
]);
export type Action = z.infer<typeof actionSchema>;

export const TABLE_STATUSES = ["open", "midgame", "ended"] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

export const turnSchema = z.object({
  /** A colour, 'spectator' or 'alwaysactive'. */
  seat: z.string(),
  editMode: z.boolean().optional(),
  /** Time of the turn, given by the server; moves and log lines take it, the engine never reads a clock. */
  timestamp: z.number(),
  turnUID: z.string(),
  actions: z.array(actionSchema),
  /** Table status; turns are only evaluated in midgame tables. Defaults to midgame. */
  status: z.enum(TABLE_STATUSES).optional(),
  /** Turn number shown in log lines. */
  currTurn: z.number().int().optional(),
  /**
   * A competitive table (each seat one user's, hidden information kept between them): decided by the
   * server from the table's mode, never read from what a client sends. Edit mode there may show
   * hidden pieces only through the logged look, and the client names no recipients (turn/competitive.ts).
   */
  competitive: z.boolean().optional(),
});
export type Turn = z.infer<typeof turnSchema>;
