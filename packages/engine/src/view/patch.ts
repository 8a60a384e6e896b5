import { withFields } from "../access.js";
import type { JsonObject } from "../json.js";
import type {
  AnimationData,
  ChildData,
  Component,
  ComponentOptions,
  ComponentType,
  Placeholder,
  PositionChildren,
  Situation,
} from "../situation.js";
import { findComponent } from "../tree.js";
import { anyValues, sameEntries } from "./same-entries.js";

/**
 * The difference between two views of a table, as the server sends it with each event: the
 * situation's fields that changed, replaced whole, and the components that are new or changed,
 * each with its children as ids. Applying it to the first view gives the second exactly
 * (applyViewPatch(a, diffViews(a, b)) deep-equals b), and it names nothing that is in neither.
 *
 * Views share structure (view/view.ts), so the walk skips every subtree that is the same object in
 * both and costs what changed, not the size of the table.
 */

/** A component without its subtree: its children are ids, sent as records of their own when changed. */
export interface ComponentRecord {
  id: string;
  name: string;
  type: ComponentType;
  options: ComponentOptions;
  parent: string | null;
  childData: ChildData | null;
  variables?: JsonObject;
  origin?: string;
  animationData?: AnimationData;
  animationHide?: boolean;
  placeholder?: Placeholder;
  children: { [positionName: string]: string[] | { [slot: string]: string } };
}

/**
 * A component whose own fields did not change, only which children it holds (a pile a card left, a
 * hand it joined): the positions that changed, their children as ids; the rest as the view has it.
 */
export interface ChildrenRecord {
  id: string;
  children: ComponentRecord["children"];
  /** The children of every position (their names changed), not only of those that changed. */
  whole?: true;
}

/** Whether a record brings the whole component (new, or changed in its own fields). */
export const isWholeRecord = (record: ComponentRecord | ChildrenRecord): record is ComponentRecord =>
  "type" in record;

export type SituationFields = { [K in Exclude<keyof Situation, "root">]?: Situation[K] };

export interface ViewPatch {
  fields?: SituationFields;
  /**
   * Fields changed in a few of their entries: field -> entry (array index or object key) -> new
   * value. The players of a four-player table change one or two at a turn; the rest is not sent.
   */
  parts?: { [field: string]: { [entry: string]: unknown } };
  /** New and changed components, parents before children. */
  components?: (ComponentRecord | ChildrenRecord)[];
}

/** Deep equality of JSON values (the situation is plain JSON). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  return sameEntries(a as Record<string, unknown>, b as Record<string, unknown>, jsonEqual);
}

const OWN_FIELDS = [
  "name",
  "type",
  "options",
  "parent",
  "childData",
  "variables",
  "origin",
  "animationData",
  "animationHide",
  "placeholder",
] as const;

function sameOwn(a: Component, b: Component): boolean {
  for (const field of OWN_FIELDS) if (a[field] !== b[field] && !jsonEqual(a[field], b[field])) return false;
  return true;
}

function childIds(children: PositionChildren): string[] | { [slot: string]: string } {
  if (Array.isArray(children)) return children.map((c) => c.id);
  const out: { [slot: string]: string } = {};
  for (const slot in children) out[slot] = (children[slot] as Component).id;
  return out;
}

/** Whether two positions hold components of the same ids in the same places (childIds equal). */
function sameIds(a: PositionChildren, b: PositionChildren): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if ((a[i] as Component).id !== (b[i] as Component).id) return false;
    return true;
  }
  return sameEntries(a, b, sameId);
}

const sameId = (a: Component, b: Component): boolean => a.id === b.id;

/** Whether two components have the same position names in the same order. */
function samePositionNames(a: Component["children"], b: Component["children"]): boolean {
  if (a === b) return true;
  if (!sameEntries(a, b, anyValues)) return false;
  // The same names: the same order too, nearly always (a component's positions are made once).
  const pa = Object.keys(a);
  let i = 0;
  for (const p in b) if (p !== pa[i++]) return false;
  return true;
}

function sameChildren(a: Component, b: Component): boolean {
  if (a.children === b.children) return true;
  if (!samePositionNames(a.children, b.children)) return false;
  for (const p in b.children)
    if (!sameIds(a.children[p] as PositionChildren, b.children[p] as PositionChildren)) return false;
  return true;
}

function childIdsOf(c: Component): ComponentRecord["children"] {
  const children: ComponentRecord["children"] = {};
  for (const p in c.children) children[p] = childIds(c.children[p] as PositionChildren);
  return children;
}

/** The positions of `b` whose children differ from `a`'s; every position when their names differ. */
function childrenRecord(a: Component, b: Component): ChildrenRecord {
  if (!samePositionNames(a.children, b.children)) return { id: b.id, children: childIdsOf(b), whole: true };
  const children: ComponentRecord["children"] = {};
  for (const p in b.children) {
    const cb = b.children[p] as PositionChildren;
    if (!sameIds(a.children[p] as PositionChildren, cb)) children[p] = childIds(cb);
  }
  return { id: b.id, children };
}

/**
 * Records made, per component object: a component is immutable, and the views of viewers who see it
 * the same share the object, so their patches share its record (made once, serialised once).
 */
const records = new WeakMap<Component, ComponentRecord>();

function recordOf(c: Component): ComponentRecord {
  let record = records.get(c);
  if (record === undefined) {
    record = makeRecord(c);
    records.set(c, record);
  }
  return record;
}

function makeRecord(c: Component): ComponentRecord {
  const children = childIdsOf(c);
  const record: ComponentRecord = {
    id: c.id,
    name: c.name,
    type: c.type,
    options: c.options,
    parent: c.parent,
    childData: c.childData,
    children,
  };
  if (c.variables !== undefined) record.variables = c.variables;
  if (c.origin !== undefined) record.origin = c.origin;
  if (c.animationData !== undefined) record.animationData = c.animationData;
  if (c.animationHide !== undefined) record.animationHide = c.animationHide;
  if (c.placeholder !== undefined) record.placeholder = c.placeholder;
  return record;
}

/**
 * Whether two field values of views are equal, remembered per pair of objects: every viewer's view
 * shares the situation's own objects for its fields (players, game state, ...), so a turn compares
 * each changed field once, not once per viewer.
 */
const sameField = new WeakMap<object, WeakMap<object, boolean>>();

function fieldEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return jsonEqual(a, b);
  let byB = sameField.get(a);
  const known = byB?.get(b);
  if (known !== undefined) return known;
  const equal = jsonEqual(a, b);
  if (byB === undefined) {
    byB = new WeakMap();
    sameField.set(a, byB);
  }
  byB.set(b, equal);
  return equal;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The entries of `b` that differ from `a`, when `a` and `b` are arrays of one length or objects with
 * the same keys and fewer than half the entries changed; else null (the field goes whole).
 */
function changedEntries(a: unknown, b: unknown): { [entry: string]: unknown } | null {
  let keys: string[];
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return null;
    keys = b.map((_, i) => String(i));
  } else if (isRecord(a) && isRecord(b)) {
    keys = Object.keys(b);
    const ka = Object.keys(a);
    if (ka.length !== keys.length || ka.some((k, i) => k !== keys[i])) return null;
  } else return null;
  const out: { [entry: string]: unknown } = {};
  let changed = 0;
  const av = a as Record<string, unknown>;
  const bv = b as Record<string, unknown>;
  for (const k of keys) {
    if (!fieldEqual(av[k], bv[k])) {
      out[k] = bv[k];
      changed++;
    }
  }
  return changed * 2 <= keys.length ? out : null;
}

export function diffViews(a: Situation, b: Situation): ViewPatch {
  const patch: ViewPatch = {};
  const fields: SituationFields = {};
  let changedFields = false;
  for (const name in b) {
    const key = name as keyof Situation;
    if (key === "root") continue;
    if (!fieldEqual(a[key], b[key])) {
      const entries = changedEntries(a[key], b[key]);
      if (entries !== null) {
        patch.parts ??= {};
        patch.parts[key] = entries;
      } else {
        (fields as Record<string, unknown>)[key] = b[key];
        changedFields = true;
      }
    }
  }
  if (changedFields) patch.fields = fields;
  if (a.root !== b.root) {
    const records: (ComponentRecord | ChildrenRecord)[] = [];
    // `ca` is b's component as it was in a, when known without a search: the child at the same
    // place, which is where most children stay. Otherwise (a moved piece) it is looked up by id.
    const walk = (cb: Component, known: Component | undefined): void => {
      const ca = known?.id === cb.id ? known : findComponent(a.root, cb.id);
      if (ca === cb) return;
      if (ca === undefined || !sameOwn(ca, cb)) records.push(recordOf(cb));
      else if (!sameChildren(ca, cb)) records.push(childrenRecord(ca, cb));
      for (const positionName in cb.children) {
        const list = cb.children[positionName] as PositionChildren;
        const old = ca?.children[positionName];
        if (Array.isArray(list)) {
          const oldList = Array.isArray(old) ? old : undefined;
          for (let i = 0; i < list.length; i++) walk(list[i] as Component, oldList?.[i]);
        } else {
          const oldSlots = old !== undefined && !Array.isArray(old) ? old : undefined;
          for (const slot in list) walk(list[slot] as Component, oldSlots?.[slot]);
        }
      }
    };
    walk(b.root, a.root);
    if (records.length > 0) patch.components = records;
  }
  return patch;
}

/** The view `a` with `patch` applied; throws when the patch names a component it does not bring. */
export function applyViewPatch(a: Situation, patch: ViewPatch): Situation {
  const records = new Map((patch.components ?? []).map((r) => [r.id, r]));
  let root = a.root;
  if (records.size > 0) {
    const parentOf = (id: string): string | null | undefined => {
      const record = records.get(id);
      return record !== undefined && isWholeRecord(record)
        ? record.parent
        : findComponent(a.root, id)?.parent;
    };
    for (const [id, record] of records)
      if (!isWholeRecord(record) && findComponent(a.root, id) === undefined)
        throw new Error(`The view has no component '${id}'.`);
    const dirty = new Set<string>();
    for (const id of records.keys()) {
      let current: string | null | undefined = id;
      while (current != null && !dirty.has(current)) {
        dirty.add(current);
        current = parentOf(current);
      }
    }
    const build = (id: string): Component => {
      const old = findComponent(a.root, id);
      if (!dirty.has(id)) {
        if (old === undefined) throw new Error(`The view has no component '${id}'.`);
        return old;
      }
      const record = records.get(id);
      const base = record !== undefined && isWholeRecord(record) ? record : old;
      if (base === undefined) throw new Error(`The view has no component '${id}'.`);
      const children: Component["children"] = {};
      const fromIds = (ids: string[] | { [slot: string]: string }): PositionChildren =>
        Array.isArray(ids)
          ? ids.map(build)
          : Object.fromEntries(Object.entries(ids).map(([slot, childId]) => [slot, build(childId)]));
      const kept = (list: PositionChildren): PositionChildren =>
        Array.isArray(list)
          ? list.map((c) => (dirty.has(c.id) ? build(c.id) : c))
          : Object.fromEntries(
              Object.entries(list).map(([slot, c]) => [slot, dirty.has(c.id) ? build(c.id) : c]),
            );
      if (record !== undefined && (isWholeRecord(record) || record.whole === true)) {
        for (const [p, ids] of Object.entries(record.children)) children[p] = fromIds(ids);
      } else {
        // The view's own positions, with those the record names replaced.
        for (const p of Object.keys(record?.children ?? {}))
          if (!Object.hasOwn((old as Component).children, p))
            throw new Error(`The view's component '${id}' has no position '${p}'.`);
        for (const [p, list] of Object.entries((old as Component).children)) {
          const ids = record?.children[p];
          children[p] = ids !== undefined ? fromIds(ids) : kept(list);
        }
      }
      const out: Component = {
        id: base.id,
        name: base.name,
        type: base.type,
        options: base.options,
        children,
        parent: base.parent,
        childData: base.childData,
      };
      if (base.variables !== undefined) out.variables = base.variables;
      if (base.origin !== undefined) out.origin = base.origin;
      if (base.animationData !== undefined) out.animationData = base.animationData;
      if (base.animationHide !== undefined) out.animationHide = base.animationHide;
      if (base.placeholder !== undefined) out.placeholder = base.placeholder;
      return out;
    };
    root = build(a.root.id);
  }
  const fields = { ...(patch.fields ?? {}) } as Record<string, unknown>;
  for (const [key, entries] of Object.entries(patch.parts ?? {})) {
    const old = (a as unknown as Record<string, unknown>)[key];
    const next = Array.isArray(old) ? old.slice() : { ...(old as Record<string, unknown>) };
    for (const [entry, value] of Object.entries(entries))
      (next as Record<string, unknown>)[Array.isArray(next) ? Number(entry) : entry] = value;
    fields[key] = next;
  }
  return withFields(a, { ...(fields as Partial<Situation>), root });
}

/** A patch that changes nothing. */
export function isEmptyPatch(patch: ViewPatch): boolean {
  return patch.fields === undefined && patch.parts === undefined && patch.components === undefined;
}
