import { activeState, findPlayer } from "../access.js";
import { ALWAYS_ACTIVE, EVERYONE, RIVAL, SPECTATOR } from "../constants.js";
import type { ActivePlayer, Situation } from "../situation.js";

/**
 * Whether a seat may act in the active state (game-table.md sections 4-6): the active colour, any
 * colour of a list, every player for 'everyone', the other players for 'rival', anyone seated for an
 * automa, and alwaysactive for whoever is active. Spectators never act.
 */
export function mayAct(situation: Situation, seat: string): boolean {
  if (seat === ALWAYS_ACTIVE) return true;
  if (seat === SPECTATOR || findPlayer(situation, seat) === undefined) return false;
  return seatMatches(situation, activeState(situation).activePlayer, seat);
}

function seatMatches(situation: Situation, active: ActivePlayer, seat: string): boolean {
  if (Array.isArray(active)) return active.some((a) => seatMatches(situation, a, seat));
  if (active === EVERYONE) return true;
  if (active === RIVAL) {
    // A rival state answers the root state's player: everyone else may act in it.
    const root = situation.gameState.current.activePlayer;
    return typeof root === "string" ? root !== seat : !root.includes(seat);
  }
  if (active === seat) return true;
  return findPlayer(situation, active)?.isAutoma === true;
}

/** Seats that may act now; the table uses it to light up whose turn it is. */
export function activeSeats(situation: Situation): string[] {
  return situation.players.filter((p) => mayAct(situation, p.color)).map((p) => p.color);
}

/**
 * Player buttons (counter buttons and the like) show only on your turn, in a 'rival' or 'everyone'
 * state, or in edit mode (game-table.md section 5).
 */
export function showsPlayerButtons(situation: Situation, seat: string, editMode: boolean): boolean {
  // An ended game takes no more moves: its buttons would only answer 'midgame tables only'.
  if (situation.ended) return false;
  if (editMode) return true;
  const active = activeState(situation).activePlayer;
  return active === EVERYONE || active === RIVAL || mayAct(situation, seat);
}
