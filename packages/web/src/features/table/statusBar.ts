// The status bar's state machine (game-table.md section 4) and the move-blocking alerts (section 8).

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

export function statusMessage(status: ClientStatus, stateMessage: string): string {
  return status === "waitUserInput" ? stateMessage : STATUS_MESSAGES[status];
}

export type AlertColor = "pink" | "red" | "blue" | "green";

export interface AlertMessage {
  text: string;
  color: AlertColor;
}

export const ALERTS = {
  outOfSync: {
    text: "You cannot do turns when out of sync. Please, Try to reload the page.",
    color: "pink",
  },
  busy: { text: "Please wait, an action is already in progress", color: "pink" },
  notYourTurn: { text: "You cannot play now: Wait for your turn", color: "red" },
  tooFast: {
    text: "Server hasn't confirmed your previous turn. You are playing too fast. Try again later. If issue persists, reload the page",
    color: "red",
  },
} as const satisfies Record<string, AlertMessage>;

export function systemError(message: string): AlertMessage {
  return { text: `System error: ${message}`, color: "blue" };
}

/** Why a move may not be sent now, or null when it may (edit mode skips the waiting states). */
export function moveBlock(status: ClientStatus, editMode: boolean): AlertMessage | null {
  if (status === "outOfSync") return ALERTS.outOfSync;
  if (status === "waitingResponse") return ALERTS.tooFast;
  if (status === "disconnected") return ALERTS.busy;
  if (status === "waitUserInput" || editMode) return null;
  return ALERTS.busy;
}

/** Colour of an engine refusal: script errors blue, the rest red. */
export function refusalAlert(message: string): AlertMessage {
  return { text: message, color: message.startsWith("SCRIPT ERROR") ? "blue" : "red" };
}

export const ALERT_HIDE_MS = 3000;
export const PING_MS = 10000;
