// Autosave bookkeeping (admin-decks-editor.md sections 4, 8): each edit bumps a revision; a save that
// succeeds records the revision it sent. Unsaved while the two differ, which is what the leave-page
// warning asks. A state machine of plain data; the hook around it owns the timer and the call.

export interface SaveState {
  /** Bumped by every edit. */
  revision: number;
  /** The revision the server last confirmed. */
  saved: number;
  /** The revision being sent, if a save is under way. */
  sending: number | null;
  failed: boolean;
}

export const initialSaveState: SaveState = { revision: 0, saved: 0, sending: null, failed: false };

export type SaveEvent =
  | { type: "edited" }
  | { type: "sent"; revision: number }
  | { type: "succeeded"; revision: number }
  | { type: "failed"; revision: number };

export function saveReducer(state: SaveState, event: SaveEvent): SaveState {
  switch (event.type) {
    case "edited":
      // A new edit is a new attempt: the failure stays shown only until the next save is tried.
      return { ...state, revision: state.revision + 1, failed: false };
    case "sent":
      return { ...state, sending: event.revision };
    case "succeeded":
      // An older answer arriving after a newer one must not move the saved revision back.
      return { ...state, sending: null, failed: false, saved: Math.max(state.saved, event.revision) };
    case "failed":
      return { ...state, sending: null, failed: true };
  }
}

export const isDirty = (s: SaveState) => s.revision !== s.saved;

export type SaveStatus = "saved" | "pending" | "saving" | "failed";

export function saveStatus(s: SaveState): SaveStatus {
  if (s.sending !== null) return "saving";
  if (s.failed && isDirty(s)) return "failed";
  return isDirty(s) ? "pending" : "saved";
}
