// The coordinates of a position set (admin-decks-editor.md sections 2, 3, 5): a list (reordered by
// dragging or with the keyboard) or a map keyed by name. Each coordinate is a centre {x, y}; its combined
// id is '{x}:{y}'. Pure: new sets out, inputs left unchanged.
import { type Coord, coordId, type Json } from "@tt/engine";
import { clampCoord, clampIndex } from "./clamps";
import { COORD_MAX } from "./limits";
import { MESSAGES } from "./messages";
import { done, type Outcome, refused } from "./outcome";
import type { PositionSetValue } from "./positions";
import { isPiece } from "./tree";

export { coordId };

export interface CoordEntry {
  /** The index as text for a list, the name for a map. */
  key: string;
  coord: Coord;
}

export const isNamed = (set: PositionSetValue) => isPiece(set.coords);

function toCoord(value: Json | undefined): Coord {
  const c = isPiece(value) ? value : {};
  return { x: typeof c.x === "number" ? c.x : 0, y: typeof c.y === "number" ? c.y : 0 };
}

export function coordEntries(set: PositionSetValue): CoordEntry[] {
  const coords = set.coords;
  if (Array.isArray(coords)) return coords.map((c, i) => ({ key: String(i), coord: toCoord(c) }));
  if (isPiece(coords)) return Object.entries(coords).map(([key, c]) => ({ key, coord: toCoord(c) }));
  return [];
}

/** Coordinates are whole numbers from -10000 to 10000. */
export const clampPoint = (c: Coord): Coord => ({
  x: clampCoord(Math.round(c.x)),
  y: clampCoord(Math.round(c.y)),
});

const point = (c: Coord): Json => ({ ...clampPoint(c) });

/** The first free name 'p1', 'p2', ... for a new named coordinate. */
export function nextCoordName(set: PositionSetValue): string {
  const taken = new Set(coordEntries(set).map((e) => e.key));
  let n = 1;
  while (taken.has(`p${n}`)) n++;
  return `p${n}`;
}

/** Appends a coordinate (named p1, p2, ... in a map); answers the set and the new entry's key. */
export function addCoord(set: PositionSetValue, coord: Coord): { set: PositionSetValue; key: string } {
  const coords = set.coords;
  if (isPiece(coords)) {
    const key = nextCoordName(set);
    return { set: { ...set, coords: { ...coords, [key]: point(coord) } }, key };
  }
  const list = Array.isArray(coords) ? coords : [];
  return { set: { ...set, coords: [...list, point(coord)] }, key: String(list.length) };
}

/**
 * Where 'Add coordinate' puts a new coordinate: the centre of the piece, else the nearest free point of
 * a coarse grid (a tenth of each dim) around it, so that new coordinates never share an id ('{x}:{y}').
 */
export function freeSpot(set: PositionSetValue, [w, h]: [number, number]): Coord {
  const taken = new Set(coordEntries(set).map((e) => coordId(e.coord)));
  const centre = clampPoint({ x: w / 2, y: h / 2 });
  const step = { x: Math.max(1, Math.round(w / 10)), y: Math.max(1, Math.round(h / 10)) };
  // Ring by ring round the centre; five rings reach the piece's edges.
  for (let ring = 0; ring <= 5; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const p = clampPoint({ x: centre.x + dx * step.x, y: centre.y + dy * step.y });
        if (!taken.has(coordId(p))) return p;
      }
    }
  }
  // Every grid point is taken: the first free unit to the right of the centre.
  for (let x = centre.x + 1; x <= COORD_MAX; x++) {
    if (!taken.has(coordId({ x, y: centre.y }))) return { x, y: centre.y };
  }
  return centre;
}

/** Moves an existing coordinate to a point (a canvas click while it is selected). */
export function moveCoord(set: PositionSetValue, key: string, coord: Coord): PositionSetValue {
  const coords = set.coords;
  if (Array.isArray(coords)) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= coords.length) return set;
    return { ...set, coords: coords.map((c, j) => (j === i ? point(coord) : c)) };
  }
  if (isPiece(coords) && Object.hasOwn(coords, key))
    return { ...set, coords: { ...coords, [key]: point(coord) } };
  return set;
}

/** Moves the list item at `from` to `to` (clamped), the others keeping their order. */
export function reorderCoords(set: PositionSetValue, from: number, to: number): PositionSetValue {
  const coords = set.coords;
  if (!Array.isArray(coords) || from < 0 || from >= coords.length) return set;
  const target = clampIndex(to, coords.length);
  if (target === from) return set;
  const list = [...coords];
  const [item] = list.splice(from, 1);
  list.splice(target, 0, item as Json);
  return { ...set, coords: list };
}

export function removeCoord(set: PositionSetValue, key: string): PositionSetValue {
  const coords = set.coords;
  if (Array.isArray(coords)) return { ...set, coords: coords.filter((_, i) => String(i) !== key) };
  if (isPiece(coords) && Object.hasOwn(coords, key)) {
    const next = { ...coords };
    delete next[key];
    return { ...set, coords: next };
  }
  return set;
}

/** What a coordinate row's edit mode holds: the new key (index or name) and the point. */
export interface CoordDraft {
  key: string;
  x: number;
  y: number;
}

/**
 * Saves a coordinate row. A list item goes to its (clamped) index; a named one may be renamed, but not
 * onto the name of another coordinate. Answers the set and the entry's key afterwards.
 */
export function saveCoord(
  set: PositionSetValue,
  key: string,
  draft: CoordDraft,
): Outcome<{ set: PositionSetValue; key: string }> {
  const coords = set.coords;
  if (Array.isArray(coords)) {
    const from = Number(key);
    const to = clampIndex(Number(draft.key) || 0, coords.length);
    const moved = reorderCoords(moveCoord(set, key, draft), from, to);
    return done({ set: moved, key: String(to) });
  }
  if (!isPiece(coords)) return refused(`There is no coordinate ${key}.`);
  const name = draft.key.trim();
  if (name === "") return refused(MESSAGES.nameEmpty);
  if (name !== key && Object.hasOwn(coords, name)) return refused(MESSAGES.coordTaken);
  const next: { [name: string]: Json } = {};
  for (const [k, c] of Object.entries(coords)) next[k === key ? name : k] = k === key ? point(draft) : c;
  return done({ set: { ...set, coords: next }, key: name });
}

/**
 * The row selected for moving, once the list item at `from` went to `to`: the selection follows its
 * coordinate (the items in between shift by one), so it never ends up naming another coordinate.
 */
export function followSelection(selected: string | null, from: number, to: number): string | null {
  if (selected === null || from === to) return selected;
  const s = Number(selected);
  if (!Number.isInteger(s)) return selected;
  if (s === from) return String(to);
  if (from < to && s > from && s <= to) return String(s - 1);
  if (to < from && s >= to && s < from) return String(s + 1);
  return selected;
}

/**
 * Saves a coordinate row (saveCoord) and answers the row selected for moving afterwards: in a list the
 * saved item may have changed index, and the selection follows whichever coordinate it named; in a map
 * a renamed selection takes the new name.
 */
export function saveCoordRow(
  set: PositionSetValue,
  key: string,
  draft: CoordDraft,
  selected: string | null,
): Outcome<{ set: PositionSetValue; selected: string | null }> {
  const saved = saveCoord(set, key, draft);
  if (!saved.ok) return saved;
  const next = Array.isArray(set.coords)
    ? followSelection(selected, Number(key), Number(saved.value.key))
    : selected === key
      ? saved.value.key
      : selected;
  return done({ set: saved.value.set, selected: next });
}
