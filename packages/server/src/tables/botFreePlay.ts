import { activeState, EVERYONE, type Situation } from "@tt/engine";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { tableEvents } from "../db/schema";

// The sandbox's bots stop when they have nothing to do (issue 36 point 4). In free play (the state
// where everyone may act, as often as they like: the sandbox game, a no-code project) no turn ever
// waits for a bot and the game never ends, so a bot that plays whenever it may plays for ever. There
// a bot only answers people: at most one turn per bot seat after each turn or undo a person made,
// none before the first. Where the game names whose turn it is, bots play as before: the game waits
// for them, and it ends.

/** The game waits for no seat in particular: everyone may act, any number of times. */
export const isFreePlay = (view: Situation) => activeState(view).activePlayer === EVERYONE;

/** One event as the rule reads it: who made it (null: a bot, or the server) and as which seat. */
export interface MadeBy {
  userId: number | null;
  actor: string | null;
}

/**
 * Whether `seat`'s bot may answer in free play, from the latest events, newest first: yes when a
 * person made one since this seat's bot last played; no when the seat already answered, or when no
 * person's event is among them (nothing to answer).
 */
export function mayAnswer(latest: readonly MadeBy[], seat: string): boolean {
  for (const event of latest) {
    if (event.userId !== null) return true;
    if (event.actor === seat) return false;
  }
  return false;
}

/**
 * The rule at a table, from its log before `seq` (the bot's view's). Since each bot seat answers a
 * person's event once, a person's event is within `botSeats` + 1 of the end if the seat may answer;
 * the stored user id tells a bot's event from a person's (a turn id could be named by anyone).
 */
export async function answersPerson(
  db: Db,
  tableId: string,
  seq: number,
  seat: string,
  botSeats: number,
): Promise<boolean> {
  const latest = await db
    .select({ userId: tableEvents.userId, actor: sql<string | null>`${tableEvents.event}->>'actor'` })
    .from(tableEvents)
    .where(and(eq(tableEvents.tableId, tableId), lt(tableEvents.seq, seq)))
    .orderBy(desc(tableEvents.seq))
    .limit(botSeats + 1);
  return mayAnswer(latest, seat);
}
