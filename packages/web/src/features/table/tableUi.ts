// The table page's UI flags as plain data changed by one pure reducer: the modes the player switches,
// the panels and dialogs that are open, the zoom lens and the hover tooltip. Nothing here is a rule
// of the game (the session and the engine hold those); a change that changes nothing returns the
// same state, so React skips the render.

import type { Button as StateButton } from "@tt/engine";
import { LENS, stepLens } from "./settings";

/** A deck or bank whose contents are asked for (right-click); the nonce reopens the same one. */
export interface Inspecting {
  id: string;
  name: string;
  mayLook: boolean;
  nonce: number;
}

export interface Tooltip {
  text: string;
  x: number;
  y: number;
}

export interface InviteShown {
  color: string;
  link: string;
}

/** What can be shown or hidden beside and over the board. */
export type Panel = "chat" | "log" | "help" | "settings";

export interface TableUi {
  /** Asked for; the table's mode must allow it too (the page reads it through editModeAllowed). */
  editMode: boolean;
  cheatMode: boolean;
  /** A privileged watcher asked for the full view (the server decides). */
  fullView: boolean;
  panels: Record<Panel, boolean>;
  lens: { on: boolean; scale: number };
  tooltip: Tooltip | null;
  /** The contents dialog of a deck or bank. */
  inspecting: Inspecting | null;
  /** A state button waiting for its confirmation. */
  confirming: StateButton | null;
  /** A demo-invite link just made, shown until closed. */
  invite: InviteShown | null;
}

export type TableUiAction =
  | { type: "edit mode"; on: boolean }
  | { type: "cheat mode"; on: boolean }
  | { type: "full view"; on: boolean }
  | { type: "panel"; panel: Panel; open: boolean }
  | { type: "toggle panel"; panel: Panel }
  /** A chat message was sent: the chat closes when the player's setting says so. */
  | { type: "chat sent"; closeChat: boolean }
  | { type: "lens"; on: boolean }
  /** Alt + wheel: the lens magnification one step up or down. */
  | { type: "lens scale"; direction: 1 | -1 }
  | { type: "tooltip"; tooltip: Tooltip | null }
  | { type: "inspect"; target: Inspecting | null }
  | { type: "confirm"; button: StateButton | null }
  | { type: "invite"; invite: InviteShown | null };

export const INITIAL_TABLE_UI: TableUi = {
  editMode: false,
  cheatMode: false,
  fullView: false,
  panels: { chat: true, log: true, help: false, settings: false },
  lens: { on: false, scale: LENS.scale },
  tooltip: null,
  inspecting: null,
  confirming: null,
  invite: null,
};

/** The state with one field set, or the same state when the field holds that value already. */
function withField<K extends keyof TableUi>(state: TableUi, key: K, value: TableUi[K]): TableUi {
  return Object.is(state[key], value) ? state : { ...state, [key]: value };
}

function withPanel(state: TableUi, panel: Panel, open: boolean): TableUi {
  return state.panels[panel] === open ? state : { ...state, panels: { ...state.panels, [panel]: open } };
}

export function tableUi(state: TableUi, action: TableUiAction): TableUi {
  switch (action.type) {
    case "edit mode":
      return withField(state, "editMode", action.on);
    case "cheat mode":
      return withField(state, "cheatMode", action.on);
    case "full view":
      return withField(state, "fullView", action.on);
    case "panel":
      return withPanel(state, action.panel, action.open);
    case "toggle panel":
      return withPanel(state, action.panel, !state.panels[action.panel]);
    case "chat sent":
      return action.closeChat ? withPanel(state, "chat", false) : state;
    case "lens":
      return state.lens.on === action.on ? state : { ...state, lens: { ...state.lens, on: action.on } };
    case "lens scale": {
      const scale = stepLens(state.lens.scale, action.direction);
      return scale === state.lens.scale ? state : { ...state, lens: { ...state.lens, scale } };
    }
    case "tooltip":
      return withField(state, "tooltip", action.tooltip);
    case "inspect":
      return withField(state, "inspecting", action.target);
    case "confirm":
      return withField(state, "confirming", action.button);
    case "invite":
      return withField(state, "invite", action.invite);
  }
}
