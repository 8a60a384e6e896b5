import { VISIBILITY_FIELDS } from "../component-info.js";
import { revealsToSomeOnly } from "../module/turn-flags.js";
import type { RuleContext } from "../module/types.js";
import type { Move } from "../moves/index.js";
import { type Refusal, refuse } from "../result.js";
import type { Situation } from "../situation.js";
import type { SightRules } from "../view/sight.js";

// Edit mode at a competitive table (each seat one user's, hidden information kept between them:
// Turn.competitive, decided by the server from the table's mode). Edit mode is there to fix the
// board; it must not become a way to see what the others cannot, nor to act unseen. So the server,
// never the client, decides who reads and sees what: a raw move names no recipients for its log line,
// brings no log text of its own (an empty one hides the line, any other can tell of something else),
// shows a component to no chosen players and sets nothing that decides who sees a component. And the
// one raw move that may show some players a hidden piece the others do not see is the look: everyone
// reads its line and it cannot be undone (table/record.ts).

/** Options a component's sight reads itself (view/sight.ts): face down, shown to some, a deck's open top. */
export const VISIBILITY_OPTIONS: ReadonlySet<string> = new Set(["facedown", "cardUnflippedFor", "revealTop"]);

/**
 * Why a raw move is refused at a competitive table before it is applied, or null. Sets of a
 * component's other options and variables are let through here: a piece's display mode may read them
 * (a conditional value), which the check of what the move revealed (revealedByRawMove) catches.
 */
export function competitiveRawMoveRefusal(move: Move): Refusal | null {
  if (move.eventRecipients !== undefined || move.logMessage !== undefined)
    return refuse("turn/edit-chooses-readers");
  if ((move.type === "component reveal" || move.type === "reveal all") && move.forPlayers !== undefined)
    return refuse("turn/edit-chooses-readers");
  if (move.type === "set component option" && VISIBILITY_OPTIONS.has(move.option))
    return refuse("turn/edit-chooses-readers");
  if (move.type === "set component overdrive") {
    const overdrive = move.overdrive;
    if (overdrive !== null && VISIBILITY_FIELDS.some((field) => Object.hasOwn(overdrive, field)))
      return refuse("turn/edit-chooses-readers");
  }
  return null;
}

/**
 * After a raw move at a competitive table: refused when what it did (its follow-ups included) showed
 * some player a face they did not see before while another player still does not see it, unless it
 * was a look and nothing more. A face shown to the whole table (a card turned face up where everyone
 * sees it) is no peek: everyone reads its line, and the turn cannot be undone (table/record.ts). Two
 * walks of the tree, so only for raw moves at competitive tables: the edit tools' hand moves, a few
 * per game.
 */
export function revealedByRawMove(
  before: Situation,
  after: Situation,
  applied: readonly Move[],
  ctx: RuleContext,
  module: SightRules,
): Refusal | null {
  if (applied.length === 1 && applied[0]?.type === "look") return null;
  return revealsToSomeOnly(before, after, ctx, module) ? refuse("turn/edit-reveals") : null;
}
