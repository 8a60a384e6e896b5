import { activeState, DECK_POSITION } from "../access.js";
import { type DisplayMode, type VisibilityInfo, visibilityInfo } from "../component-info.js";
import type { RuleContext, RuleModule, Secrets } from "../module/types.js";
import type { Component, Situation } from "../situation.js";
import { governingMode, seenAs, type Visibility } from "../visibility.js";

/**
 * Who sees what of one situation. One walk down the tree resolves what does not depend on the
 * viewer (each component's visibility info, the display mode its place gives it, its owner, a deck's
 * face-up top card); each viewer then costs one pass over that list. A situation is immutable, so
 * the result is kept per situation object: the view of every seat, the undo flags and the id
 * re-issue of one turn all read the same walk.
 *
 * A viewer here is a seat (a colour) or 'spectator' (owns nothing, was shown nothing). Edit mode
 * plays no part: it lets a seat fix the board, never see more of it (game-table.md, DESIGN.md).
 */

interface Entry {
  component: Component;
  /** Index of the parent's entry; -1 for the root. */
  parent: number;
  /** Index of the (parent, position) this component lies in, in Walk.places; -1 for the root. */
  place: number;
  own: VisibilityInfo;
  mode: DisplayMode | undefined;
  owner: string | null;
  /** The top card of a deck with revealTop: its face shows to everyone. */
  shownTop: boolean;
}

export interface Sight {
  /** Every component, parents before children (tree order). */
  readonly components: readonly Component[];
  /** The visibility of each component (parallel to `components`) for a seat or 'spectator'. */
  of(viewer: string): readonly Visibility[];
  /** Component id -> index in `components`. */
  indexOf(id: string): number | undefined;
}

/** The hooks sight reads; a whole rule module fits. */
export type SightRules = Pick<RuleModule, "isPosVisible" | "secrets">;

/**
 * The default module's answers (module/default.ts uses these very functions), for callers without a
 * module at hand. A module that keeps them shares one sight per situation with those callers.
 */
export const DEFAULT_SIGHT_RULES: SightRules = {
  isPosVisible: (situation, componentId, positionName) =>
    activeState(situation).isPosVisible?.[componentId]?.[positionName] !== false,
  secrets: () => ({}),
};

interface Memo {
  pieces: RuleContext["pieces"];
  options: RuleContext["options"];
  isPosVisible: SightRules["isPosVisible"];
  secrets: SightRules["secrets"];
  sight: Sight;
}

const memo = new WeakMap<Situation, Memo>();

/**
 * The sight of a situation for these rules; computed once per (situation, pieces, options, the two
 * hooks it reads): the undo flags, the id re-issue and every viewer's view of a turn share one walk.
 */
export function sightOf(
  situation: Situation,
  ctx: RuleContext,
  module: SightRules = DEFAULT_SIGHT_RULES,
): Sight {
  const kept = memo.get(situation);
  if (
    kept &&
    kept.pieces === ctx.pieces &&
    kept.options === ctx.options &&
    kept.isPosVisible === module.isPosVisible &&
    kept.secrets === module.secrets
  )
    return kept.sight;
  const rules = { isPosVisible: module.isPosVisible, secrets: module.secrets };
  const sight = computeSight(situation, ctx, rules);
  memo.set(situation, { pieces: ctx.pieces, options: ctx.options, ...rules, sight });
  return sight;
}

interface Walk {
  entries: Entry[];
  /** The (parent component, position name) pairs children lie in: isPosVisible is asked per pair. */
  places: { parent: Component; positionName: string }[];
}

function computeSight(situation: Situation, ctx: RuleContext, module: SightRules): Sight {
  const areas = new Map<string, string>();
  for (const p of situation.players) areas.set(p.area, p.color);
  const walk: Walk = { entries: [], places: [] };
  visit(walk, situation, ctx, areas, situation.root, -1, -1, undefined, null, false);
  const { entries, places } = walk;
  const components = entries.map((e) => e.component);
  let ids: Map<string, number> | undefined;
  const perViewer = new Map<string, Visibility[]>();
  return {
    components,
    indexOf(id) {
      if (ids === undefined) {
        ids = new Map();
        for (let i = 0; i < components.length; i++) ids.set((components[i] as Component).id, i);
      }
      return ids.get(id);
    },
    of(viewer) {
      let out = perViewer.get(viewer);
      if (out === undefined) {
        out = visibilities(situation, entries, places, viewer, ctx, module);
        perViewer.set(viewer, out);
      }
      return out;
    },
  };
}

/** One walk down the tree, parents before children (plain loops: this runs for every turn). */
function visit(
  walk: Walk,
  situation: Situation,
  ctx: RuleContext,
  areas: ReadonlyMap<string, string>,
  component: Component,
  parent: number,
  place: number,
  parentInfo: VisibilityInfo | undefined,
  owner: string | null,
  shownTop: boolean,
): void {
  const own = visibilityInfo(ctx.pieces, component, situation);
  const mine = areas.get(component.id) ?? owner;
  const index = walk.entries.length;
  walk.entries.push({
    component,
    parent,
    place,
    own,
    mode: governingMode(component, parentInfo),
    owner: mine,
    shownTop,
  });
  const revealTop = component.type === "deck" && component.options.revealTop === true;
  for (const positionName in component.children) {
    const children = component.children[positionName] as Component[] | { [slot: string]: Component };
    const slot = walk.places.length;
    walk.places.push({ parent: component, positionName });
    if (Array.isArray(children)) {
      const last = children.length - 1;
      for (let i = 0; i <= last; i++) {
        const top = revealTop && positionName === DECK_POSITION && i === last;
        visit(walk, situation, ctx, areas, children[i] as Component, index, slot, own, mine, top);
      }
    } else {
      for (const key in children)
        visit(walk, situation, ctx, areas, children[key] as Component, index, slot, own, mine, false);
    }
  }
}

function secretsOf(situation: Situation, viewer: string, ctx: RuleContext, module: SightRules) {
  if (module.secrets === DEFAULT_SIGHT_RULES.secrets) return null;
  try {
    const s: Secrets = module.secrets(situation, viewer, ctx);
    return { back: new Set(s.back ?? []), hidden: new Set(s.hidden ?? []), failed: false };
  } catch {
    // A throwing secrets hook must not leak what it meant to hide: every card becomes a back.
    return { back: new Set<string>(), hidden: new Set<string>(), failed: true };
  }
}

function visibilities(
  situation: Situation,
  entries: readonly Entry[],
  places: Walk["places"],
  viewer: string,
  ctx: RuleContext,
  module: SightRules,
): Visibility[] {
  const secrets = secretsOf(situation, viewer, ctx, module);
  const shownPlaces: (boolean | undefined)[] = new Array(places.length);
  const out: Visibility[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as Entry;
    if (e.parent >= 0) {
      if (out[e.parent] === "hidden") {
        out[i] = "hidden";
        continue;
      }
      let shown = shownPlaces[e.place];
      if (shown === undefined) {
        const where = places[e.place] as Walk["places"][number];
        try {
          shown = module.isPosVisible(situation, where.parent.id, where.positionName, viewer, ctx) !== false;
        } catch {
          shown = false;
        }
        shownPlaces[e.place] = shown;
      }
      if (!shown) {
        out[i] = "hidden";
        continue;
      }
    }
    let seen: Visibility = e.shownTop ? "face" : seenAs(e.component, e.own, e.mode, e.owner, viewer, false);
    if (secrets !== null) {
      const id = e.component.id;
      if (secrets.hidden.has(id)) seen = "hidden";
      else if (seen === "face" && (secrets.back.has(id) || (secrets.failed && e.component.type === "card")))
        seen = "back";
    }
    out[i] = seen;
  }
  return out;
}

/**
 * Component id -> bit mask of the viewers (by index in `viewers`) that see its face. At most 31
 * viewers: the spec's ten colours and 'spectator' fit.
 */
const masks = new WeakMap<Sight, { key: string; masks: Map<string, number> }>();

export function faceMasks(sight: Sight, viewers: readonly string[]): Map<string, number> {
  const key = viewers.join("\u0000");
  const kept = masks.get(sight);
  if (kept?.key === key) return kept.masks;
  const out = new Map<string, number>();
  const seen = viewers.map((v) => sight.of(v));
  sight.components.forEach((component, i) => {
    let mask = 0;
    for (let v = 0; v < seen.length; v++)
      if ((seen[v] as readonly Visibility[])[i] === "face") mask |= 1 << v;
    out.set(component.id, mask);
  });
  masks.set(sight, { key, masks: out });
  return out;
}
