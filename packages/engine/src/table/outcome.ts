import type { Json } from "../json.js";
import type { Situation } from "../situation.js";
import { effectiveTurns, type TableEvent } from "./events.js";

/**
 * What a game's end says, read the same way from a self-played game (bot/play.ts) and from a table
 * people played (the balance report over a version's played tables): the winners its result names,
 * each seat's final score, and how many player turns it took.
 */

/** The seats the game's result names as winners (result.winners, or result.winner); [] for none. */
export function winnersOf(result: Json | undefined): string[] {
  if (result === null || typeof result !== "object" || Array.isArray(result)) return [];
  if (Array.isArray(result.winners)) return result.winners.map(String);
  return typeof result.winner === "string" ? [result.winner] : [];
}

/** Final score per seat: the result's scores, else each player's 'score' stat, when the game keeps one. */
export function scoresOf(situation: Situation): { [seat: string]: number } {
  const result = situation.stats.result;
  const out: { [seat: string]: number } = {};
  const given =
    result !== null && typeof result === "object" && !Array.isArray(result) ? result.scores : undefined;
  for (const p of situation.players) {
    const value =
      given !== null && typeof given === "object" && !Array.isArray(given) && given !== undefined
        ? given[p.color]
        : p.stats.score;
    if (typeof value === "number") out[p.color] = value;
  }
  return out;
}

/**
 * Player turns of a log: runs of turns in effect (undone ones left out) by one seat, so a seat's
 * several clicks in a row are one turn, as self-play counts them.
 */
export function playerTurnsOf(events: readonly TableEvent[]): number {
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  let turns = 0;
  let last: string | null = null;
  for (const seq of effectiveTurns(events)) {
    const event = bySeq.get(seq);
    if (event === undefined || event.kind !== "turn" || event.actor === last) continue;
    turns++;
    last = event.actor;
  }
  return turns;
}
