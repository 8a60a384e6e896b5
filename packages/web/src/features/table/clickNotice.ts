// Why a click did nothing, in the status line (issue 37 point 6): the refusal's code mapped to a
// sentence a player reads, so a wrong click is never silently ignored. The popup alert still shows
// the spec's message; this line stays under the game's message until the next click or turn.

/** A refusal as the engine gives it: a stable code, the spec's message, the rules' own reasons. */
export interface RefusalLike {
  code: string;
  message: string;
  reasons?: string[];
}

/** The rules took a click on a place but did nothing with the piece held: no refusal, no move. */
export const NOTHING_THERE = "The rules do not let the selected piece go there.";

const BY_CODE: Record<string, string> = {
  "turn/not-your-turn": "It is not your turn: wait for it.",
  "turn/no-selection": "Select a piece first, then click where it goes.",
  "turn/not-midgame": "The game is not running: no moves now.",
  "move/slot-taken": "That place is already taken.",
  "move/bad-position": "That place is not on the board.",
  "move/edit-mode-only": "That button works only in edit mode.",
};

/**
 * The status line's words for a refused click: the game's own reasons where it gave some (chess:
 * 'That square is not a legal move for the knight.'), else a sentence for the engine's code, else the
 * engine's message as it is.
 */
export function clickNotice(refusal: RefusalLike): string {
  if (refusal.code === "turn/prevented" && refusal.reasons !== undefined && refusal.reasons.length > 0)
    return refusal.reasons.join(" ");
  return BY_CODE[refusal.code] ?? refusal.message;
}
