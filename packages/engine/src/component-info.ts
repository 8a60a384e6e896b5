import { activeState } from "./access.js";
import type { Json, JsonObject } from "./json.js";
import type { Button, Component, Situation } from "./situation.js";

/**
 * Component info: how a component looks and behaves, resolved from the project's component tree
 * (admin-decks-editor.md section 3). One pure function, used by the renderer and by the rules, so
 * what a player sees and what the rules check can never disagree.
 */

export type DisplayMode = "owningPlayerOnly" | "opponentCardBack" | "editModeOnly";

export interface Coord {
  x: number;
  y: number;
}

export interface PositionSet {
  coords?: Coord[] | { [name: string]: Coord };
  gridCoords?: Json;
  multi?: boolean;
  multiPile?: boolean;
  maxSpread?: number;
  gapSize?: number;
  /** Direction of a multi position's spread, in radians. */
  multiDirection?: number;
  accepts?: string[];
  collapse?: boolean;
  constantComponents?: Json;
  selectable?: boolean;
  scaleMult?: number;
  displayMode?: DisplayMode;
}

export interface ClickableArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A property value that depends on the component's options and state. */
export interface ConditionalValue<T = Json> {
  defaultResult?: T;
  conditionalResults: { condition: { [key: string]: Json }; result: T }[];
}

/** A game piece of the component tree: each property plain or conditional. */
export type PieceDefinition = { [property: string]: Json | ConditionalValue };

export interface PieceLibrary {
  [pieceName: string]: PieceDefinition;
}

export interface ComponentInfo {
  width: number;
  height: number;
  x: number;
  y: number;
  displayHeight: number;
  scaleMult: number;
  selectable: boolean;
  editModeSelectable: boolean;
  displayMode: DisplayMode;
  displayLastOnly: boolean;
  image: string;
  cardBack: string;
  /** Position sets by name plus the reserved 'dims' entry. */
  positions: { dims: [number, number]; [name: string]: PositionSet | [number, number] };
  clipPath: string;
  filter: string;
  clickableAreas: { [name: string]: ClickableArea };
  transform: string;
  zIndex: number;
  borderRadius: number;
  buttons: Button[];
  hoverZoom: boolean;
  hidden: boolean;
  hitbox: Json;
  blocksEvents: boolean;
  /** Game-specific properties of the piece pass through unchanged. */
  [extra: string]: unknown;
}

function structuredDefaults(): { [key: string]: unknown } {
  // Fresh arrays and objects each time: callers may keep or extend the info they get.
  return {
    ...PIECE_DEFAULTS,
    positions: { dims: [100, 100] },
    clickableAreas: {},
    ...INFO_EXTRAS,
    buttons: [],
  };
}

/** Piece defaults of admin-decks-editor.md section 3, plus neutral values for the other info fields. */
export const PIECE_DEFAULTS = {
  width: 100,
  height: 100,
  x: 0,
  y: 0,
  displayHeight: 100,
  scaleMult: 1,
  selectable: false,
  editModeSelectable: false,
  displayMode: "owningPlayerOnly",
  displayLastOnly: false,
  image: "",
  cardBack: "",
  positions: { dims: [100, 100] },
  clipPath: "",
  filter: "",
  clickableAreas: {},
  transform: "",
  zIndex: 100,
  borderRadius: 40,
} as const;

const INFO_EXTRAS = {
  buttons: [],
  hoverZoom: false,
  hidden: false,
  hitbox: null,
  blocksEvents: false,
} as const;

export function isConditional(value: unknown): value is ConditionalValue {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { conditionalResults?: unknown }).conditionalResults)
  );
}

function sameValue(actual: Json | undefined, expected: Json): boolean {
  if (actual === undefined) return expected === null;
  if (actual === null || expected === null) return actual === expected;
  // The editor stores condition values as text: compare scalars by their text.
  if (typeof actual !== "object" && typeof expected !== "object") return String(actual) === String(expected);
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** A condition matches when every key matches its value, or one of its values when a list. */
export function conditionMatches(
  condition: { [key: string]: Json },
  facts: { [key: string]: Json | undefined },
) {
  return Object.entries(condition).every(([key, expected]) => {
    const actual = facts[key];
    return Array.isArray(expected) ? expected.some((e) => sameValue(actual, e)) : sameValue(actual, expected);
  });
}

/** The first conditional result whose condition matches, else the default result. */
export function resolveValue<T>(value: T | ConditionalValue<T>, facts: { [key: string]: Json | undefined }) {
  if (!isConditional(value)) return value as T;
  const match = value.conditionalResults.find((r) => conditionMatches(r.condition, facts));
  return match === undefined ? value.defaultResult : match.result;
}

/** What conditions can ask about a component: its options, its variables, and a few facts. */
export function componentFacts(
  component: Component,
  situation?: Situation,
): { [key: string]: Json | undefined } {
  const facts: { [key: string]: Json | undefined } = {
    ...component.options,
    ...component.variables,
    id: component.id,
    name: component.name,
    type: component.type,
    parent: component.parent,
    positionName: component.childData?.positionName ?? null,
  };
  if (situation !== undefined) facts.gameState = activeState(situation).name;
  return facts;
}

/** Name of the piece that describes a component: cards by deck, decks by their deck name. */
export function pieceNameOf(component: Component): string {
  const deck = component.options.deckName;
  if (component.type === "card" && deck !== undefined) return `__card-${deck}`;
  if (component.type === "deck" && deck !== undefined) return `deck-${deck}`;
  return component.name;
}

/**
 * Resolves a component's info: piece defaults, then the piece's (conditional) properties, then the
 * active game state's overdrive for this component.
 */
export function componentInfo(
  pieces: PieceLibrary,
  component: Component,
  situation?: Situation,
): ComponentInfo {
  const piece = pieces[pieceNameOf(component)] ?? pieces[component.name] ?? {};
  const facts = componentFacts(component, situation);
  const info: { [key: string]: unknown } = structuredDefaults();
  for (const [key, value] of Object.entries(piece)) {
    const resolved = resolveValue(value, facts);
    if (resolved !== undefined) info[key] = resolved;
  }
  const positions = info.positions as { [key: string]: unknown };
  if (!Array.isArray(positions.dims))
    info.positions = { ...positions, dims: [...PIECE_DEFAULTS.positions.dims] };
  const overdrive =
    situation === undefined ? undefined : activeState(situation).componentOverdrive[component.id];
  if (overdrive !== undefined) Object.assign(info, overdrive);
  return info as ComponentInfo;
}

/** The named position sets of an info, without the reserved 'dims' entry. */
export function positionSets(info: Pick<ComponentInfo, "positions">): { [name: string]: PositionSet } {
  const out: { [name: string]: PositionSet } = {};
  for (const [name, set] of Object.entries(info.positions)) {
    if (name !== "dims" && !Array.isArray(set)) out[name] = set;
  }
  return out;
}

export function positionSet(info: Pick<ComponentInfo, "positions">, name: string): PositionSet | undefined {
  if (name === "dims" || !Object.hasOwn(info.positions, name)) return undefined;
  const set = info.positions[name];
  return set === undefined || Array.isArray(set) ? undefined : set;
}

/** The fields of a component's info that decide who sees it (visibility.ts). */
export type VisibilityInfo = Pick<ComponentInfo, "hidden" | "displayMode" | "positions">;

/** The fields of a component's info that decide who sees it, by piece or by a state's overdrive. */
export const VISIBILITY_FIELDS = ["hidden", "displayMode", "positions"] as const;

function resolvedField(
  piece: PieceDefinition,
  key: (typeof VISIBILITY_FIELDS)[number],
  facts: { [key: string]: Json | undefined } | null,
): unknown {
  const value = piece[key];
  if (value === undefined) return undefined;
  if (!isConditional(value)) return value;
  return facts === null ? undefined : resolveValue(value, facts);
}

function visibilityFromPiece(
  piece: PieceDefinition,
  facts: { [key: string]: Json | undefined } | null,
): VisibilityInfo {
  const hidden = resolvedField(piece, "hidden", facts);
  const displayMode = resolvedField(piece, "displayMode", facts);
  let positions = resolvedField(piece, "positions", facts) as ComponentInfo["positions"] | undefined;
  if (positions === undefined) positions = PIECE_DEFAULTS.positions as never;
  else if (!Array.isArray(positions.dims))
    positions = { ...positions, dims: [...PIECE_DEFAULTS.positions.dims] };
  return {
    hidden: hidden === undefined ? (INFO_EXTRAS.hidden as boolean) : (hidden as boolean),
    displayMode: displayMode === undefined ? PIECE_DEFAULTS.displayMode : (displayMode as DisplayMode),
    positions: positions as ComponentInfo["positions"],
  };
}

/**
 * componentInfo's hidden, displayMode and positions, resolved the same way (piece default, the
 * piece's possibly conditional value, the active state's overdrive) without building the whole
 * info: who-saw-what checks resolve it for every component of the table on every turn, so a piece
 * whose three fields are plain is resolved once per piece library.
 */
export function visibilityInfo(
  pieces: PieceLibrary,
  component: Component,
  situation?: Situation,
): VisibilityInfo {
  let info = plainInfo(pieces, plainCache(pieces), component);
  if (info === null) {
    const name = visibilityPieceName(pieces, component);
    info = visibilityFromPiece(pieces[name] ?? {}, componentFacts(component, situation));
  }
  const overdrive =
    situation === undefined ? undefined : activeState(situation).componentOverdrive[component.id];
  if (overdrive === undefined) return info;
  return withOverdrive(info, overdrive);
}

function visibilityPieceName(pieces: PieceLibrary, component: Component): string {
  const name = pieceNameOf(component);
  return pieces[name] !== undefined ? name : component.name;
}

/** The active state's overdrive of a component laid over its visibility info. */
export function withOverdrive(info: VisibilityInfo, overdrive: JsonObject): VisibilityInfo {
  const out = { ...info };
  if (Object.hasOwn(overdrive, "hidden")) out.hidden = overdrive.hidden as boolean;
  if (Object.hasOwn(overdrive, "displayMode")) out.displayMode = overdrive.displayMode as DisplayMode;
  if (Object.hasOwn(overdrive, "positions")) out.positions = overdrive.positions as never;
  return out;
}

interface PlainCache {
  /** Piece name -> its visibility info, null when one of the three fields is conditional. */
  byName: Map<string, VisibilityInfo | null>;
  /** Deck name -> the piece name of its cards (or of the deck itself), null when there is no such piece. */
  cards: Map<unknown, string | null>;
  decks: Map<unknown, string | null>;
}

/** Per piece library. */
const plainCaches = new WeakMap<PieceLibrary, PlainCache>();

function plainCache(pieces: PieceLibrary): PlainCache {
  let cache = plainCaches.get(pieces);
  if (cache === undefined) {
    cache = { byName: new Map(), cards: new Map(), decks: new Map() };
    plainCaches.set(pieces, cache);
  }
  return cache;
}

function plainInfo(pieces: PieceLibrary, cache: PlainCache, component: Component): VisibilityInfo | null {
  let name = component.name;
  const deck = component.options.deckName;
  if (deck !== undefined && (component.type === "card" || component.type === "deck")) {
    const byDeck = component.type === "card" ? cache.cards : cache.decks;
    let piece = byDeck.get(deck);
    if (piece === undefined) {
      const full = pieceNameOf(component);
      piece = pieces[full] !== undefined ? full : null;
      byDeck.set(deck, piece);
    }
    if (piece !== null) name = piece;
  }
  let info = cache.byName.get(name);
  if (info === undefined) {
    const piece = pieces[name] ?? {};
    const conditional = VISIBILITY_FIELDS.some((key) => isConditional(piece[key]));
    info = conditional ? null : visibilityFromPiece(piece, null);
    cache.byName.set(name, info);
  }
  return info;
}

/**
 * A component's visibility info before any overdrive, when its piece's three fields are plain (then
 * it depends on the piece alone: a component's name, type and deck); null when one is conditional
 * (it depends on the component's facts and the situation). Answers are kept by piece name, and the
 * piece name of a deck's cards by deck name, so asking makes no strings. For a walk over a whole tree
 * the per-library lookup is done once: plainVisibility(pieces) answers for each component.
 */
export function plainVisibility(pieces: PieceLibrary): (component: Component) => VisibilityInfo | null {
  const cache = plainCache(pieces);
  return (component) => plainInfo(pieces, cache, component);
}

/** Whether a position accepts a component: no accepts list means anything goes. */
export function accepts(set: PositionSet | undefined, component: Component): boolean {
  return set?.accepts === undefined || set.accepts.length === 0 || set.accepts.includes(component.name);
}

/** The clickable area containing a point in the component's own coordinates, if any. */
export function clickableAreaAt(info: ComponentInfo, x: number, y: number): string | null {
  for (const [name, a] of Object.entries(info.clickableAreas)) {
    if (x >= a.left && x <= a.left + a.width && y >= a.top && y <= a.top + a.height) return name;
  }
  return null;
}
