// What one component node of the board shows, as plain data: a pure function of the component, the
// situation and the viewer's env, so the node itself only binds it to the DOM (and it is testable
// without one). The rules' answers (visibility, highlights, clickable) come in; nothing is decided here.

import {
  activeState,
  type CardRow,
  type Component,
  type ComponentInfo,
  type Container,
  cardNameOf,
  componentInfo,
  type Deck,
  PLAYERS_POSITION,
  type Situation,
  type Visibility,
  visibilityFor,
} from "@tt/engine";
import { tableCardFace } from "../../lib/cards/tableCard";
import type { BoardEnv } from "./boardEnv";
import { type Placed, placeChildren, positionSlots, type Slot } from "./layout";

/** The parts of the env a node's view reads (the rest are callbacks and motion). */
export type ViewEnv = Pick<
  BoardEnv,
  "pieces" | "seat" | "editMode" | "reveal" | "selected" | "highlights" | "clickable" | "decks"
>;

export interface UnplacedGroup {
  positionName: string;
  children: Component[];
}

export interface ComponentView {
  info: ComponentInfo;
  visibility: Visibility;
  /** Not drawn at all: hidden by its info, or a piece this viewer may not see. */
  hidden: boolean;
  /** The image drawn: the face, the card back or nothing (""). */
  image: string;
  /** A card drawn from its deck's template (face, or the deck's reverse side). */
  template: { deck: Deck; row: CardRow } | null;
  /** 'Cannot find deck named ...' and the like, instead of a blank card. */
  message: string | null;
  /** The clickable spots of its positions (a bank is one target: none). */
  slots: Slot[];
  /** Children drawn at their positions. */
  placed: Placed[];
  /** Children in positions its info does not define. */
  unplaced: UnplacedGroup[];
  container: Container | undefined;
  selected: boolean;
  highlighted: boolean;
  /** A var-display's label and value. */
  caption: string;
  showsCaption: boolean;
  /** The rules let this seat click it now: a tab stop that takes Enter. */
  canClick: boolean;
  /** A leaf, a deck or a bank it may click is a button; a component holding others stays a group. */
  asButton: boolean;
  /** Right-click lists a deck's or a bank's contents. */
  inspectable: boolean;
  /** What a screen reader says for it. */
  name: string;
  /** Drawn enlarged under the pointer (its info's hoverZoom), when its face shows. */
  hoverZoom: boolean;
  /** The container the game state forces open (forceExpandedContainer): every piece spread, in view. */
  expanded: boolean;
}

/** The active state names this container (by id or by name) to be shown expanded. */
export function isForcedExpanded(component: Component, s: Situation): boolean {
  const named = activeState(s).forceExpandedContainer;
  return typeof named === "string" && named !== "" && (named === component.id || named === component.name);
}

/**
 * The page draws the player areas beside the board (PlayerAreas), hands and all. Drawn where the
 * root's 'players' position puts them as well, every area would be on the page twice under one id:
 * two tab stops per card, and each redraw would fly a hand from one copy to the other.
 */
function drawnHere(component: Component, positionName: string): boolean {
  return component.parent !== null || positionName !== PLAYERS_POSITION;
}

export function componentView(component: Component, s: Situation, env: ViewEnv): ComponentView {
  const info = componentInfo(env.pieces, component, s);
  // A placeholder is what the server sent instead of a piece this viewer may not see: drawn as its
  // back or not at all, whatever edit mode says. The full view (a privileged watcher) shows all faces.
  const visibility =
    component.placeholder ??
    (env.reveal === true ? "face" : visibilityFor(s, env.pieces, component.id, env.seat, env.editMode));
  const image =
    visibility === "back" ? info.cardBack || (component.type === "card" ? "" : info.image) : info.image;
  const expanded = isForcedExpanded(component, s);
  const children = placeChildren(component, info, { expanded });
  // A bank shows its count, not its tokens; a deck only its piles, never a row of every card (unless
  // the game state forces it open).
  const placed =
    component.type === "bank" && !expanded
      ? []
      : children.placed.filter((p) => drawnHere(component, p.positionName));
  const unplaced = component.type === "bank" || component.type === "deck" ? [] : children.unplaced;
  const face = component.type === "card" ? tableCardFace(env.decks, component.options) : null;
  const template = face?.kind === "template" ? face : null;
  const label = component.options.label;
  const value = component.variables?.value;
  const shown = value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  const canClick = env.clickable.has(component.id);
  const holdsOthers = placed.length > 0 || unplaced.length > 0 || Object.keys(info.clickableAreas).length > 0;
  return {
    info,
    visibility,
    hidden: info.hidden === true || visibility === "hidden",
    image,
    // A face-down templated card shows its reverse side when the deck has reverse rules, else the back.
    template:
      template === null || (visibility === "back" && template.deck.rulesRev.length === 0)
        ? null
        : { deck: template.deck, row: template.row },
    // A card of a deck the table lacks says so, unless it lies face down under a back of its own.
    message: face?.kind === "message" && !(visibility === "back" && image !== "") ? face.message : null,
    // A deck's piles can be clicked even when empty (a card played onto an empty discard pile).
    slots:
      component.type === "bank"
        ? []
        : positionSlots(info).filter((p) => drawnHere(component, p.positionName)),
    placed,
    unplaced,
    container: s.containers[component.id],
    selected: env.selected === component.id,
    highlighted: env.highlights.has(component.id),
    caption: [label ?? "", shown].filter((part) => part !== "").join(" "),
    showsCaption: component.type === "var-display" && (label !== undefined || value !== undefined),
    canClick,
    asButton: canClick && !holdsOthers,
    inspectable: component.type === "deck" || component.type === "bank",
    name: accessibleName(component, visibility, s.deckData),
    // A face-down card enlarged would show nothing more than its back.
    hoverZoom: info.hoverZoom === true && visibility === "face",
    expanded,
  };
}

/** What a screen reader says for a component: a card's face when it shows, else only that it is face down. */
export function accessibleName(
  component: Component,
  visibility: string,
  decks: Situation["deckData"],
): string {
  const label = component.options.label;
  if (component.type !== "card") return typeof label === "string" && label !== "" ? label : component.name;
  if (visibility === "back") return "face-down card";
  const { deckName, cardId } = component.options;
  // Its sheet's name column where there is one (cardNameOf), else its ID.
  const row =
    deckName === undefined || cardId === undefined
      ? undefined
      : decks[deckName]?.cards.find((c) => c.cardId === cardId);
  const face = typeof label === "string" && label !== "" ? label : row ? cardNameOf(row as CardRow) : cardId;
  return face === undefined || face === null || face === "" ? "card" : `${String(face)} card`;
}
