// Where things go on the board: pure helpers over component info (the engine's layout math). Position
// coordinates are centres in the parent's 'dims' frame.

import {
  type Component,
  type ComponentInfo,
  type Coord,
  hexSpiralOffsets,
  multiOffsets,
  type PositionSet,
  positionCoords,
  positionSets,
} from "@tt/engine";
import { MAX_FITTED_SCALE } from "./settings";

/** Image URL of a component-info image name: bare file names are the project's game assets. */
export function assetUrl(slug: string, name: string): string {
  if (name === "") return "";
  if (name.includes("/")) return name;
  return `/game-assets/${encodeURIComponent(slug)}/${encodeURIComponent(name)}`;
}

/** Size of an empty slot: the smallest distance between two coordinates of the set, else 80. */
export function slotSize(set: PositionSet): number {
  const coords = positionCoords(set).map(([, c]) => c);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < coords.length; i++) {
    for (let j = i + 1; j < coords.length; j++) {
      const a = coords[i] as Coord;
      const b = coords[j] as Coord;
      const d = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
      if (d > 0 && d < best) best = d;
    }
  }
  return Number.isFinite(best) ? Math.min(best, 200) : 80;
}

export interface Placed {
  child: Component;
  positionName: string;
  /** Centre in the parent's dims frame. */
  x: number;
  y: number;
  scale: number;
  /** Index inside a multi position (0 = bottom). */
  index: number;
}

/** How many cards of a pile are drawn: the top few, so a 60-card deck is not 60 nodes. */
export const PILE_DRAWN = 2;

/** Distance between neighbours of a multi-pile's hexagonal spiral when its set names no gapSize. */
export const PILE_SPIRAL_GAP = 16;

/** A container the game state forces open spreads its pieces this far apart (unless gapSize says). */
export const EXPANDED_GAP = 40;
/** ... and squeezes them into this length (unless maxSpread says), so a 60-card deck stays on the board. */
export const EXPANDED_MAX_SPREAD = 800;

/** How much a component with hoverZoom grows under the pointer. */
export const HOVER_ZOOM = 2;

/**
 * Places a component's children by its position sets: keyed slots at their coordinates, multi
 * positions spread by multiOffsets from their first coordinate, a deck's piles stacked (top few
 * drawn), other multi-piles heaped on a hexagonal spiral (spec section 4). A container shown
 * `expanded` (the game state's forceExpandedContainer) spreads every pile instead, each piece in view.
 * Children in a position the info does not define are returned in `unplaced`.
 */
export function placeChildren(
  component: Component,
  info: ComponentInfo,
  options: { expanded?: boolean } = {},
): { placed: Placed[]; unplaced: { positionName: string; children: Component[] }[] } {
  const sets = positionSets(info);
  const placed: Placed[] = [];
  const unplaced: { positionName: string; children: Component[] }[] = [];
  for (const [positionName, children] of Object.entries(component.children)) {
    const set = sets[positionName];
    const list = Array.isArray(children) ? children : Object.values(children);
    if (set === undefined && options.expanded === true) {
      // A container forced open without a set of its own for its pieces (a bank): spread over its middle.
      const [w, h] = info.positions.dims;
      const offsets = multiOffsets(list.length, { gapSize: EXPANDED_GAP, maxSpread: EXPANDED_MAX_SPREAD });
      list.forEach((child, i) => {
        const o = offsets[i] ?? { x: 0, y: 0 };
        placed.push({ child, positionName, x: w / 2 + o.x, y: h / 2 + o.y, scale: 1, index: i });
      });
      continue;
    }
    if (set === undefined) {
      if (list.length > 0) unplaced.push({ positionName, children: list });
      continue;
    }
    const scale = set.scaleMult ?? 1;
    const coords = positionCoords(set);
    if (Array.isArray(children)) {
      const origin = coords[0]?.[1] ?? { x: 0, y: 0 };
      if (options.expanded === true && (set.multiPile === true || set.multi === true)) {
        const offsets = multiOffsets(children.length, {
          gapSize: set.gapSize ?? EXPANDED_GAP,
          maxSpread: set.maxSpread ?? EXPANDED_MAX_SPREAD,
          ...(set.multiDirection === undefined ? {} : { multiDirection: set.multiDirection }),
        });
        children.forEach((child, i) => {
          const o = offsets[i] ?? { x: 0, y: 0 };
          placed.push({ child, positionName, x: origin.x + o.x, y: origin.y + o.y, scale, index: i });
        });
        continue;
      }
      // Decks stack every pile: a deck is drawn as its top cards, never spread.
      if (component.type === "deck") {
        const from = Math.max(0, children.length - PILE_DRAWN);
        children.slice(from).forEach((child, i) => {
          placed.push({ child, positionName, x: origin.x, y: origin.y, scale, index: from + i });
        });
        continue;
      }
      if (set.multiPile === true) {
        // A heap: the first piece in the middle, the next ones ring by ring around it, the last on top.
        const offsets = pileSpiral(children.length, set.gapSize ?? PILE_SPIRAL_GAP);
        children.forEach((child, i) => {
          const o = offsets[i] ?? { x: 0, y: 0 };
          placed.push({ child, positionName, x: origin.x + o.x, y: origin.y + o.y, scale, index: i });
        });
        continue;
      }
      if (set.multi !== true) {
        // A list position that is not multi: one child per coordinate.
        children.forEach((child, i) => {
          const at = coords[i]?.[1] ?? origin;
          placed.push({ child, positionName, x: at.x, y: at.y, scale, index: i });
        });
        continue;
      }
      const offsets = multiOffsets(children.length, set);
      children.forEach((child, i) => {
        const o = offsets[i] ?? { x: 0, y: 0 };
        placed.push({ child, positionName, x: origin.x + o.x, y: origin.y + o.y, scale, index: i });
      });
      continue;
    }
    const bySlot = new Map(coords);
    Object.entries(children).forEach(([slot, child], i) => {
      const at = bySlot.get(slot) ?? coords[0]?.[1] ?? { x: 0, y: 0 };
      placed.push({ child, positionName, x: at.x, y: at.y, scale, index: i });
    });
  }
  return { placed, unplaced };
}

export interface Slot {
  positionName: string;
  /** Slot key for keyed positions; null for a multi position (a pile or a spread). */
  slot: string | null;
  x: number;
  y: number;
  size: number;
}

/** Clickable targets of a component's positions: every slot of keyed sets, the anchor of multi sets. */
export function positionSlots(info: ComponentInfo): Slot[] {
  const out: Slot[] = [];
  for (const [positionName, set] of Object.entries(positionSets(info))) {
    const coords = positionCoords(set);
    const size = slotSize(set);
    if (set.multi === true || set.multiPile === true) {
      const first = coords[0]?.[1];
      if (first !== undefined) out.push({ positionName, slot: null, x: first.x, y: first.y, size });
      continue;
    }
    for (const [slot, c] of coords) out.push({ positionName, slot, x: c.x, y: c.y, size });
  }
  return out;
}

/** Offsets of piles laid on a hexagonal spiral (multi-piles without coordinates of their own). */
export function pileSpiral(count: number, spacing: number): Coord[] {
  return hexSpiralOffsets(count, spacing);
}

/** Width of the column beside the board on a wide window: the other seats' areas, the log and chat. */
export const SIDE_COLUMN_WIDTH = 300;

/** Px between the cards of a hand spread side by side. */
export const HAND_GAP = 8;

/**
 * A fanned hand still shows this share of each covered card: its left corner and, on cards that print
 * their name across the middle (the shipped ones), the name. Hover or focus raises the whole card.
 */
export const FAN_MIN_VISIBLE = 0.62;

/** How far a card of one's hand rises under the pointer or the focus, px; the strip keeps room for it. */
export const HAND_RAISE = 14;

/**
 * The px height of the cards in one's own hand: a share of the window's height, kept between a
 * readable least (a 140 x 200 card 101 px wide) and a most that leaves the board its room.
 */
export function handCardHeight(windowHeight: number, phone: boolean): number {
  return phone
    ? Math.min(130, Math.max(100, windowHeight * 0.15))
    : Math.min(190, Math.max(144, windowHeight * 0.19));
}

export interface HandSpread {
  /** Px from one card's left edge to the next one's. */
  step: number;
  /** Px from the first card's left edge to the last one's right edge. */
  width: number;
  /** The cards overlap (there was no room to lay them side by side). */
  fanned: boolean;
}

/**
 * How a hand of `count` cards `cardWidth` px wide lies in `room` px: side by side while they fit, else
 * fanned, each covered card still showing FAN_MIN_VISIBLE of itself; a hand too long even then is
 * wider than the room (its strip scrolls).
 */
export function handSpread(count: number, cardWidth: number, room: number): HandSpread {
  if (count <= 0) return { step: cardWidth + HAND_GAP, width: 0, fanned: false };
  const sideBySide = count * cardWidth + (count - 1) * HAND_GAP;
  if (count === 1 || sideBySide <= room)
    return { step: cardWidth + HAND_GAP, width: sideBySide, fanned: false };
  const step = Math.max(cardWidth * FAN_MIN_VISIBLE, (room - cardWidth) / (count - 1));
  return { step, width: cardWidth + step * (count - 1), fanned: true };
}

/**
 * The positions of a player's area drawn as their hand, in a strip of their own under the board: a
 * spread (multi, not a heap) of cards, or one hidden from the other players (opponentCardBack) even
 * while it is empty, so the strip is there before the first card comes.
 */
export function handPositions(area: Component, info: ComponentInfo): string[] {
  const out: string[] = [];
  for (const [name, set] of Object.entries(positionSets(info))) {
    if (set.multi !== true || set.multiPile === true) continue;
    const held = area.children[name];
    const list = held === undefined ? [] : Array.isArray(held) ? held : Object.values(held);
    const cards = list.length > 0 && list.every((c) => c.type === "card");
    if (cards || set.displayMode === "opponentCardBack") out.push(name);
  }
  return out;
}

/**
 * The scale of a player's area image (what is left of it when the hand is drawn apart): one's own at
 * most as tall as the hand's strip beside it, another player's fitted to the side column; the active
 * one among the others a little larger (the spec's 'the active one is enlarged'), never one's own, so
 * one's hand does not move under the pointer when the turn passes.
 */
export function areaImageScale(
  info: Pick<ComponentInfo, "width" | "height">,
  kind: "own" | "active" | "other",
  room: { width: number; height: number },
): number {
  const most = kind === "own" ? 0.8 : kind === "active" ? 0.5 : 0.4;
  return Math.max(0.05, Math.min(most, room.width / info.width, room.height / info.height));
}

export interface BoardFit {
  /** The game column's width, px: the board never runs wider. */
  columnWidth: number;
  stageWidth: number;
  stageHeight: number;
  windowHeight: number;
  /** The board's top, px from the top of the page (the bars above it). */
  top: number;
  /** Px kept under the board for one's own area (docked on a phone: nothing). */
  below: number;
  phone: boolean;
  /** The zoom setting, percent. */
  zoom: number;
}

/** The board is never fitted smaller than this many px tall (a very short window scrolls instead). */
export const MIN_BOARD_HEIGHT = 240;

/**
 * The board's scale: on a wide window as large as the game column's width and the window's height
 * (less the bars above and one's own area below) allow, so board and hand share one screen; on a
 * phone as wide as the screen. The zoom setting scales either.
 */
export function fitBoard(f: BoardFit): number {
  const w = Math.max(1, f.stageWidth);
  const h = Math.max(1, f.stageHeight);
  const byWidth = Math.max(1, f.columnWidth) / w;
  const base = f.phone
    ? byWidth
    : Math.min(MAX_FITTED_SCALE, byWidth, Math.max(MIN_BOARD_HEIGHT, f.windowHeight - f.top - f.below) / h);
  return base * (f.zoom / 100);
}

/** CSS colour of a player colour name (spec section 3 hex values). */
export function colorHex(color: string, table: Record<string, string>): string {
  const hex = table[color];
  return hex === undefined ? "#9e9e9e" : `#${hex}`;
}

/**
 * What a screen reader calls a place a piece can go: its position's name, or its slot's name when the
 * slot has one of its own ('e4'); a numbered slot says which position it is in ('row 2', not '2').
 */
export function positionLabel(positionName: string, slot: string | null): string {
  if (slot === null) return positionName;
  // A numbered slot, or a cell of a grid ('2:3', gridCoords), says which position it is in.
  return /^\d+(:\d+)?$/.test(slot) ? `${positionName} ${slot}` : slot;
}
