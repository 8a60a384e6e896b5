// Position sets of a piece (admin-decks-editor.md sections 3, 5): names, the reserved dims entry, and the
// fields of one set. Coordinates are in coords.ts. Pure: new objects out, inputs left unchanged.
import type { Json } from "@tt/engine";
import { clampDim, clampScaleMult, clampSpread, degreesToRadians, radiansToDegrees } from "./clamps";
import { MESSAGES } from "./messages";
import { done, type Outcome, refused } from "./outcome";
import { parseNumber } from "./properties";
import { isPiece } from "./tree";

/** A positions value: the reserved 'dims' entry and the position sets by name. */
export type Positions = { [name: string]: Json };
/** One position set: coords, multi, gapSize, maxSpread, multiDirection, accepts, scaleMult, ... */
export type PositionSetValue = { [field: string]: Json };

export const DIMS = "dims";
export const DEFAULT_DIMS: [number, number] = [100, 100];

/** The positions of a piece branch; anything else reads as the default { dims: [100, 100] }. */
export function asPositions(value: Json | undefined): Positions {
  return isPiece(value) ? value : { dims: [...DEFAULT_DIMS] };
}

export function setNames(positions: Positions): string[] {
  return Object.keys(positions).filter((n) => n !== DIMS && isPiece(positions[n]));
}

export function setOf(positions: Positions, name: string): PositionSetValue | undefined {
  const set = positions[name];
  return name !== DIMS && isPiece(set) ? set : undefined;
}

/** Why a set name is refused; `renaming` names the set being renamed (section 5). */
export function setNameProblem(positions: Positions, name: string, renaming?: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return MESSAGES.nameEmpty;
  if (trimmed === DIMS) return MESSAGES.nameReserved;
  if (renaming !== undefined && trimmed.startsWith("__")) return MESSAGES.nameUnderscores;
  if (Object.hasOwn(positions, trimmed)) return MESSAGES.nameExists;
  return null;
}

/** A new set: an empty list of coordinates, or an empty map when its coordinates are named. */
export function addSet(positions: Positions, name: string, named = false): Outcome<Positions> {
  const problem = setNameProblem(positions, name);
  if (problem) return refused(problem);
  return done({ ...positions, [name.trim()]: { coords: named ? {} : [] } });
}

export function removeSet(positions: Positions, name: string): Outcome<Positions> {
  if (name === DIMS) return refused(MESSAGES.nameReserved);
  if (!setOf(positions, name)) return refused(`There is no position set named ${name}.`);
  const next = { ...positions };
  delete next[name];
  return done(next);
}

/** Renames a set where it stands, so the sets keep their order. */
export function renameSet(positions: Positions, from: string, to: string): Outcome<Positions> {
  if (!setOf(positions, from)) return refused(`There is no position set named ${from}.`);
  const problem = setNameProblem(positions, to, from);
  if (problem) return refused(problem);
  const next: Positions = {};
  for (const [name, value] of Object.entries(positions)) next[name === from ? to.trim() : name] = value;
  return done(next);
}

/** Dims are a two-element array of integers clamped to 1..1000, else 'Incorrect dims'. */
export function parseDims(value: unknown): Outcome<[number, number]> {
  if (!Array.isArray(value) || value.length !== 2) return refused(MESSAGES.incorrectDims);
  const numbers = value.map((v) =>
    typeof v === "number" ? v : typeof v === "string" ? parseNumber(v) : null,
  );
  const [w, h] = numbers;
  if (typeof w !== "number" || typeof h !== "number" || !Number.isFinite(w) || !Number.isFinite(h))
    return refused(MESSAGES.incorrectDims);
  return done([clampDim(w), clampDim(h)]);
}

/** Dims as typed: JSON ('[540, 540]') or two numbers separated by a comma or an 'x' ('540 x 540'). */
export function parseDimsText(text: string): Outcome<[number, number]> {
  try {
    return parseDims(JSON.parse(text));
  } catch {
    return parseDims(text.split(/\s*[,x]\s*/i).map((p) => p.trim()));
  }
}

export function dimsOf(positions: Positions): [number, number] {
  const dims = parseDims(positions[DIMS]);
  return dims.ok ? dims.value : [...DEFAULT_DIMS];
}

export const withDims = (positions: Positions, dims: [number, number]): Positions => ({
  ...positions,
  [DIMS]: dims,
});

/** The fields of a set as its card's edit mode holds them: numbers as typed, direction in degrees. */
export interface SetDraft {
  accepts: string[];
  multi: boolean;
  gapSize: string;
  maxSpread: string;
  direction: string;
  scaleMult: string;
}

const numberText = (v: Json | undefined) => (typeof v === "number" ? String(v) : "");

export function draftOf(set: PositionSetValue): SetDraft {
  return {
    accepts: Array.isArray(set.accepts) ? set.accepts.filter((a): a is string => typeof a === "string") : [],
    multi: set.multi === true,
    gapSize: numberText(set.gapSize),
    maxSpread: numberText(set.maxSpread),
    direction: typeof set.multiDirection === "number" ? String(radiansToDegrees(set.multiDirection)) : "",
    scaleMult: numberText(set.scaleMult),
  };
}

const NUMBER_FIELDS = [
  ["gapSize", "Gap size"],
  ["maxSpread", "Max spread"],
  ["direction", "Direction"],
  ["scaleMult", "Scale multiplier"],
] as const;

/** A draft is valid when each number field is empty (left out) or a number. */
export function draftProblem(draft: SetDraft): string | null {
  for (const [field, label] of NUMBER_FIELDS) {
    if (draft[field].trim() !== "" && parseNumber(draft[field]) === null) return `${label} must be a number`;
  }
  return null;
}

/** The set with the draft's fields, clamped to their ranges; empty fields are left out. */
export function applyDraft(set: PositionSetValue, draft: SetDraft): PositionSetValue {
  const next: PositionSetValue = { ...set };
  const put = (key: string, value: Json | null) => {
    if (value === null) delete next[key];
    else next[key] = value;
  };
  const num = (text: string, f: (n: number) => number) => {
    const n = parseNumber(text);
    return n === null ? null : f(n);
  };
  put("accepts", draft.accepts.length ? [...draft.accepts] : null);
  put("multi", draft.multi ? true : null);
  put("gapSize", num(draft.gapSize, clampSpread));
  put("maxSpread", num(draft.maxSpread, clampSpread));
  put("multiDirection", num(draft.direction, degreesToRadians));
  put("scaleMult", num(draft.scaleMult, clampScaleMult));
  return next;
}

/**
 * Whether saving the draft would change the set. Compared as drafts, so '5' and '5.0', or a direction
 * stored with other decimals but showing the same degrees, do not count as changes.
 */
export function draftChanged(set: PositionSetValue, draft: SetDraft): boolean {
  return JSON.stringify(draftOf(applyDraft(set, draft))) !== JSON.stringify(draftOf(set));
}

/** Replaces one set, keeping its place. */
export const withSet = (positions: Positions, name: string, set: PositionSetValue): Positions => ({
  ...positions,
  [name]: set,
});
