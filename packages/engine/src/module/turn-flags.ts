import { REPLAY_MARK_MAX_LENGTH, REPLAY_MARKS_PER_TURN, SPECTATOR } from "../constants.js";
import type { Move } from "../moves/index.js";
import type { Component, Situation } from "../situation.js";
import { seatsOf } from "../view/seats.js";
import { faceMaskList, type SightRules, sightOf } from "../view/sight.js";
import type { RuleContext, TurnFlagDecision, TurnInfo } from "./types.js";

/**
 * Who decides a turn's undo and replay flags: the rules, never the client (the server evaluates
 * every turn with the same engine, so these are as trustworthy as the moves themselves).
 *
 * The default, for every module that does not decide otherwise: a turn that tells a player
 * something they could not know before, or that rolls the dice, cannot be undone. Undoing it would
 * let a player draw a card, look at it and put it back, or roll until the result suits them.
 * Everything else may be undone, is an undo breakpoint, and marks nothing on the replay bar.
 */

/** The reasons shown after 'You cannot undo this turn: '. */
export const UNDO_REASONS = {
  revealed: "it revealed hidden information",
  chance: "it used chance",
} as const;

export function defaultTurnFlags(
  before: Situation,
  after: Situation,
  _moves: readonly Move[],
  _turn: TurnInfo,
  ctx: RuleContext,
): TurnFlagDecision {
  if (revealsHiddenInformation(before, after, ctx)) return { preventUndo: UNDO_REASONS.revealed };
  if (usedChance(before, after)) return { preventUndo: UNDO_REASONS.chance };
  return {};
}

/** Every random draw (reshuffle, randomize variable, a rule's own roll) advances the situation's generator. */
export function usedChance(before: Situation, after: Situation): boolean {
  return before.rng.state !== after.rng.state;
}

/**
 * Whether some player now sees the face of a component that existed before the turn and whose face
 * that player did not see then: a card drawn from a face-down deck, a component reveal, a card
 * leaving a hand that only its owner saw, a deck that shows its next top card. Components created
 * by the turn tell nothing (their maker chose them), nor do spectators (they are not playing).
 */
export function revealsHiddenInformation(
  before: Situation,
  after: Situation,
  ctx: RuleContext,
  module?: SightRules,
): boolean {
  return revealed(before, after, ctx, module, "anyone");
}

/**
 * Whether some player now sees the face of a component they did not see before while another player
 * still does not see it: a reveal to some players only (a peek), not one to the whole table.
 */
export function revealsToSomeOnly(
  before: Situation,
  after: Situation,
  ctx: RuleContext,
  module?: SightRules,
): boolean {
  return revealed(before, after, ctx, module, "some only");
}

function revealed(
  before: Situation,
  after: Situation,
  ctx: RuleContext,
  module: SightRules | undefined,
  to: "anyone" | "some only",
): boolean {
  // Situations share unchanged parts: if none of what visibility reads changed, nothing was revealed.
  if (before.root === after.root && before.gameState === after.gameState && before.players === after.players)
    return false;
  // The same viewers as the id re-issue of the turn (view/reissue.ts), so both read one set of masks;
  // the spectator's bit (the last) is left out: spectators are not playing.
  const viewers = seatsOf(before, after);
  if (viewers.length === 0) return false;
  const players = (1 << viewers.length) - 1;
  viewers.push(SPECTATOR);
  // By each sight's id index, not a map of masks by id: the re-issue and the viewers' events of the
  // same turn read the same index.
  const sightBefore = sightOf(before, ctx, module);
  const seenBefore = faceMaskList(sightBefore, viewers);
  const sightAfter = sightOf(after, ctx, module);
  const seenAfter = faceMaskList(sightAfter, viewers);
  const components = sightAfter.components;
  for (let i = 0; i < components.length; i++) {
    const j = sightBefore.indexOf((components[i] as Component).id);
    if (j === undefined) continue;
    const now = (seenAfter[i] as number) & players;
    if ((now & ~(seenBefore[j] as number)) === 0) continue;
    if (to === "anyone" || now !== players) return true;
  }
  return false;
}

/**
 * The marks a module asked for, as the log keeps them: trimmed, none empty, each at most
 * REPLAY_MARK_MAX_LENGTH characters, at most REPLAY_MARKS_PER_TURN of them. A label is a caption
 * on the replay bar, so a longer one is cut rather than refusing the player's turn over it.
 */
export function normaliseReplayMarks(marks: readonly string[] | undefined): string[] {
  return (marks ?? [])
    .filter((label): label is string => typeof label === "string")
    .map((label) => label.trim().slice(0, REPLAY_MARK_MAX_LENGTH))
    .filter((label) => label !== "")
    .slice(0, REPLAY_MARKS_PER_TURN);
}
