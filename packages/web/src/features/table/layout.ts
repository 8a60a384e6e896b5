// Where things go on the board: pure helpers over component info (the engine's layout math). Position
// coordinates are centres in the parent's 'dims' frame.

import {
  boardExtent,
  type Component,
  type ComponentInfo,
  type Coord,
  hexSpiralOffsets,
  multiOffsets,
  type PositionSet,
  positionCoords,
  positionSets,
} from "@tt/engine";

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

/**
 * Player areas are drawn beside the board at a share of the board's scale, so the zoom setting scales
 * them with it. The active player's area is enlarged and the others shrunk (spec: 'the active one is
 * enlarged, the others shrunk'), the viewer's own as well as the others'. The viewer's own area is at
 * the board's size while it is their turn: the cards in their hand are as big as the cards on the
 * table (at 1400 x 900 the card template's 140-unit cards are 114 px wide), and a little smaller while
 * they wait. Of the others, the active player's is enlarged and the rest shrunk, small enough that
 * one's own area and an active opponent's still share one row under the card template's board, so the
 * row does not wrap and unwrap as turns pass.
 */
export const AREA_SCALE = { ownActive: 1, own: 0.8, active: 0.55, other: 0.45 } as const;

/**
 * The least scale (screen px per board unit) each area is drawn at: a tall board fitted to a short
 * window, or zoomed out, does not take the hands down with it. A 140-unit card in one's own hand stays
 * at least 105 px wide (its title and numbers readable without the zoom lens), a little more on one's
 * turn; the others' areas no smaller than they were before the areas followed the board.
 */
export const AREA_MIN_SCALE = { ownActive: 0.8, own: 0.75, active: 0.45, other: 0.36 } as const;

/** Screen px per board unit of a player's area, given the board's scale. */
export function areaScale(boardScale: number, isActive: boolean, isOwn = false): number {
  const kind = isOwn ? (isActive ? "ownActive" : "own") : isActive ? "active" : "other";
  return Math.max(AREA_MIN_SCALE[kind], boardScale * AREA_SCALE[kind]);
}

/**
 * The game area's least height: the board's height times the minimum extent of its player count
 * (spec section 4: 1, 1, 1.6, 1.6, 2.2 for 0 to 4 players), so the areas of more players get room
 * under the board without the page jumping as they are drawn.
 */
export function gameAreaMinHeight(boardHeightPx: number, playerCount: number): number {
  return boardHeightPx * boardExtent(playerCount);
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
