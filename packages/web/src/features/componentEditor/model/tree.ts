// The component tree as the editor sees it (admin-decks-editor.md sections 3, 4, 5): which entries
// exist and of what kind, the game piece name rules, and add / rename / delete of pieces. Pure: every
// function returns a new tree and leaves its input as it was.
import type { ComponentTreeDraft, Json, PieceDraft } from "@tt/engine";
import { isConditional } from "@tt/engine";
import { PIECE_NAME_HINTS, type PieceNameProblem } from "./messages";
import { done, type Outcome, refused } from "./outcome";

/** A piece: property name -> plain or conditional value (the engine's draft of one). */
export type Piece = PieceDraft;
/** The tree as stored: version, baseScale, dims, root and named pieces, as the engine's draft of one. */
export type Tree = ComponentTreeDraft;

export type EntryKind = "setting" | "dims" | "root" | "piece" | "card" | "deck" | "hidden";

/** Bookkeeping entries that are values, not pieces. */
const SETTINGS = new Set(["version", "baseScale"]);
export const CARD_PREFIX = "__card-";
export const DECK_PREFIX = "deck-";

/** Names a piece may never take: they mean something inside a piece or a condition. */
export const RESERVED_PIECE_NAMES = [
  "condition",
  "root",
  "result",
  "accepts",
  "width",
  "height",
  "positions",
  "object",
] as const;
export const PIECE_NAME_MIN = 3;

export function entryKind(name: string): EntryKind {
  if (SETTINGS.has(name)) return "setting";
  if (name === "dims") return "dims";
  if (name === "root") return "root";
  if (name.startsWith(CARD_PREFIX)) return "card";
  if (name.startsWith(DECK_PREFIX)) return "deck";
  // Other '__' entries are the hidden ones (stats table, stats and options in feedback).
  if (name.startsWith("__")) return "hidden";
  return "piece";
}

/** Root, dims, __card- and deck- entries (and the settings) cannot be deleted or renamed. */
export function mayDelete(name: string): boolean {
  const kind = entryKind(name);
  return kind === "piece" || kind === "hidden";
}

/** Hidden entries keep their '__' name: a new name may not start with '__', so they cannot be renamed. */
export function mayRename(name: string): boolean {
  return entryKind(name) === "piece";
}

export function isPiece(value: Json | undefined): value is Piece {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Entries grouped as the tree view lists them, each group sorted by name. */
export function treeGroups(tree: Tree): Record<EntryKind, string[]> {
  const groups: Record<EntryKind, string[]> = {
    setting: [],
    dims: [],
    root: [],
    piece: [],
    card: [],
    deck: [],
    hidden: [],
  };
  for (const name of Object.keys(tree)) groups[entryKind(name)].push(name);
  for (const list of Object.values(groups)) list.sort((a, b) => a.localeCompare(b));
  return groups;
}

const ACCEPTABLE: ReadonlySet<EntryKind> = new Set(["piece", "card", "deck"]);

/** Names of the pieces a position may accept: named pieces, card and deck entries. */
export function pieceNames(tree: Tree): string[] {
  return Object.keys(tree)
    .filter((n) => ACCEPTABLE.has(entryKind(n)) && isPiece(tree[n]))
    .sort((a, b) => a.localeCompare(b));
}

/**
 * Why a new piece name is refused, or null when it may be used: section 5's rules, and a name must be one
 * the tree lists as a piece (not deck-..., __card-..., version, baseScale or dims).
 */
export function pieceNameProblem(name: string, tree: Tree): PieceNameProblem | null {
  if (name.length < PIECE_NAME_MIN) return "too-short";
  if (name.startsWith("__")) return "underscores";
  if ((RESERVED_PIECE_NAMES as readonly string[]).includes(name)) return "reserved";
  // A name the tree would file under another kind (a deck, a setting, dims) makes an entry the editor
  // no longer treats as a piece: it could not be renamed or deleted, and a setting would be overwritten.
  const kind = entryKind(name);
  if (kind === "deck") return "deck";
  if (kind !== "piece") return "setting";
  if (Object.hasOwn(tree, name)) return "used";
  return null;
}

export const pieceNameHint = (problem: PieceNameProblem | null): string | null =>
  problem === null ? null : PIECE_NAME_HINTS[problem];

export function addPiece(tree: Tree, name: string): Outcome<Tree> {
  const problem = pieceNameProblem(name, tree);
  if (problem) return refused(PIECE_NAME_HINTS[problem]);
  // An empty piece takes every default of section 3.
  return done({ ...tree, [name]: {} });
}

export function deletePiece(tree: Tree, name: string): Outcome<Tree> {
  if (!mayDelete(name)) return refused(`${name} cannot be deleted.`);
  if (!Object.hasOwn(tree, name)) return refused(`There is no entry named ${name}.`);
  const next = { ...tree };
  delete next[name];
  return done(next);
}

/**
 * Renames a piece in place (the tree keeps its order) and updates every accepts list that names it,
 * in plain and conditional positions alike (section 4).
 */
export function renamePiece(tree: Tree, from: string, to: string): Outcome<Tree> {
  if (!mayRename(from)) return refused(`${from} cannot be renamed.`);
  if (!Object.hasOwn(tree, from)) return refused(`There is no entry named ${from}.`);
  const problem = pieceNameProblem(to, tree);
  if (problem) return refused(PIECE_NAME_HINTS[problem]);
  const next: Tree = {};
  for (const [name, value] of Object.entries(tree)) {
    const key = name === from ? to : name;
    next[key] = isPiece(value) ? renameInPiece(value, from, to) : value;
  }
  return done(next);
}

function renameInPiece(piece: Piece, from: string, to: string): Piece {
  const positions = piece.positions;
  if (positions === undefined) return piece;
  const renamed = renameInPositionsValue(positions, from, to);
  return renamed === positions ? piece : { ...piece, positions: renamed };
}

/** A positions property, plain or conditional: each branch's position sets get their accepts renamed. */
export function renameInPositionsValue(value: Json, from: string, to: string): Json {
  if (isConditional(value)) {
    const defaultResult =
      value.defaultResult === undefined ? undefined : renameInPositions(value.defaultResult, from, to);
    let changed = defaultResult !== value.defaultResult;
    const conditionalResults = value.conditionalResults.map((r) => {
      const result = renameInPositions(r.result, from, to);
      if (result === r.result) return r;
      changed = true;
      return { ...r, result };
    });
    if (!changed) return value as unknown as Json;
    const next: { [key: string]: Json } = { ...(value as unknown as { [key: string]: Json }) };
    if (defaultResult !== undefined) next.defaultResult = defaultResult;
    next.conditionalResults = conditionalResults as unknown as Json;
    return next;
  }
  return renameInPositions(value, from, to);
}

function renameInPositions(positions: Json, from: string, to: string): Json {
  if (!isPiece(positions)) return positions;
  let changed = false;
  const next: { [key: string]: Json } = {};
  for (const [name, set] of Object.entries(positions)) {
    next[name] = set;
    if (!isPiece(set) || !Array.isArray(set.accepts) || !set.accepts.includes(from)) continue;
    next[name] = { ...set, accepts: set.accepts.map((a) => (a === from ? to : a)) };
    changed = true;
  }
  return changed ? next : positions;
}

/** A loaded tree: any JSON object, with a root piece so there is always something to select. */
export function normaliseTree(raw: unknown): Tree {
  const tree: Tree = isPiece(raw as Json) ? { ...(raw as Tree) } : {};
  if (!isPiece(tree.root)) tree.root = {};
  return tree;
}
