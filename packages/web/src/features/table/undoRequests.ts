// Undo requests as the page shows them (issue 37 point 8): what is waiting at the table and what the
// asker is told when it ends without the undo. Pure; useUndoRequests.tsx binds it to the socket.

import type { TableEventMessage, UndoRequestInfo } from "@tt/protocol";
import { SPECTATOR } from "./seat";

/** What the asker reads when their request ends without the undo. */
export const UNDO_REQUEST_ENDINGS = {
  refused: "Your undo was refused",
  timeout: "No answer to your undo request",
  lapsed: "Your undo request lapsed: the game moved on",
} as const;

/** The words everyone at the table reads of a request: 'red asks to take back their move'. */
export const askText = (request: UndoRequestInfo) => `${request.seat} asks to take back their move`;

export interface UndoRequestsState {
  /** The request waiting at the table, or null. */
  request: UndoRequestInfo | null;
  /** Why this user's own last request ended without the undo, until dismissed. */
  ending: string | null;
}

export const NO_REQUESTS: UndoRequestsState = { request: null, ending: null };

/**
 * The state after a table event: a request arrives; a request ends (the asker, `me`, is told why
 * when no undo follows). Pure, so the rules of what is shown are tested without a socket.
 */
export function undoRequestsAfter(
  state: UndoRequestsState,
  message: TableEventMessage,
  me: string | null,
): UndoRequestsState {
  if (message.type === "undo-request") return { request: message.request, ending: null };
  if (message.type !== "undo-request-closed") return state;
  const mine = state.request !== null && state.request.id === message.requestId;
  if (!mine) return state;
  const asker = state.request?.username === me;
  const ending = asker && message.outcome !== "accepted" ? UNDO_REQUEST_ENDINGS[message.outcome] : null;
  return { request: null, ending };
}

/**
 * Whether this tab answers the request: a seated player other than the asker (the server checks it
 * again and refuses anyone else).
 */
export function answersRequest(request: UndoRequestInfo, seat: string, me: string | null): boolean {
  return seat !== SPECTATOR && seat !== request.seat && request.username !== me;
}
