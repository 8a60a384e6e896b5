import { ownerOf } from "./access.js";
import {
  type ComponentInfo,
  componentInfo,
  type DisplayMode,
  type PieceLibrary,
  positionSet,
} from "./component-info.js";
import type { Situation } from "./situation.js";
import { findComponent } from "./tree.js";

/** What a seat sees of a component: its face, its back, or nothing at all. */
export type Visibility = "face" | "back" | "hidden";

/**
 * The display mode that governs a component: its position's mode when the position set has one,
 * otherwise, for cards, their container's mode. Tokens and boards show to everyone unless their
 * position says otherwise, so a piece default of 'owningPlayerOnly' keeps hands private without
 * hiding every meeple on a player board.
 */
function governingMode(
  parentInfo: ComponentInfo,
  positionName: string,
  isCard: boolean,
): DisplayMode | undefined {
  return positionSet(parentInfo, positionName)?.displayMode ?? (isCard ? parentInfo.displayMode : undefined);
}

export function visibilityFor(
  situation: Situation,
  pieces: PieceLibrary,
  componentId: string,
  seat: string,
  editMode: boolean,
): Visibility {
  const component = findComponent(situation.root, componentId);
  if (component === undefined) return "hidden";
  const own = componentInfo(pieces, component, situation);
  if (own.hidden === true) return "hidden";
  if (own.displayMode === "editModeOnly" && !editMode) return "hidden";
  if (component.parent !== null && component.childData !== null) {
    const parent = findComponent(situation.root, component.parent);
    if (parent !== undefined) {
      const mode = governingMode(
        componentInfo(pieces, parent, situation),
        component.childData.positionName,
        component.type === "card",
      );
      const owner = ownerOf(situation, component.id);
      const isOwner = owner === null || owner === seat;
      if (mode === "editModeOnly" && !editMode) return "hidden";
      if (mode === "owningPlayerOnly" && !isOwner && !editMode) return "hidden";
      if (mode === "opponentCardBack" && !isOwner && !editMode) return "back";
    }
  }
  if (component.options.facedown === true) {
    return component.options.cardUnflippedFor?.includes(seat) === true ? "face" : "back";
  }
  return "face";
}
