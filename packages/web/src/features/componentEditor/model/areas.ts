// Clickable areas of a piece (admin-decks-editor.md sections 3, 5): named rectangles in the piece's own
// coordinates. New ones sit at 0, 0, 100 x 100 under a numbered name; an area is saved only when its
// name or position changed, with its numbers coerced. Pure.
import type { ClickableArea, Json } from "@tt/engine";
import { MESSAGES } from "./messages";
import { done, type Outcome, refused } from "./outcome";
import { isPiece } from "./tree";

export type Areas = { [name: string]: Json };

export const NEW_AREA_PREFIX = "new-area-";
export const NEW_AREA: ClickableArea = { left: 0, top: 0, width: 100, height: 100 };
const FIELDS = ["left", "top", "width", "height"] as const;

export const asAreas = (value: Json | undefined): Areas => (isPiece(value) ? value : {});

/** Any value as a number: numeric text counts, everything else is 0. */
export function coerceNumber(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

export function areaOf(areas: Areas, name: string): ClickableArea {
  const a = isPiece(areas[name]) ? (areas[name] as { [k: string]: Json }) : {};
  return {
    left: coerceNumber(a.left),
    top: coerceNumber(a.top),
    width: coerceNumber(a.width),
    height: coerceNumber(a.height),
  };
}

export function newAreaName(areas: Areas): string {
  let n = 1;
  while (Object.hasOwn(areas, `${NEW_AREA_PREFIX}${n}`)) n++;
  return `${NEW_AREA_PREFIX}${n}`;
}

export function addArea(areas: Areas): { areas: Areas; name: string } {
  const name = newAreaName(areas);
  return { areas: { ...areas, [name]: { ...NEW_AREA } }, name };
}

export function removeArea(areas: Areas, name: string): Areas {
  const next = { ...areas };
  delete next[name];
  return next;
}

/** An area card's edit mode: the name and the four fields as typed. */
export interface AreaDraft {
  name: string;
  left: string;
  top: string;
  width: string;
  height: string;
}

export function areaDraft(areas: Areas, name: string): AreaDraft {
  const a = areaOf(areas, name);
  return { name, left: String(a.left), top: String(a.top), width: String(a.width), height: String(a.height) };
}

export function draftArea(draft: AreaDraft): ClickableArea {
  return Object.fromEntries(FIELDS.map((f) => [f, coerceNumber(draft[f])])) as unknown as ClickableArea;
}

/** Why the draft cannot be saved: an empty name, or the name of another area. */
export function areaProblem(areas: Areas, name: string, draft: AreaDraft): string | null {
  const next = draft.name.trim();
  if (next === "") return MESSAGES.nameEmpty;
  if (next !== name && Object.hasOwn(areas, next)) return MESSAGES.nameExists;
  return null;
}

/** Only a changed name or position is worth a save. */
export function areaChanged(areas: Areas, name: string, draft: AreaDraft): boolean {
  if (draft.name.trim() !== name) return true;
  const before = areaOf(areas, name);
  const after = draftArea(draft);
  return FIELDS.some((f) => before[f] !== after[f]);
}

/** Saves the draft in the area's place (the list keeps its order), with numbers coerced. */
export function saveArea(areas: Areas, name: string, draft: AreaDraft): Outcome<Areas> {
  const problem = areaProblem(areas, name, draft);
  if (problem) return refused(problem);
  if (!areaChanged(areas, name, draft)) return refused("Nothing changed");
  const newName = draft.name.trim();
  const next: Areas = {};
  for (const [k, v] of Object.entries(areas)) {
    if (k === name) next[newName] = { ...draftArea(draft) };
    else next[k] = v;
  }
  return done(next);
}
