import { ownerOf } from "./access.js";
import {
  type DisplayMode,
  type PieceLibrary,
  positionSet,
  type VisibilityInfo,
  visibilityInfo,
} from "./component-info.js";
import type { Component, Situation } from "./situation.js";
import { findComponent } from "./tree.js";

/** What a seat sees of a component: its face, its back, or nothing at all. */
export type Visibility = "face" | "back" | "hidden";

/**
 * The display mode that governs a component: its position's mode when the position set has one,
 * otherwise, for cards, their container's mode. Tokens and boards show to everyone unless their
 * position says otherwise, so a piece default of 'owningPlayerOnly' keeps hands private without
 * hiding every meeple on a player board. Undefined for the root (no parent).
 */
export function governingMode(
  component: Component,
  parentInfo: VisibilityInfo | undefined,
): DisplayMode | undefined {
  if (parentInfo === undefined || component.childData === null) return undefined;
  const set = positionSet(parentInfo, component.childData.positionName);
  return set?.displayMode ?? (component.type === "card" ? parentInfo.displayMode : undefined);
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
  const parent = component.parent === null ? undefined : findComponent(situation.root, component.parent);
  return seenAs(
    component,
    visibilityInfo(pieces, component, situation),
    governingMode(component, parent === undefined ? undefined : visibilityInfo(pieces, parent, situation)),
    ownerOf(situation, component.id),
    seat,
    editMode,
  );
}

/**
 * visibilityFor with the lookups done by the caller: the component's own info, the display mode its
 * place gives it (governingMode) and its owner. A walk over the whole tree (who saw what before and
 * after a turn) resolves each of them once per component instead of once per seat.
 */
export function seenAs(
  component: Component,
  own: VisibilityInfo,
  mode: DisplayMode | undefined,
  owner: string | null,
  seat: string,
  editMode: boolean,
): Visibility {
  if (own.hidden === true) return "hidden";
  // A card shown to this seat (component reveal forPlayers, a look in edit mode) shows its face to
  // it wherever it lies, until it is shuffled or turned face down again.
  const shown = component.options.cardUnflippedFor?.includes(seat) === true;
  return seenWith(
    own,
    mode,
    component.options.facedown === true,
    shown,
    owner === null || owner === seat,
    editMode,
  );
}

/**
 * seenAs with the viewer's part worked out: whether the component was shown to it, and whether it
 * owns the place (no owner: everyone does). A walk over a whole tree asks this once per component
 * for each combination and then only looks the answer up per viewer.
 */
export function seenWith(
  own: VisibilityInfo,
  mode: DisplayMode | undefined,
  facedown: boolean,
  shown: boolean,
  isOwner: boolean,
  editMode: boolean,
): Visibility {
  if (own.hidden === true) return "hidden";
  if (own.displayMode === "editModeOnly" && !editMode && !shown) return "hidden";
  if (mode !== undefined && !editMode && !shown) {
    if (mode === "editModeOnly") return "hidden";
    if (mode === "owningPlayerOnly" && !isOwner) return "hidden";
    if (mode === "opponentCardBack" && !isOwner) return "back";
  }
  if (facedown) return shown ? "face" : "back";
  return "face";
}
