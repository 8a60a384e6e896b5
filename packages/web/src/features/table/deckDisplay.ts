// The sizes and pieces of the deck display (game-table.md sections 2 and 9): what right-click on a deck
// or bank shows, drawn at the spec's sizes (a card 190 high and 0.7 of that wide; the expanded card
// grid 400 wide), each piece as the server sent it to this viewer.
import { type Component, DECK_DISPLAY, type Situation } from "@tt/engine";
import { type ComponentView, componentView, type ViewEnv } from "./componentView";

export interface Size {
  width: number;
  height: number;
}

/** A pile's top card in the deck display: 190 high, 0.7 of that wide (133). */
export const DISPLAY_CARD: Size = {
  width: Math.round(DECK_DISPLAY.height * DECK_DISPLAY.widthRatio),
  height: DECK_DISPLAY.height,
};

export const GRID_COLUMNS = 4;
export const GRID_GAP = 8;

/** A card of the expanded grid: the columns and gaps fill its 400 px, at the display's proportions. */
export function gridCardSize(columns = GRID_COLUMNS, gap = GRID_GAP): Size {
  const width = (DECK_DISPLAY.expandedGridWidth - gap * (columns - 1)) / columns;
  return { width, height: Math.round(width / DECK_DISPLAY.widthRatio) };
}

/** The top of a pile is its end: cards are returned to the top by appending them. */
export function pileTop(pile: readonly Component[]): Component | null {
  return pile.at(-1) ?? null;
}

/**
 * How one piece of the contents is drawn, at `size`. The server already decided what this viewer may
 * see: a placeholder is drawn as it says (its back, or nothing), every other piece face up.
 */
export function contentView(
  component: Component,
  situation: Situation,
  env: ViewEnv,
  size: Size,
): ComponentView {
  const view = componentView(component, situation, { ...env, reveal: true });
  return { ...view, info: { ...view.info, width: size.width, height: size.height } };
}
