// The status bar's state machine (game-table.md section 4) and the move-blocking alerts (section 8).

import { type SeatInfo, TABLE_REFUSALS } from "@tt/protocol";
import { playerLabel, playerName } from "./results/scores";

export type ClientStatus =
  | "disconnected"
  | "waitingResponse"
  | "waitingEvaluate"
  | "outOfSync"
  | "waitUserInput";

export interface StatusInput {
  connected: boolean;
  outOfSync: boolean;
  pending: boolean;
  evaluating: boolean;
}

export function clientStatus(input: StatusInput): ClientStatus {
  if (input.outOfSync) return "outOfSync";
  if (!input.connected) return "disconnected";
  if (input.pending) return "waitingResponse";
  if (input.evaluating) return "waitingEvaluate";
  return "waitUserInput";
}

export const STATUS_MESSAGES = {
  disconnected: "Disconnected, trying to reconnect...",
  waitingResponse: "Move recorded, please wait...",
  waitingEvaluate: "Updating game situation, please wait...",
  outOfSync:
    "You are out of sync with the server. Please, refresh the page. If the problem persists, report this issue.",
} as const;

/** 'No instructions. your/{player}'s turn' for a state without a message. */
export function noInstructions(activePlayer: string | string[], seat: string): string {
  const list = Array.isArray(activePlayer) ? activePlayer : [activePlayer];
  const who = list.includes(seat) || list.includes("everyone") ? "your" : `${list.join(", ")}'s`;
  return `No instructions. ${who} turn`;
}

/**
 * The status line of an ended table: 'The game has ended.' and, when the game's result (stats.result)
 * names them, the winners and scores: { winners: [...], scores: {colour: n} } or { winner, result }.
 * Players are named as the results name them, 'ann (red)' (issue 37 point 4: players, not colours),
 * from the table's seats; a colour nobody sat at stays a colour.
 */
export function endMessage(stats: Record<string, unknown>, seats: readonly SeatInfo[] = []): string {
  const result = stats.result;
  if (result === null || typeof result !== "object" || Array.isArray(result)) return "The game has ended.";
  const r = result as Record<string, unknown>;
  const who = (color: string) => playerLabel({ color, player: playerName(color, [...seats]) });
  const parts = ["The game has ended."];
  const winners = Array.isArray(r.winners)
    ? r.winners.map(String)
    : typeof r.winner === "string"
      ? [r.winner]
      : [];
  if (winners.length === 1) parts.push(`Winner: ${who(winners[0]!)}.`);
  else if (winners.length > 1) parts.push(`Winners: ${winners.map(who).join(", ")}.`);
  else if ("winner" in r && r.winner === null) parts.push("Draw.");
  if (r.scores !== null && typeof r.scores === "object" && !Array.isArray(r.scores)) {
    const scores = Object.entries(r.scores as Record<string, unknown>).map(
      ([color, n]) => `${who(color)} ${String(n)}`,
    );
    if (scores.length > 0) parts.push(`Scores: ${scores.join(", ")}.`);
  }
  if (typeof r.result === "string") parts.push(`(${r.result})`);
  return parts.join(" ");
}

export function statusMessage(status: ClientStatus, stateMessage: string): string {
  return status === "waitUserInput" ? stateMessage : STATUS_MESSAGES[status];
}

export type AlertColor = "pink" | "red" | "blue" | "green";

export interface AlertMessage {
  text: string;
  color: AlertColor;
  /** A second line under the text. */
  hint?: string;
  /** A button in the alert (cheat mode's 'Do it anyway!'). */
  action?: { label: string; run: () => void };
  /** How long it shows; ALERT_HIDE_MS when unset. */
  hideMs?: number;
}

/** 'Copied to clipboard.' hides after 1 s (section 9). */
export const COPIED: AlertMessage = { text: "Copied to clipboard.", color: "green", hideMs: 1000 };

/** Cheat mode's alert (game-table.md section 5), the spec's words to the letter. */
export const DO_IT_ANYWAY = "Do it anyway!";
export const CHEAT_HINT = "(are you sure this turn is legal?";
export const CHAT_POPUP_MS = 2000;
export const CHAT_POPUP_PER_CHAR_MS = 50;
export const CHAT_FADE_MS = 500;

/**
 * What Enter in the chat sends (section 5: an empty message is not guarded). The box takes Enter as
 * ever (it clears, and closes the chat when the setting says so), but a blank message is not sent:
 * it would say nothing, and the server refuses one from any client anyway.
 */
export function chatToSend(message: string): string | null {
  return message.trim() === "" ? null : message;
}

/** How long a chat message stays over the board: 2000 ms plus 50 ms per character. */
export const chatPopupMs = (message: string) => CHAT_POPUP_MS + CHAT_POPUP_PER_CHAR_MS * message.length;

/** How long an error (a red or blue alert) shows: the error toast of section 9. */
export const ERROR_TOAST_MS = 5000;

export const ALERTS = {
  outOfSync: {
    text: "You cannot do turns when out of sync. Please, Try to reload the page.",
    color: "pink",
  },
  /** A second try while still out of sync: the first alert was not heeded. */
  outOfSyncAgain: { text: "You cannot do more moves when out of sync. Please, refresh.", color: "pink" },
  busy: { text: "Please wait, an action is already in progress", color: "pink" },
  notYourTurn: { text: "You cannot play now: Wait for your turn", color: "red", hideMs: ERROR_TOAST_MS },
  tooFast: {
    text: "Server hasn't confirmed your previous turn. You are playing too fast. Try again later. If issue persists, reload the page",
    color: "red",
    hideMs: ERROR_TOAST_MS,
  },
} as const satisfies Record<string, AlertMessage>;

/** Read-only view: another colour's hand is shown, its turns are not yours to play. */
export function viewOnlyAlert(seat: string): AlertMessage {
  return { text: `You are viewing as ${seat}. Choose your own colour to play.`, color: "pink" };
}

export function systemError(message: string): AlertMessage {
  return { text: `System error: ${message}`, color: "blue", hideMs: ERROR_TOAST_MS };
}

/** A move's popupMessage (a rule's word to the players), shown in the alert popup as its move plays. */
export function popupAlert(text: string): AlertMessage {
  return { text, color: "green" };
}

/**
 * Why a move may not be sent now, or null when it may (edit mode skips the waiting states). Out of
 * sync, `tries` counts the refused attempts before this one: the first is told to reload, any later
 * one that it cannot do more moves.
 */
export function moveBlock(status: ClientStatus, editMode: boolean, tries = 0): AlertMessage | null {
  if (status === "outOfSync") return tries === 0 ? ALERTS.outOfSync : ALERTS.outOfSyncAgain;
  if (status === "waitingResponse") return ALERTS.tooFast;
  if (status === "disconnected") return ALERTS.busy;
  if (status === "waitUserInput" || editMode) return null;
  return ALERTS.busy;
}

/** Colour of an engine refusal: script errors blue, the rest red. */
/** Codes of refusals shown in blue (section 8): a rule script's failure and a system error. */
const BLUE_REFUSALS: ReadonlySet<string> = new Set([
  "turn/script-error",
  TABLE_REFUSALS.system,
  // A request the server could not read: the page sent something it should not have.
  TABLE_REFUSALS.badRequest,
]);

/** A refusal's alert, coloured by its code ('SCRIPT ERROR: ...' and 'System error: ...' blue, else red). */
export function refusalAlert(message: string, code: string): AlertMessage {
  return { text: message, color: BLUE_REFUSALS.has(code) ? "blue" : "red", hideMs: ERROR_TOAST_MS };
}

export const ALERT_HIDE_MS = 3000;
export const PING_MS = 10000;

/** The global of the situation a rule module sets to show the table-wide message banner. */
export const BANNER_GLOBAL = "globalMessage";

export interface Banner {
  text: string;
  background: string;
  color: string;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\))$/i;

/**
 * The global message banner (section 2): globals.globalMessage as a text, or as { text, background,
 * color }. Colours must look like CSS colours: a value from the rules is never injected as CSS.
 */
export function bannerOf(globals: Record<string, unknown>): Banner | null {
  const raw = globals[BANNER_GLOBAL];
  const fallback = { background: "#fff3cd", color: "#3e2f00" };
  if (typeof raw === "string") return raw.trim() === "" ? null : { text: raw, ...fallback };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.text !== "string" || r.text.trim() === "") return null;
  const color = (value: unknown, otherwise: string) =>
    typeof value === "string" && CSS_COLOR.test(value.trim()) ? value.trim() : otherwise;
  return {
    text: r.text,
    background: color(r.background, fallback.background),
    color: color(r.color, fallback.color),
  };
}
