// The editable note of a feedback row (spec section 4): a saved state after a successful save,
// cleared on typing. A failed save is only logged (section 8); the typed text stays.

export interface NoteState {
  /** What the field shows. */
  draft: string;
  /** The last value the server holds. */
  stored: string;
  /** The value being saved, while a save is in flight. */
  saving: string | null;
  /** Show the saved state. */
  saved: boolean;
}

export type NoteAction =
  | { type: "edit"; text: string }
  | { type: "save-start" }
  | { type: "save-ok"; text: string }
  | { type: "save-failed" }
  /** A fresh value from the server (a refetch); adopted only when the user has no unsaved edit. */
  | { type: "server"; text: string };

export function initialNote(text: string): NoteState {
  return { draft: text, stored: text, saving: null, saved: false };
}

/** A save is due on blur or Enter only when the text differs from what the server holds. */
export function needsSave(state: NoteState): boolean {
  return state.saving === null && state.draft !== state.stored;
}

export function noteReducer(state: NoteState, action: NoteAction): NoteState {
  switch (action.type) {
    case "edit":
      return { ...state, draft: action.text, saved: false };
    case "save-start":
      return { ...state, saving: state.draft, saved: false };
    case "save-ok":
      // Typing during the save means the field no longer shows what was saved.
      return { ...state, stored: action.text, saving: null, saved: state.draft === action.text };
    case "save-failed":
      return { ...state, saving: null, saved: false };
    case "server":
      if (state.draft !== state.stored || state.saving !== null) return { ...state, stored: action.text };
      return { ...state, draft: action.text, stored: action.text };
  }
}
