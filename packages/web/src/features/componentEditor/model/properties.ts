// Game piece properties and their defaults (admin-decks-editor.md section 3, engine PIECE_DEFAULTS),
// the kind of editor each takes, and setting or removing a property of a piece. Pure.
import { type Json, PIECE_DEFAULTS } from "@tt/engine";
import { done, type Outcome, refused } from "./outcome";
import { isPiece, type Piece, type Tree } from "./tree";

export type PropertyKind =
  | "number"
  | "boolean"
  | "text"
  | "image"
  | "displayMode"
  | "positions"
  | "clickableAreas"
  | "clipPath"
  | "filter"
  | "json";

export interface PropertySpec {
  name: string;
  kind: PropertyKind;
  /** What the engine uses when the piece leaves the property out. */
  default: Json;
}

export const DISPLAY_MODES = ["owningPlayerOnly", "opponentCardBack", "editModeOnly"] as const;

const KINDS: Record<string, PropertyKind> = {
  image: "image",
  cardBack: "image",
  displayMode: "displayMode",
  positions: "positions",
  clickableAreas: "clickableAreas",
  clipPath: "clipPath",
  filter: "filter",
  transform: "text",
};

/** The other component info fields a piece may set (game-table.md section 3), with the engine's values. */
const INFO_EXTRAS: { [name: string]: Json } = {
  hoverZoom: false,
  hidden: false,
  blocksEvents: false,
  buttons: [],
  hitbox: null,
};

function kindOf(name: string, value: Json): PropertyKind {
  const known = KINDS[name];
  if (known) return known;
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "text";
  return "json";
}

/** Every property of section 3 in its order, then the other info fields. */
export const PROPERTY_CATALOGUE: readonly PropertySpec[] = [
  ...Object.entries(PIECE_DEFAULTS as unknown as { [name: string]: Json }),
  ...Object.entries(INFO_EXTRAS),
].map(([name, value]) => ({ name, kind: kindOf(name, value), default: value }));

const BY_NAME = new Map(PROPERTY_CATALOGUE.map((p) => [p.name, p]));

/** The spec of any property: game-specific ones the catalogue does not know are edited as JSON. */
export function propertySpec(name: string): PropertySpec {
  return BY_NAME.get(name) ?? { name, kind: "json", default: null };
}

/** Width and height cannot be removed (section 5); every other property falls back to its default. */
export const UNREMOVABLE_PROPERTIES = ["width", "height"] as const;
export const mayRemoveProperty = (name: string) =>
  !(UNREMOVABLE_PROPERTIES as readonly string[]).includes(name);

/**
 * What a property turns into when it stops being conditional without a default result: nothing (it is
 * removed and its piece default applies), except for width and height, which keep their piece default
 * as a value because they cannot be removed.
 */
export const keptWhenPlain = (spec: PropertySpec): Json | undefined =>
  mayRemoveProperty(spec.name) ? undefined : spec.default;

/** The catalogue first, then the piece's own game-specific properties, by name. */
export function propertyRows(piece: Piece): PropertySpec[] {
  const extra = Object.keys(piece)
    .filter((name) => !BY_NAME.has(name))
    .sort((a, b) => a.localeCompare(b))
    .map(propertySpec);
  return [...PROPERTY_CATALOGUE, ...extra];
}

function pieceOf(tree: Tree, pieceName: string): Outcome<Piece> {
  const piece = tree[pieceName];
  return isPiece(piece) ? done(piece) : refused(`There is no piece named ${pieceName}.`);
}

/** Sets a property (plain or conditional) of a piece. */
export function setProperty(tree: Tree, pieceName: string, property: string, value: Json): Outcome<Tree> {
  const piece = pieceOf(tree, pieceName);
  if (!piece.ok) return piece;
  return done({ ...tree, [pieceName]: { ...piece.value, [property]: value } });
}

/** Removes a property, and with it any conditional results it had (section 4). */
export function removeProperty(tree: Tree, pieceName: string, property: string): Outcome<Tree> {
  if (!mayRemoveProperty(property)) return refused(`${property} cannot be removed.`);
  const piece = pieceOf(tree, pieceName);
  if (!piece.ok) return piece;
  const next = { ...piece.value };
  delete next[property];
  return done({ ...tree, [pieceName]: next });
}

/** A game-specific property name a designer may add: not empty, not listed already. */
export function newPropertyProblem(piece: Piece, name: string): string | null {
  if (name.trim() === "") return "Enter a property name";
  if (BY_NAME.has(name.trim())) return "It is listed above: set it there";
  if (Object.hasOwn(piece, name.trim())) return "The piece already sets it";
  return null;
}

/** Typed number input: the number, or null when it is not one (non-numeric input is ignored). */
export function parseNumber(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** The value of a JSON-edited property; undefined when the text does not parse. */
export function parseJsonValue(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** Shown for a value in a list: strings as they are, everything else as JSON. */
export function valueSummary(value: Json | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value === "" ? "''" : value;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
