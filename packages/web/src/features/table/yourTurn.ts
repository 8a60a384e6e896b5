// Whether it is this tab's turn, as the tab's title and icon say it (issue 37 point 8). Pure, so the
// page only shows it.

import { ALWAYS_ACTIVE, activeState, findPlayer, mayAct, type Situation } from "@tt/engine";

/**
 * True while the viewer's own colour is to play at a running game: not for a spectator, not for the
 * sandbox's 'alwaysactive' (every turn would be theirs), and not while an automa's state lets anyone
 * act for it (no one is waited for).
 */
export function isYourTurn(situation: Situation | null, seat: string, status: string): boolean {
  if (situation === null || situation.ended || status !== "midgame") return false;
  if (seat === ALWAYS_ACTIVE || findPlayer(situation, seat) === undefined) return false;
  if (!mayAct(situation, seat)) return false;
  const active = activeState(situation).activePlayer;
  return typeof active !== "string" || active === seat || findPlayer(situation, active)?.isAutoma !== true;
}
