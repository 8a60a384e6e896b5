import { z } from "zod";

// Rematch (issue 37 point 4): at the end of a game a seated player makes, in one click, a new table of
// the same project with the same seats (the same users in the same colours, the same bots), options
// and table mode. The other seated players are invited to it: a notice at their ended table with a
// link, and a push notification. The new table is made as any new table is, under the same caps.

/** POST /api/rematch/{tableId} (no body) and GET /api/rematch/{tableId}: the ended table's id. */
export const rematchParamsSchema = z.object({
  tableId: z.string().min(1).max(50, "Table not found."),
});
export type RematchParams = z.input<typeof rematchParamsSchema>;

/** A rematch as its invitation names it: the table to join and who made it. */
export const rematchInviteSchema = z.object({
  /** The ended table the rematch is of. */
  fromTableId: z.string(),
  /** The new table. */
  tableId: z.string(),
  projectSlug: z.string(),
  /** The user who made it. */
  by: z.string(),
});
export type RematchInvite = z.infer<typeof rematchInviteSchema>;

/** POST /api/rematch/{tableId}: the rematch table. */
export const rematchResponseSchema = rematchInviteSchema.extend({
  /**
   * False when the table's rematch was made already (a second click, or another of its players): the
   * same table is answered, never a second one.
   */
  created: z.boolean(),
});
export type RematchResponse = z.infer<typeof rematchResponseSchema>;

/** GET /api/rematch/{tableId}: the rematch made of this table and not yet ended, or null. */
export const rematchLookupSchema = z.object({ rematch: rematchInviteSchema.nullable() });
export type RematchLookup = z.infer<typeof rematchLookupSchema>;

/** The socket event the other seated players' tabs receive when a rematch of their table is made. */
export interface RematchServerEvents {
  "rematch-invite": (invite: RematchInvite) => void;
}

/** The refusals of a rematch, as the server words them (the browser shows them as they are). */
export const REMATCH_MESSAGES = {
  notSeated: "Only the players seated at this table can ask for a rematch.",
  notEnded: "A rematch can be made only once the game has ended.",
  mode: (mode: string) => `A ${mode} table cannot be played again: make a new table in the lobby.`,
  colorGone: (color: string) =>
    `This game no longer has the colour '${color}': make a new table in the lobby.`,
} as const;
