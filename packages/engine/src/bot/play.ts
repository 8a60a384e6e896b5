import type { Json, JsonObject } from "../json.js";
import type { RuleModule } from "../module/types.js";
import type { Result } from "../result.js";
import { seedRng } from "../rng.js";
import type { Situation } from "../situation.js";
import { createTableHolder, type TableHolder } from "../table/holder.js";
import { scoresOf, winnersOf } from "../table/outcome.js";
import type { Recorded } from "../table/record.js";
import type { Action, Turn } from "../turn/actions.js";
import type { ProjectData } from "../turn/evaluate.js";
import { activeSeats } from "../turn/permissions.js";
import type { Bot, BotContext, Verdict } from "./types.js";

/**
 * Self-play: a whole game played by bots through the engine's table holder, the very path the server
 * records turns on (holder.record and append: evaluate, turn flags, id re-issue, the log). Each bot is handed only
 * its seat's view (holder.view, the view the server sends that seat), never the full situation. The
 * driver itself plays the server's part: it knows who may act and it judges each turn on the full
 * situation; a turn the server would refuse is counted and the seat asked again.
 *
 * Deterministic for a seed: each decision's randomness is derived from (seed, event number, attempt),
 * so a game replays exactly, and one game's bots never share a random stream with another's.
 */

export interface PlayGameOptions {
  start: Situation;
  module: RuleModule;
  project?: ProjectData;
  /** A bot for every seat that will have to act. */
  bots: { [seat: string]: Bot };
  seed: number;
  /** Events at most (default 3000): a game without an end (a sandbox) stops here. */
  maxTurns?: number;
  /** Refused turns in a row after which the game is given up as stuck (default 20). */
  maxRefusedInARow?: number;
  /**
   * Whether the bots may ask the table's judge (BotContext.judge) about their candidate turns
   * (default true). The judge is the evaluation a sent turn gets anyway, so a turn the judge took is
   * recorded as judged, and a bot that asks it pays one evaluation per turn instead of two. False
   * makes every bot try its turns on its view alone, as at a live table, where `refused` counts the
   * turns the view got wrong.
   */
  judged?: boolean;
}

export type StopReason =
  /** The rules ended the game. */
  | "ended"
  /** maxTurns events were played. */
  | "max turns"
  /** No seat that may act found a turn the server accepts. */
  | "stuck";

export interface SelfPlayResult {
  stop: StopReason;
  /** The seats the game's result names as winners (result.winners, or result.winner); [] for none. */
  winners: string[];
  /** Final score per seat: the result's scores, else each player's 'score' stat, when the game keeps one. */
  scores: { [seat: string]: number };
  /** What the game end recorded (situation.stats.result), null when it did not end. */
  result: Json | null;
  /** Events recorded. */
  turns: number;
  /** Player turns: runs of events by one seat (a seat's several clicks in a row are one turn). */
  playerTurns: number;
  /** Player turns divided among the seats, rounded up. */
  rounds: number;
  /** The stats the game keeps, as the results page reads them. */
  stats: {
    global: JsonObject;
    players: { [seat: string]: JsonObject };
    objects: { [id: string]: JsonObject };
  };
  /** Turns the bots proposed that the server's evaluation refused. */
  refused: number;
  /** The table, for whoever wants its log, views or replay. */
  holder: TableHolder;
}

/** Whether the bot sent the very turn the judge took (the same action objects: it hands back what it asked about). */
function sameActions(
  taken: { actions: Action[]; recorded: Result<Recorded> } | null,
  actions: Action[],
): taken is { actions: Action[]; recorded: Result<Recorded> } {
  return (
    taken !== null &&
    taken.actions.length === actions.length &&
    taken.actions.every((action, i) => action === actions[i])
  );
}

/** A 32-bit mix of the inputs (murmur3's finaliser over a running hash). */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export function playGame(options: PlayGameOptions): SelfPlayResult {
  const { module, seed } = options;
  const maxTurns = options.maxTurns ?? 3000;
  const maxRefused = options.maxRefusedInARow ?? 20;
  const judged = options.judged ?? true;
  const holder = createTableHolder({
    start: options.start,
    module,
    ...(options.project === undefined ? {} : { project: options.project }),
    // Nobody seeks back in a self-played game: one snapshot now and then is plenty.
    snapshotEvery: 500,
  });
  let refused = 0;
  let refusedInARow = 0;
  let playerTurns = 0;
  let lastSeat: string | null = null;
  let stop: StopReason = "max turns";
  let attempt = 0;
  while (holder.events.length < maxTurns) {
    const live = holder.live;
    if (live.ended) {
      stop = "ended";
      break;
    }
    const seq = holder.events.length;
    // Who may act is the server's knowledge; several at once (everyone, simultaneous states) take
    // their turns in an order drawn from the seed.
    const seats = activeSeats(live).filter((s) => options.bots[s] !== undefined);
    const offset = seats.length === 0 ? 0 : mix(seed, seq, attempt, 1) % seats.length;
    let played = false;
    for (let k = 0; k < seats.length && !played; k++) {
      const seat = seats[(offset + k) % seats.length] as string;
      const bot = options.bots[seat] as Bot;
      const turnOf = (actions: Action[]): Turn => ({
        seat,
        actions,
        timestamp: (seq + 1) * 1000,
        turnUID: `bot-${seq}-${attempt}`,
      });
      // The turn the judge last took, recorded as the server records it: if the bot sends it, it is
      // appended as it stands.
      // (Set inside the judge: `as` keeps TypeScript from reading it as always null here.)
      let taken = null as { actions: Action[]; recorded: Result<Recorded> } | null;
      const judge = (actions: Action[]): Verdict => {
        const recorded = holder.record(turnOf(actions));
        if (!recorded.ok) return { kind: "refused" };
        if (recorded.value.event !== null) {
          taken = { actions, recorded };
          return { kind: "turn" };
        }
        const selected = recorded.value.outcome.selected;
        return selected !== null && selected !== live.selected[seat]
          ? { kind: "selected", selected }
          : { kind: "refused" };
      };
      const ctx: BotContext = { module, rules: holder.ctx, seq, ...(judged ? { judge } : {}) };
      const actions = bot(holder.view(seat), seat, ctx, seedRng(mix(seed, seq, attempt, k + 2)));
      if (actions === null) continue;
      const answer = sameActions(taken, actions) ? taken.recorded : holder.record(turnOf(actions));
      if (answer.ok && answer.value.event !== null) holder.append(answer.value.event, answer.value);
      if (!answer.ok) {
        refused++;
        refusedInARow++;
        continue;
      }
      // Accepted but nothing happened (a selection alone): not a turn, and not to be repeated forever.
      if (answer.value.event === null) continue;
      played = true;
      if (seat !== lastSeat) {
        playerTurns++;
        lastSeat = seat;
      }
    }
    if (played) {
      refusedInARow = 0;
      attempt = 0;
      continue;
    }
    attempt++;
    if (seats.length === 0 || refusedInARow >= maxRefused || attempt > maxRefused) {
      stop = "stuck";
      break;
    }
  }
  if (holder.live.ended) stop = "ended";
  const end = holder.live;
  const seatsCount = Math.max(1, end.players.length);
  return {
    stop,
    winners: end.ended ? winnersOf(end.stats.result) : [],
    scores: scoresOf(end),
    result: end.ended ? (end.stats.result ?? null) : null,
    turns: holder.events.length,
    playerTurns,
    rounds: Math.ceil(playerTurns / seatsCount),
    stats: {
      global: end.stats,
      players: Object.fromEntries(end.players.map((p) => [p.color, p.stats])),
      objects: end.objectStats,
    },
    refused,
    holder,
  };
}
