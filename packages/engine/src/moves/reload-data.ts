import { z } from "zod";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

/**
 * The table events 'reload-data-sheet' and 'reload-decks' (game-table.md section 3): a designer
 * refreshes a running table's data sheet or card rows from the project. Recorded as a turn of this one
 * move, so undo, replay and every client's fold treat it like any other turn.
 */
export const reloadDataSchema = z.object({
  type: z.literal("reload data"),
  ...moveBaseShape,
  dataSheet: jsonSchema.optional(),
  deckData: z
    .record(
      z.string(),
      z.object({
        cards: z.array(z.looseObject({ cardId: z.string() })),
        cardInfo: z.object({ w: z.number(), h: z.number() }).optional(),
      }),
    )
    .optional(),
});
export type ReloadDataMove = z.infer<typeof reloadDataSchema>;

export function applyReloadData(situation: Situation, move: ReloadDataMove): MoveResult {
  const next: Situation = {
    ...situation,
    ...(move.dataSheet === undefined ? {} : { dataSheet: move.dataSheet }),
    ...(move.deckData === undefined ? {} : { deckData: move.deckData as Situation["deckData"] }),
  };
  const what = [
    move.dataSheet === undefined ? "" : "the data sheet",
    move.deckData === undefined ? "" : "the decks",
  ]
    .filter((w) => w !== "")
    .join(" and ");
  return applied(next, logFor(move, `reloaded ${what || "nothing"}`, { logStyle: "edit" }));
}
