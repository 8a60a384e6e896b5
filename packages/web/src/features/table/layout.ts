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

/**
 * Places a component's children by its position sets: keyed slots at their coordinates, multi
 * positions spread by multiOffsets from their first coordinate, multi-piles stacked (top few drawn).
 * Children in a position the info does not define are returned in `unplaced`.
 */
export function placeChildren(
  component: Component,
  info: ComponentInfo,
): { placed: Placed[]; unplaced: { positionName: string; children: Component[] }[] } {
  const sets = positionSets(info);
  const placed: Placed[] = [];
  const unplaced: { positionName: string; children: Component[] }[] = [];
  for (const [positionName, children] of Object.entries(component.children)) {
    const set = sets[positionName];
    const list = Array.isArray(children) ? children : Object.values(children);
    if (set === undefined) {
      if (list.length > 0) unplaced.push({ positionName, children: list });
      continue;
    }
    const scale = set.scaleMult ?? 1;
    const coords = positionCoords(set);
    if (Array.isArray(children)) {
      const origin = coords[0]?.[1] ?? { x: 0, y: 0 };
      // Decks stack every pile: a deck is drawn as its top cards, never spread.
      if (set.multiPile === true || component.type === "deck") {
        const from = Math.max(0, children.length - PILE_DRAWN);
        children.slice(from).forEach((child, i) => {
          placed.push({ child, positionName, x: origin.x, y: origin.y, scale, index: from + i });
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
    const byKey = new Map(coords);
    Object.entries(children).forEach(([slot, child], i) => {
      const at = byKey.get(slot) ?? coords[0]?.[1] ?? { x: 0, y: 0 };
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
 * Player areas: the active player's at full size, the others shrunk (spec: 'the active one is
 * enlarged, the others shrunk'); the viewer's own area never shrinks, so their hand stays readable
 * while others play.
 */
export const AREA_SCALE = { active: 1, other: 0.6 } as const;

export function areaScale(isActive: boolean, isOwn = false): number {
  return isActive || isOwn ? AREA_SCALE.active : AREA_SCALE.other;
}

/** CSS colour of a player colour name (spec section 3 hex values). */
export function colourHex(colour: string, table: Record<string, string>): string {
  const hex = table[colour];
  return hex === undefined ? "#9e9e9e" : `#${hex}`;
}

/**
 * What a screen reader calls a place a piece can go: its position's name, or its slot's name when the
 * slot has one of its own ('e4'); a numbered slot says which position it is in ('row 2', not '2').
 */
export function positionLabel(positionName: string, slot: string | null): string {
  if (slot === null) return positionName;
  return /^\d+$/.test(slot) ? `${positionName} ${slot}` : slot;
}
