import { isLasting, markLasting, RecentCache } from "./recent.js";
import type { ChildData, Component, PositionChildren } from "./situation.js";

/**
 * The component tree is nested plain JSON. Updates copy only the path from the root to the changed
 * component (structural sharing), so a move costs O(depth + pile size), not O(components).
 *
 * Finding a component by id uses an index id -> (parent, position, slot) cached per root object. The
 * index is handed from the old root to the new one on each update: a situation used linearly (the
 * common case: a live table, a fold) never rebuilds it. If an older root is used again afterwards it
 * simply rebuilds its own index, so sharing stays correct, only slower.
 *
 * A viewer's view of a situation has the same ids in the same places, so its root uses the very same
 * index object (sameLayoutAs). An index used by more than one root is never changed: an update hands
 * the new root a copy of it instead.
 */

interface Location {
  parent: string | null;
  positionName: string;
  slot: string | null;
}

type Index = Map<string, Location>;

/** The indexes of the roots in use (a few lineages at once: a live table, a view a bot tries turns on). */
const indexes = new RecentCache<Component, Index>(16);

function buildIndex(root: Component): Index {
  const index: Index = new Map();
  index.set(root.id, { parent: null, positionName: "", slot: null });
  indexChildren(index, root);
  return index;
}

/** Plain loops: a view's root is indexed afresh each time a bot looks at it. */
function indexChildren(index: Index, component: Component): void {
  const all = component.children;
  for (const positionName in all) {
    const children = all[positionName] as PositionChildren;
    if (Array.isArray(children)) {
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as Component;
        index.set(child.id, { parent: component.id, positionName, slot: null });
        indexChildren(index, child);
      }
    } else {
      for (const slot in children) {
        const child = children[slot] as Component;
        index.set(child.id, { parent: component.id, positionName, slot });
        indexChildren(index, child);
      }
    }
  }
}

/** Trees laid out exactly like another (a viewer's view of a situation: same ids in the same places). */
const sameLayout = new RecentCache<Component, Component>(16, false);

/** Indexes that more than one root uses (a situation's and its views'): never changed in place. */
const sharedIndexes = new WeakSet<Index>();

/** `root` uses `index` too. */
function share(root: Component, index: Index): Index {
  sharedIndexes.add(index);
  indexes.set(root, index);
  return index;
}

/**
 * Declares that the tree under `root` has the very same ids in the very same places (parent,
 * position, slot) as the tree under `like`, as a viewer's view has of its situation: it then uses
 * that one's index, when that one is at hand, instead of a walk of its own.
 *
 * The view of a table's live situation (lasting: recent.ts) is looked up in at the table's next turn,
 * when the patch from it is made; its index is kept as long as the situation's.
 */
export function sameLayoutAs(root: Component, like: Component): void {
  if (root === like) return;
  if (isLasting(like)) markLasting(root);
  const known = indexes.get(like);
  if (known !== undefined) share(root, known);
  else sameLayout.set(root, like);
}

function indexFor(root: Component): Index {
  let index = indexes.get(root);
  if (index === undefined) {
    const like = sameLayout.get(root);
    const known = like === undefined ? undefined : indexes.get(like);
    if (known !== undefined) return share(root, known);
    index = buildIndex(root);
    indexes.set(root, index);
  }
  return index;
}

/** forEach, not new Map(known): that one makes an entry pair per component. */
function copyIndex(known: Index): Index {
  const copy: Index = new Map();
  known.forEach((loc, id) => {
    copy.set(id, loc);
  });
  return copy;
}

/** How many components the tree under `root` holds, when its index is at hand (a size hint). */
export function knownSize(root: Component): number | undefined {
  return indexes.get(root)?.size;
}

/**
 * Moves the index of `from` to `to`, applying `change`, so the next lookup on `to` is free. An index
 * other roots use stays theirs, unchanged: `to` gets a changed copy.
 */
function handOver(from: Component, to: Component, change: (index: Index) => void): void {
  const found = indexes.get(from);
  if (found === undefined) return;
  let index = found;
  // Locations are never changed in place (updates set new ones), so a copy may share them.
  if (sharedIndexes.has(found)) index = copyIndex(found);
  else indexes.take(from);
  change(index);
  indexes.set(to, index);
}

function childAt(parent: Component, id: string, loc: Location): Component | undefined {
  const children = parent.children[loc.positionName];
  if (children === undefined) return undefined;
  if (Array.isArray(children)) {
    // Piles are drawn from the top (the end), so search from there.
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i] as Component;
      if (child.id === id) return child;
    }
    return undefined;
  }
  return loc.slot === null ? undefined : children[loc.slot];
}

/** The ids from a component up to the root, reused by pathTo and findComponent (neither calls out). */
const upward: string[] = [];

/** Components from the root down to `id`, or undefined when `id` is not in the tree. */
export function pathTo(root: Component, id: string): Component[] | undefined {
  const index = indexFor(root);
  // The ids upwards in a reused array (nothing below calls back into this module's lookups).
  const ids = upward;
  let depth = 0;
  let current: string | null = id;
  while (current !== null) {
    const loc = index.get(current);
    if (loc === undefined) return undefined;
    ids[depth++] = current;
    current = loc.parent;
  }
  if (ids[depth - 1] !== root.id) return undefined;
  const path: Component[] = [root];
  let node = root;
  for (let i = depth - 2; i >= 0; i--) {
    const childId = ids[i] as string;
    const next = childAt(node, childId, index.get(childId) as Location);
    if (next === undefined) return undefined;
    path.push(next);
    node = next;
  }
  return path;
}

/** pathTo's last component, without building the path: the rules ask this many times a turn. */
export function findComponent(root: Component, id: string): Component | undefined {
  const index = indexFor(root);
  let depth = 0;
  let current: string | null = id;
  while (current !== null) {
    const loc = index.get(current);
    if (loc === undefined) return undefined;
    upward[depth++] = current;
    current = loc.parent;
  }
  if (upward[depth - 1] !== root.id) return undefined;
  let node: Component = root;
  for (let i = depth - 2; i >= 0; i--) {
    const childId = upward[i] as string;
    const next = childAt(node, childId, index.get(childId) as Location);
    if (next === undefined) return undefined;
    node = next;
  }
  return node;
}

export function hasComponent(root: Component, id: string): boolean {
  return indexFor(root).has(id);
}

/**
 * Copies a component with new children and placement. An object literal, not a spread: every copy
 * gets the same hidden class, which makes a move several times faster on V8 (see bench/).
 */
export function copyComponent(
  c: Component,
  children: Component["children"],
  parent: string | null = c.parent,
  childData: ChildData | null = c.childData,
): Component {
  const out: Component = {
    id: c.id,
    name: c.name,
    type: c.type,
    options: c.options,
    children,
    parent,
    childData,
  };
  if (c.variables !== undefined) out.variables = c.variables;
  if (c.origin !== undefined) out.origin = c.origin;
  if (c.animationData !== undefined) out.animationData = c.animationData;
  if (c.animationHide !== undefined) out.animationHide = c.animationHide;
  if (c.placeholder !== undefined) out.placeholder = c.placeholder;
  return out;
}

function withPosition(parent: Component, positionName: string, list: PositionChildren): Component {
  const children = { ...parent.children };
  children[positionName] = list;
  return copyComponent(parent, children);
}

function replaceChild(parent: Component, oldChild: Component, newChild: Component): Component {
  const data = oldChild.childData as ChildData;
  const children = parent.children[data.positionName] as PositionChildren;
  let replaced: PositionChildren;
  if (Array.isArray(children)) {
    const copy = children.slice();
    copy[copy.lastIndexOf(oldChild)] = newChild;
    replaced = copy;
  } else {
    const copy = { ...children };
    copy[data.childPos as string] = newChild;
    replaced = copy;
  }
  return withPosition(parent, data.positionName, replaced);
}

/** Rebuilds the ancestors of path[last] after it became `leaf`. */
function rebuild(path: Component[], leaf: Component): Component {
  let node = leaf;
  for (let i = path.length - 2; i >= 0; i--) {
    node = replaceChild(path[i] as Component, path[i + 1] as Component, node);
  }
  return node;
}

/** Returns a new root with component `id` replaced by `change(component)`. */
export function updateComponent(
  root: Component,
  id: string,
  change: (component: Component) => Component,
): Component | undefined {
  const path = pathTo(root, id);
  if (path === undefined) return undefined;
  const before = path[path.length - 1] as Component;
  const after = change(before);
  const newRoot = rebuild(path, after);
  handOver(root, newRoot, (index) => {
    // A change may move children between positions of the same component (a reshuffle): re-register them.
    if (after.children === before.children) return;
    for (const [positionName, children] of Object.entries(after.children)) {
      if (Array.isArray(children)) {
        for (const child of children) index.set(child.id, { parent: after.id, positionName, slot: null });
      } else {
        for (const [slot, child] of Object.entries(children))
          index.set(child.id, { parent: after.id, positionName, slot });
      }
    }
  });
  return newRoot;
}

/**
 * Gives a component a new id (its children, if any, are re-parented). The index entry moves with it,
 * so lookups by the new id stay free.
 */
export function renameComponent(root: Component, id: string, newId: string): Component | undefined {
  const path = pathTo(root, id);
  if (path === undefined || path.length < 2) return undefined;
  const before = path[path.length - 1] as Component;
  const children: Component["children"] = {};
  for (const [positionName, list] of Object.entries(before.children)) {
    children[positionName] = Array.isArray(list)
      ? list.map((c) => copyComponent(c, c.children, newId))
      : Object.fromEntries(
          Object.entries(list).map(([slot, c]) => [slot, copyComponent(c, c.children, newId)]),
        );
  }
  const after = copyComponent(before, children);
  after.id = newId;
  const newRoot = rebuild(path, after);
  handOver(root, newRoot, (index) => {
    const loc = index.get(id) as Location;
    index.delete(id);
    index.set(newId, loc);
    for (const [positionName, list] of Object.entries(children)) {
      if (Array.isArray(list))
        for (const c of list) index.set(c.id, { parent: newId, positionName, slot: null });
      else
        for (const [slot, c] of Object.entries(list)) index.set(c.id, { parent: newId, positionName, slot });
    }
  });
  return newRoot;
}

/** Every component of the subtree, parents before children. */
export function walk(root: Component, visit: (component: Component) => void): void {
  visit(root);
  // Plain loops, in the order Object.values gives: no arrays made for a walk over every component.
  const all = root.children;
  for (const positionName in all) {
    const children = all[positionName] as PositionChildren;
    if (Array.isArray(children))
      for (let i = 0; i < children.length; i++) walk(children[i] as Component, visit);
    else for (const slot in children) walk(children[slot] as Component, visit);
  }
}

export function isInside(root: Component, id: string, ancestorId: string): boolean {
  const path = pathTo(root, id);
  return path?.some((c) => c.id === ancestorId) === true;
}

export interface Placement {
  parentId: string;
  positionName: string;
  /** Slot key for keyed positions; null puts the component in a multi position (a pile). */
  slot: string | null;
  /** Index inside a pile; default: on top (the end). */
  index?: number;
}

export type PlaceFailure =
  | "unknown-component"
  | "unknown-destination"
  | "into-itself"
  | "slot-taken"
  | "bad-position";

function insert(parent: Component, child: Component, at: Placement): Component | PlaceFailure {
  const existing = parent.children[at.positionName];
  let next: PositionChildren;
  if (at.slot === null) {
    if (existing !== undefined && !Array.isArray(existing)) return "bad-position";
    const pile = existing === undefined ? [] : existing.slice();
    const index = at.index === undefined ? pile.length : Math.max(0, Math.min(pile.length, at.index));
    pile.splice(index, 0, child);
    next = pile;
  } else {
    if (Array.isArray(existing)) return "bad-position";
    if (existing?.[at.slot] !== undefined) return "slot-taken";
    next = { ...existing, [at.slot]: child };
  }
  return withPosition(parent, at.positionName, next);
}

function removeChild(parent: Component, child: Component): Component {
  const data = child.childData as ChildData;
  const children = parent.children[data.positionName] as PositionChildren;
  let next: PositionChildren;
  if (Array.isArray(children)) {
    const copy = children.slice();
    copy.splice(copy.lastIndexOf(child), 1);
    next = copy;
  } else {
    const { [data.childPos as string]: _removed, ...rest } = children;
    next = rest;
  }
  return withPosition(parent, data.positionName, next);
}

/** Adds a new component (and its subtree, which must carry its own parent links) at a placement. */
export function addComponent(root: Component, component: Component, at: Placement): Component | PlaceFailure {
  const parentPath = pathTo(root, at.parentId);
  if (parentPath === undefined) return "unknown-destination";
  const placed: Component = {
    ...component,
    parent: at.parentId,
    childData: { positionName: at.positionName, childPos: at.slot },
  };
  const parent = insert(parentPath[parentPath.length - 1] as Component, placed, at);
  if (typeof parent === "string") return parent;
  const newRoot = rebuild(parentPath, parent);
  handOver(root, newRoot, (index) => {
    walk(placed, (c) => {
      if (c === placed)
        index.set(c.id, { parent: at.parentId, positionName: at.positionName, slot: at.slot });
      else {
        const data = c.childData as ChildData;
        index.set(c.id, { parent: c.parent, positionName: data.positionName, slot: data.childPos });
      }
    });
  });
  return newRoot;
}

/** Replaces several children of one parent, copying each touched position (and the parent) once. */
function replaceChildren(parent: Component, pairs: [Component, Component][]): Component {
  const children = { ...parent.children };
  const copied = new Set<string>();
  for (const [oldChild, newChild] of pairs) {
    const data = oldChild.childData as ChildData;
    let list = children[data.positionName] as PositionChildren;
    if (!copied.has(data.positionName)) {
      list = Array.isArray(list) ? list.slice() : { ...list };
      children[data.positionName] = list;
      copied.add(data.positionName);
    }
    if (Array.isArray(list)) list[list.lastIndexOf(oldChild)] = newChild;
    else list[data.childPos as string] = newChild;
  }
  return copyComponent(parent, children);
}

/** Rebuilds path[from..] bottom-up from a new node at path[from]'s child level: returns the new path[from]. */
function rebuildDown(path: Component[], from: number, leaf: Component): Component {
  let node = leaf;
  for (let i = path.length - 2; i >= from; i--)
    node = replaceChild(path[i] as Component, path[i + 1] as Component, node);
  return node;
}

export interface Moved {
  root: Component;
  /** The component as placed. */
  moved: Component;
  /** Id of the component it left. */
  from: string;
}

/**
 * Moves component `id` (with its subtree) to a placement; `change` may adjust the moved component
 * (e.g. flip it) in the same step. Source and destination branches are rebuilt up to their common
 * ancestor and joined there, so each ancestor (and each big keyed position) is copied once.
 */
export function moveComponent(
  root: Component,
  id: string,
  at: Placement,
  change?: (component: Component) => Component,
): Moved | PlaceFailure {
  const fromPath = pathTo(root, id);
  if (fromPath === undefined || fromPath.length < 2) return "unknown-component";
  const moving = fromPath[fromPath.length - 1] as Component;
  const toPath = pathTo(root, at.parentId);
  if (toPath === undefined) return "unknown-destination";
  if (toPath.includes(moving)) return "into-itself";
  const destParent = toPath[toPath.length - 1] as Component;
  const existing = destParent.children[at.positionName];
  if (existing !== undefined && Array.isArray(existing) !== (at.slot === null)) return "bad-position";
  if (
    at.slot !== null &&
    existing !== undefined &&
    (existing as { [slot: string]: Component })[at.slot] !== undefined
  ) {
    return "slot-taken";
  }
  const base = change === undefined ? moving : change(moving);
  const placed = copyComponent(base, base.children, at.parentId, {
    positionName: at.positionName,
    childPos: at.slot,
  });
  const srcParentAt = fromPath.length - 2;
  let c = 0;
  while (c < srcParentAt && c + 1 < toPath.length && fromPath[c + 1] === toPath[c + 1]) c++;
  const ancestor = fromPath[c] as Component;
  let joined: Component;
  if (c === srcParentAt && c === toPath.length - 1) {
    joined = insert(removeChild(ancestor, moving), placed, at) as Component;
  } else if (c === srcParentAt) {
    const destBranch = rebuildDown(toPath, c + 1, insert(destParent, placed, at) as Component);
    joined = replaceChild(removeChild(ancestor, moving), toPath[c + 1] as Component, destBranch);
  } else {
    const srcParent = fromPath[srcParentAt] as Component;
    const srcBranch = rebuildDown(fromPath.slice(0, -1), c + 1, removeChild(srcParent, moving));
    if (c === toPath.length - 1) {
      joined = insert(
        replaceChild(ancestor, fromPath[c + 1] as Component, srcBranch),
        placed,
        at,
      ) as Component;
    } else {
      const destBranch = rebuildDown(toPath, c + 1, insert(destParent, placed, at) as Component);
      joined = replaceChildren(ancestor, [
        [fromPath[c + 1] as Component, srcBranch],
        [toPath[c + 1] as Component, destBranch],
      ]);
    }
  }
  const newRoot = rebuild(fromPath.slice(0, c + 1), joined);
  handOver(root, newRoot, (index) => {
    index.set(id, { parent: at.parentId, positionName: at.positionName, slot: at.slot });
  });
  return { root: newRoot, moved: placed, from: moving.parent as string };
}

/** Children of one position in display order (piles bottom to top, slots by key order). */
export function childrenAt(component: Component, positionName: string): Component[] {
  const children = component.children[positionName];
  if (children === undefined) return [];
  return Array.isArray(children) ? children : Object.values(children);
}
