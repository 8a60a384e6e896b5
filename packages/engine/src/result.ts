/**
 * Rule violations are values, not exceptions: every refusal has a stable code and the spec's
 * message, so the server can answer `table-event-reject { reason }` and tests can match codes.
 */

export const REFUSAL_MESSAGES = {
  "move/game-ended": "The game has already ended.",
  "move/root-state": "Cannot mark resolved a root game state.",
  "move/no-player-stats": "Can't find stats for player.",
  "move/unknown-player": "Unknown player.",
  "move/unknown-counter": "Unknown counter.",
  "move/unknown-component": "Unknown component.",
  "move/unknown-destination": "Unknown destination.",
  "move/into-itself": "A component cannot be moved into itself.",
  "move/slot-taken": "That position is already taken.",
  "move/not-a-container": "That component is not a deck or a bank.",
  "move/no-deck": "Cannot find the deck of this component.",
  "move/no-bank": "Cannot find a bank for this component.",
  "move/bad-position": "That position does not exist.",
  "move/unknown-button": "Unknown button.",
  "move/button-disabled": "That button is disabled.",
  "move/edit-mode-only": "This button can only be used in edit mode.",
  "move/not-a-list-stat": "That stat is not a list.",
  "move/no-values": "Nothing to choose from.",
  "move/invalid": "Invalid move.",
  "turn/not-midgame": "You can only do moves in midgame tables.",
  "turn/not-your-turn": "You cannot play now: Wait for your turn",
  "turn/prevented": "Cannot make move: {reasons}",
  "turn/move-limit": "Maximum number of game moves exceeded - possible infinite loop",
  "turn/too-many-moves": "Too many moves added.",
  "turn/script-error": "SCRIPT ERROR: {reasons}",
  "turn/raw-move-outside-edit-mode": "Raw moves can only be made in edit mode.",
  "turn/edit-chooses-readers":
    "In a competitive game an edit move cannot choose who sees a component or who reads its log line: the server decides.",
  "turn/edit-reveals":
    "In a competitive game edit mode shows hidden pieces only through Look (right-click a deck in edit mode, 'Look through them'), which every player reads in the log.",
  "turn/no-selection": "Select a component first.",
  "turn/invalid-action": "Invalid action.",
  "undo/someone-else": "Cannot undo someone else's turn",
  "undo/not-allowed": "You cannot undo this turn",
  "undo/nothing": "There is nothing to undo.",
} as const;

export type RefusalCode = keyof typeof REFUSAL_MESSAGES;

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
  /** Extra detail, e.g. the rule module's move-prevent reasons or why undo is refused. */
  reasons?: string[];
}

export interface Ok<T> {
  ok: true;
  value: T;
}

export type Result<T> = Ok<T> | Refusal;

/** Codes whose message takes the reasons after a colon when there are any (game-table.md section 8). */
const REASON_APPENDED: ReadonlySet<RefusalCode> = new Set(["undo/not-allowed"]);

export function refuse(code: RefusalCode, reasons?: string[]): Refusal {
  const template: string = REFUSAL_MESSAGES[code];
  let message = template;
  if (template.includes("{reasons}")) message = template.replace("{reasons}", (reasons ?? []).join("; "));
  else if (REASON_APPENDED.has(code) && reasons !== undefined && reasons.length > 0)
    message = `${template}: ${reasons.join("; ")}`;
  return reasons === undefined ? { ok: false, code, message } : { ok: false, code, message, reasons };
}

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}
