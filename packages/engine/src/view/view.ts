import { withFields } from "../access.js";
import { FULL_VIEW } from "../constants.js";
import type { JsonObject } from "../json.js";
import type { RuleContext } from "../module/types.js";
import { RecentCache } from "../recent.js";
import type {
  Component,
  ComponentOptions,
  Placeholder,
  PositionChildren,
  RngState,
  Situation,
} from "../situation.js";
import { sameLayoutAs } from "../tree.js";
import type { Visibility } from "../visibility.js";
import { identical, sameEntries } from "./same-entries.js";
import { type SightRules, sightOf } from "./sight.js";

/**
 * A viewer's view of a situation (DESIGN.md 'Hidden information'): the same shape as the situation,
 * with every component the viewer may not see replaced by a placeholder that carries no identity,
 * the rule module's secret globals left out, and the random state replaced by a constant.
 *
 * Viewers: a seat (a colour), 'spectator', or FULL_VIEW (everything but the random state). The server
 * holds the full situation and sends each viewer its view; the browser draws the view and evaluates
 * its own turns on it.
 *
 * Views share structure: a component the viewer sees whole is the situation's own object, and a
 * placeholder is made once per component object, so two views of consecutive situations differ only
 * where something changed (view/patch.ts walks just those parts).
 */

/** What a view holds instead of the random state: the same for every view, so it tells nothing. */
export const HIDDEN_RNG: RngState = Object.freeze({ state: 0 }) as RngState;

/** Options a placeholder keeps: those that draw its back, never its face. */
const BACK_OPTIONS = ["deckName", "revImageName"] as const;

/** Per situation, a few in use at once (recent.ts: why not only a WeakMap). */
const fullViews = new RecentCache<Situation, Situation>(8);
interface Kept {
  pieces: RuleContext["pieces"];
  options: RuleContext["options"];
  module: SightRules | undefined;
  view: Situation;
}

const seatViews = new RecentCache<Situation, Map<string, Kept>>(8);
const placeholders = new WeakMap<Component, { back?: Component; hidden?: Component }>();

/** Whether a component of a view stands for one its viewer may not see. */
export function isPlaceholder(component: Component): boolean {
  return component.placeholder !== undefined;
}

export function viewOf(
  situation: Situation,
  viewer: string,
  ctx: RuleContext,
  module?: SightRules,
): Situation {
  if (viewer === FULL_VIEW) return fullView(situation);
  let byViewer = seatViews.get(situation);
  const kept = byViewer?.get(viewer);
  if (kept && kept.pieces === ctx.pieces && kept.options === ctx.options && kept.module === module)
    return kept.view;
  const sight = sightOf(situation, ctx, module);
  const seen = sight.of(viewer);
  let i = 0;
  // Tree order is the order sight walked in: the i-th component visited is sight.components[i].
  const build = (component: Component, hiddenAbove: boolean): Component => {
    const visibility: Visibility = hiddenAbove ? "hidden" : (seen[i] as Visibility);
    i++;
    if (visibility === "face") return withChildren(component, viewer, buildSeen);
    const kind: Placeholder = visibility === "back" ? "back" : "hidden";
    const children = mapChildren(component.children, viewer, kind === "hidden" ? buildHidden : buildSeen);
    return placeholderOf(component, kind, children);
  };
  // One of each, not a closure per component: a view is built for every viewer at every turn.
  const buildSeen = (child: Component) => build(child, false);
  const buildHidden = (child: Component) => build(child, true);
  const root = build(situation.root, false);
  const secretGlobals = secretGlobalsOf(situation, viewer, ctx, module);
  let globals = situation.globals;
  if (secretGlobals.length > 0) {
    const kept: JsonObject = {};
    for (const [name, value] of Object.entries(globals))
      if (!secretGlobals.includes(name)) kept[name] = value;
    globals = kept;
  }
  // Nothing hidden from this viewer: the one full view, shared by every such viewer (their events
  // are then alike, and made once).
  const view =
    root === situation.root && globals === situation.globals
      ? fullView(situation)
      : withFields(situation, { root, globals, rng: HIDDEN_RNG });
  // The view's tree has the situation's ids in the same places: a lookup in it (a bot's, the
  // browser's) copies the situation's index instead of walking the view.
  sameLayoutAs(root, situation.root);
  if (byViewer === undefined) {
    byViewer = new Map();
    seatViews.set(situation, byViewer);
  }
  byViewer.set(viewer, { pieces: ctx.pieces, options: ctx.options, module, view });
  return view;
}

/** Everything but the random state. */
export function fullView(situation: Situation): Situation {
  if (situation.rng === HIDDEN_RNG) return situation;
  let view = fullViews.get(situation);
  if (view === undefined) {
    view = withFields(situation, { rng: HIDDEN_RNG });
    fullViews.set(situation, view);
  }
  return view;
}

function secretGlobalsOf(
  situation: Situation,
  viewer: string,
  ctx: RuleContext,
  module: SightRules | undefined,
): readonly string[] {
  if (module === undefined) return [];
  try {
    return module.secrets(situation, viewer, ctx).globals ?? [];
  } catch {
    // As in sight.ts: a throwing hook hides what it might have meant to hide.
    return Object.keys(situation.globals);
  }
}

/** What each position's children became in a viewer's last view, kept per position object. */
const positionViews = new WeakMap<PositionChildren, Map<string, PositionChildren>>();

/**
 * The children of a component with `map` applied to each: the very same object when every child maps
 * to itself (most of a view), so a walk over an unchanged subtree allocates nothing.
 */
function mapChildren(
  children: Component["children"],
  viewer: string,
  map: (child: Component) => Component,
): Component["children"] {
  let out: Component["children"] | undefined;
  for (const positionName in children) {
    const list = children[positionName] as PositionChildren;
    let mapped: PositionChildren;
    if (Array.isArray(list)) {
      let copy: Component[] | undefined;
      for (let k = 0; k < list.length; k++) {
        const child = list[k] as Component;
        const next = map(child);
        if (next !== child && copy === undefined) copy = list.slice(0, k);
        copy?.push(next);
      }
      mapped = copy ?? list;
    } else {
      let copy: { [slot: string]: Component } | undefined;
      for (const slot in list) {
        const child = list[slot] as Component;
        const next = map(child);
        if (next !== child) copy ??= { ...list };
        if (copy !== undefined) copy[slot] = next;
      }
      mapped = copy ?? list;
    }
    if (mapped !== list) {
      // The same position seen the same way as last time: the same object, so views share it.
      let byViewer = positionViews.get(list);
      const kept = byViewer?.get(viewer);
      if (kept !== undefined && samePosition(kept, mapped)) mapped = kept;
      else {
        if (byViewer === undefined) {
          byViewer = new Map();
          positionViews.set(list, byViewer);
        }
        byViewer.set(viewer, mapped);
      }
      out ??= { ...children };
      out[positionName] = mapped;
    }
  }
  return out ?? children;
}

/** The copies made of seen components with unseen pieces inside, per viewer (see withChildren). */
const copies = new WeakMap<Component, Map<string, Component>>();

/**
 * The component itself when its whole subtree is seen, else a copy over the children's views. The
 * copy is kept per viewer and used again while every child's view is the same object, so the views
 * of consecutive situations share the parts a turn did not touch.
 */
function withChildren(component: Component, viewer: string, map: (child: Component) => Component): Component {
  const out = mapChildren(component.children, viewer, map);
  if (out === component.children) return component;
  let byViewer = copies.get(component);
  const kept = byViewer?.get(viewer);
  if (kept !== undefined) {
    let all = true;
    for (const positionName in out) {
      const before = kept.children[positionName];
      if (before !== undefined && samePosition(before, out[positionName] as PositionChildren))
        out[positionName] = before;
      else all = false;
    }
    if (all) return kept;
  }
  const copy = { ...component, children: out };
  if (byViewer === undefined) {
    byViewer = new Map();
    copies.set(component, byViewer);
  }
  byViewer.set(viewer, copy);
  return copy;
}

function samePosition(a: PositionChildren, b: PositionChildren): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  return sameEntries(a, b, identical);
}

function placeholderOf(component: Component, kind: Placeholder, children: Component["children"]): Component {
  let leaf = true;
  for (const _ in component.children) {
    leaf = false;
    break;
  }
  const made = leaf ? placeholders.get(component)?.[kind] : undefined;
  if (made !== undefined) return made;
  const options: ComponentOptions = {};
  if (kind === "back") {
    for (const key of BACK_OPTIONS) {
      const value = component.options[key];
      if (value !== undefined) options[key] = value;
    }
  }
  options.facedown = true;
  const placeholder: Component = {
    id: component.id,
    // A card's name is the same for every card; another piece's name picks the image it is drawn
    // with (its back is that image), so a back keeps it and a component not drawn at all does not.
    name: component.type === "card" ? "card" : kind === "back" ? component.name : "",
    type: component.type,
    options,
    children,
    parent: component.parent,
    childData: component.childData,
    placeholder: kind,
  };
  if (leaf) placeholders.set(component, { ...placeholders.get(component), [kind]: placeholder });
  return placeholder;
}
