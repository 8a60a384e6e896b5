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
  positionName: string | null;
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

/** The default module's answers (module/default.ts), for callers without a module at hand. */
const DEFAULT_RULES: SightRules = {
  isPosVisible: (situation, componentId, positionName) =>
    activeState(situation).isPosVisible?.[componentId]?.[positionName] !== false,
  secrets: () => ({}),
};

interface Memo {
  pieces: RuleContext["pieces"];
  options: RuleContext["options"];
  module: SightRules;
  sight: Sight;
}

const memo = new WeakMap<Situation, Memo>();

/** The sight of a situation for these rules; computed once per (situation, rules). */
export function sightOf(situation: Situation, ctx: RuleContext, module: SightRules = DEFAULT_RULES): Sight {
  const kept = memo.get(situation);
  if (kept && kept.pieces === ctx.pieces && kept.options === ctx.options && kept.module === module)
    return kept.sight;
  const sight = computeSight(situation, ctx, module);
  memo.set(situation, { pieces: ctx.pieces, options: ctx.options, module, sight });
  return sight;
}

function computeSight(situation: Situation, ctx: RuleContext, module: SightRules): Sight {
  const areas = new Map(situation.players.map((p) => [p.area, p.color]));
  const entries: Entry[] = [];
  const visit = (
    component: Component,
    parent: number,
    parentInfo: VisibilityInfo | undefined,
    owner: string | null,
    shownTop: boolean,
  ): void => {
    const own = visibilityInfo(ctx.pieces, component, situation);
    const mine = areas.get(component.id) ?? owner;
    const index = entries.length;
    entries.push({
      component,
      parent,
      positionName: component.childData?.positionName ?? null,
      own,
      mode: governingMode(component, parentInfo),
      owner: mine,
      shownTop,
    });
    const revealTop = component.type === "deck" && component.options.revealTop === true;
    for (const [positionName, children] of Object.entries(component.children)) {
      const list = Array.isArray(children) ? children : Object.values(children);
      const last = list.length - 1;
      list.forEach((child, i) => {
        visit(child, index, own, mine, revealTop && positionName === DECK_POSITION && i === last);
      });
    }
  };
  visit(situation.root, -1, undefined, null, false);

  const components = entries.map((e) => e.component);
  let ids: Map<string, number> | undefined;
  const perViewer = new Map<string, Visibility[]>();
  return {
    components,
    indexOf(id) {
      ids ??= new Map(components.map((c, i) => [c.id, i]));
      return ids.get(id);
    },
    of(viewer) {
      let out = perViewer.get(viewer);
      if (out === undefined) {
        out = visibilities(situation, entries, viewer, ctx, module);
        perViewer.set(viewer, out);
      }
      return out;
    },
  };
}

function secretsOf(situation: Situation, viewer: string, ctx: RuleContext, module: SightRules) {
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
  viewer: string,
  ctx: RuleContext,
  module: SightRules,
): Visibility[] {
  const secrets = secretsOf(situation, viewer, ctx, module);
  const positionShown = new Map<string, boolean>();
  const shows = (parent: Component, positionName: string): boolean => {
    const key = `${parent.id}\u0000${positionName}`;
    let shown = positionShown.get(key);
    if (shown === undefined) {
      try {
        shown = module.isPosVisible(situation, parent.id, positionName, viewer, ctx) !== false;
      } catch {
        shown = false;
      }
      positionShown.set(key, shown);
    }
    return shown;
  };
  const out: Visibility[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as Entry;
    if (e.parent >= 0) {
      const parentSeen = out[e.parent] as Visibility;
      const parent = entries[e.parent] as Entry;
      if (parentSeen === "hidden" || (e.positionName !== null && !shows(parent.component, e.positionName))) {
        out[i] = "hidden";
        continue;
      }
    }
    let seen: Visibility = e.shownTop ? "face" : seenAs(e.component, e.own, e.mode, e.owner, viewer, false);
    const id = e.component.id;
    if (secrets.hidden.has(id)) seen = "hidden";
    else if (seen === "face" && (secrets.back.has(id) || (secrets.failed && e.component.type === "card")))
      seen = "back";
    out[i] = seen;
  }
  return out;
}

/**
 * Component id -> bit mask of the viewers (by index in `viewers`) that see its face. At most 31
 * viewers: the spec's ten colours and 'spectator' fit.
 */
export function faceMasks(sight: Sight, viewers: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const seen = viewers.map((v) => sight.of(v));
  sight.components.forEach((component, i) => {
    let mask = 0;
    for (let v = 0; v < seen.length; v++)
      if ((seen[v] as readonly Visibility[])[i] === "face") mask |= 1 << v;
    out.set(component.id, mask);
  });
  return out;
}
