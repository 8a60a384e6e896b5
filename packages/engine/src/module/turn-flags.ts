import { DECK_POSITION } from "../access.js";
import { type PieceLibrary, type VisibilityInfo, visibilityInfo } from "../component-info.js";
import { REPLAY_MARK_MAX_LENGTH, REPLAY_MARKS_PER_TURN } from "../constants.js";
import type { Move } from "../moves/index.js";
import type { Component, Situation } from "../situation.js";
import { governingMode, seenAs } from "../visibility.js";
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
  if (revealsHiddenInformation(before, after, ctx.pieces)) return { preventUndo: UNDO_REASONS.revealed };
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
export function revealsHiddenInformation(before: Situation, after: Situation, pieces: PieceLibrary): boolean {
  // Situations share unchanged parts: if none of what visibility reads changed, nothing was revealed.
  if (before.root === after.root && before.gameState === after.gameState && before.players === after.players)
    return false;
  const seats = [...new Set([...before.players, ...after.players].map((p) => p.color))];
  if (seats.length === 0) return false;
  const seenBefore = facesSeen(before, pieces, seats);
  for (const [id, seen] of facesSeen(after, pieces, seats)) {
    const was = seenBefore.get(id);
    if (was !== undefined && (seen & ~was) !== 0) return true;
  }
  return false;
}

/**
 * Component id -> bit mask of the seats (by index in `seats`) that see its face, by one walk down the
 * tree: each component's visibility info is resolved once, the owner is the nearest player area
 * at or above it.
 */
function facesSeen(
  situation: Situation,
  pieces: PieceLibrary,
  seats: readonly string[],
): Map<string, number> {
  const areas = new Map(situation.players.map((p) => [p.area, p.color]));
  const out = new Map<string, number>();
  const visit = (
    component: Component,
    parentInfo: VisibilityInfo | undefined,
    owner: string | null,
    shownTop: boolean,
  ): void => {
    const own = visibilityInfo(pieces, component, situation);
    const mode = governingMode(component, parentInfo);
    const mine = areas.get(component.id) ?? owner;
    let mask = 0;
    seats.forEach((seat, i) => {
      if (shownTop || seenAs(component, own, mode, mine, seat, false) === "face") mask |= 1 << i;
    });
    out.set(component.id, mask);
    // A deck with revealTop shows the face of its top card to everyone, whatever the card says.
    const revealTop = component.type === "deck" && component.options.revealTop === true;
    for (const [positionName, children] of Object.entries(component.children)) {
      const list = Array.isArray(children) ? children : Object.values(children);
      list.forEach((child, i) => {
        const top = revealTop && positionName === DECK_POSITION && i === list.length - 1;
        visit(child, own, mine, top);
      });
    }
  };
  visit(situation.root, undefined, null, false);
  return out;
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
