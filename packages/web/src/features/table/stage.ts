// Pure helpers of the game view: the stage's height, where the pointer is in board units, the game's
// message for the status bar and the state buttons shown.

import {
  type Button,
  componentInfo,
  findPlayer,
  type GameState,
  type PieceLibrary,
  PLAYERS_POSITION,
  positionSets,
  type RuleContext,
  type RuleModule,
  type Situation,
  showsPlayerButtons,
} from "@tt/engine";
import { noInstructions } from "./statusBar";

/** Where the pointer is, in board units from the game area's top left corner (where the board is). */
export function pointInArea(area: HTMLElement, clientX: number, clientY: number, scale: number) {
  const rect = area.getBoundingClientRect();
  return { x: Math.round((clientX - rect.left) / scale), y: Math.round((clientY - rect.top) / scale) };
}

/** A root without position sets stacks its children (see RootFlow): the stage is as tall as they are. */
export function flowHeight(situation: Situation, pieces: PieceLibrary): number | null {
  const root = situation.root;
  const info = componentInfo(pieces, root, situation);
  if (Object.keys(positionSets(info)).length > 0) return null;
  let height = 20;
  for (const [name, children] of Object.entries(root.children)) {
    if (name === PLAYERS_POSITION) continue;
    for (const child of Array.isArray(children) ? children : Object.values(children))
      height += componentInfo(pieces, child, situation).height + 20;
  }
  return height > 20 ? Math.min(height, info.height) : null;
}

/** The game's own words for the state (its module may say whose turn it is); the plain message else. */
export function gameMessage(
  module: RuleModule,
  project: RuleContext,
  situation: Situation,
  seat: string,
  state: GameState,
): string {
  try {
    const text = module.stateMessage(situation, seat, project);
    if (text !== "") return text;
  } catch {
    // A failing rule script falls back to the state's own message.
  }
  return state.message !== "" ? state.message : noInstructions(state.activePlayer, seat);
}

/**
 * The state's buttons in the status bar: the players' when the engine shows them, edit mode's too.
 * Out of turn a seated player still sees the ones any seat may press (`anyTurn`: Resign).
 */
export function stateButtons(
  situation: Situation,
  state: GameState,
  seat: string,
  editMode: boolean,
): Button[] {
  const players = showsPlayerButtons(situation, seat, editMode)
    ? state.buttons
    : situation.ended || findPlayer(situation, seat) === undefined
      ? []
      : state.buttons.filter((b) => b.anyTurn === true);
  return [...players, ...(editMode ? state.editModeButtons : [])];
}
