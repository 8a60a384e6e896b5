import { activeState, DECK_POSITION } from "../access.js";
import {
  type DisplayMode,
  plainVisibility,
  type VisibilityInfo,
  visibilityInfo,
  withOverdrive,
} from "../component-info.js";
import type { RuleContext, RuleModule, Secrets } from "../module/types.js";
import { RecentCache } from "../recent.js";
import type { Component, GameState, Situation } from "../situation.js";
import { knownSize, walk as walkTree } from "../tree.js";
import { governingMode, seenAs, seenWith, type Visibility } from "../visibility.js";

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

export interface Sight {
  /** Every component, parents before children (tree order). */
  readonly components: readonly Component[];
  /** The visibility of each component (parallel to `components`) for a seat or 'spectator'. */
  of(viewer: string): readonly Visibility[];
  /** Component id -> index in `components`. */
  indexOf(id: string): number | undefined;
  /**
   * For each component (parallel to `components`), the bit mask of `viewers` (by index) that see its
   * face: what faceMasks counts from of(), in one pass for all viewers. Undefined where the rules'
   * hooks are a module's own (they are asked per viewer).
   */
  faceBits?(viewers: readonly string[]): readonly number[] | undefined;
  /** faceMasks' answer for the viewers it was last asked about, kept with the sight it reads. */
  masks?: { viewers: readonly string[]; masks: Map<string, number> };
  /** faceMaskList's answer, likewise. */
  maskList?: { viewers: readonly string[]; list: readonly number[] };
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

/** Per situation (a few in use at once: RecentCache). */
const memo = new RecentCache<Situation, Memo>(8);

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

/**
 * Records the sight of `renamed`: `situation` with some pieces renamed, [old id, new id]
 * (view/reissue.ts applyRenames: the same tree, each piece in its place, under a new id), so every
 * viewer sees of each piece what it saw of it before the renaming, without another walk. Only when
 * that is sure: the sight of `situation` is at hand, the rules' hooks are the defaults (a module's
 * own isPosVisible or secrets may read ids), no renamed piece's visibility is conditional and no
 * overdrive waits under a new id (either may answer to the id), and the trees match piece for piece.
 * Otherwise nothing is recorded and the sight is worked out when asked, as for any situation.
 */
export function carrySight(
  situation: Situation,
  renamed: Situation,
  renames: ReadonlyMap<string, string>,
  ctx: RuleContext,
  module: SightRules = DEFAULT_SIGHT_RULES,
): void {
  if (
    module.isPosVisible !== DEFAULT_SIGHT_RULES.isPosVisible ||
    module.secrets !== DEFAULT_SIGHT_RULES.secrets
  )
    return;
  const kept = memo.get(situation);
  if (
    kept === undefined ||
    kept.pieces !== ctx.pieces ||
    kept.options !== ctx.options ||
    kept.isPosVisible !== module.isPosVisible ||
    kept.secrets !== module.secrets
  )
    return;
  const overdrive = activeState(situation).componentOverdrive;
  for (const to of renames.values()) if (overdrive[to] !== undefined) return;
  const before = kept.sight;
  const plain = plainVisibility(ctx.pieces);
  const components: Component[] = [];
  let matches = true;
  walkTree(renamed.root, (component) => {
    const was = before.components[components.length];
    components.push(component);
    if (!matches || was === undefined) {
      matches = false;
      return;
    }
    const to = renames.get(was.id);
    if (to === undefined ? component.id !== was.id : component.id !== to || plain(was) === null)
      matches = false;
  });
  if (!matches || components.length !== before.components.length) return;
  let ids: Map<string, number> | undefined;
  const sight: Sight = {
    components,
    indexOf(id) {
      if (ids === undefined) {
        ids = new Map();
        for (let i = 0; i < components.length; i++) ids.set((components[i] as Component).id, i);
      }
      return ids.get(id);
    },
    of: (viewer) => before.of(viewer),
    // The same masks, in the same order: the renamed pieces' are theirs before the renaming.
    faceBits: (viewers) => faceMaskList(before, viewers),
  };
  memo.set(renamed, {
    pieces: ctx.pieces,
    options: ctx.options,
    isPosVisible: module.isPosVisible,
    secrets: module.secrets,
    sight,
  });
}

/**
 * The walk's result, one slot per component in tree order (parallel arrays: this runs for every
 * turn, and a few arrays cost less than an object per component).
 */
interface Walk {
  /** Components visited so far. */
  count: number;
  situation: Situation;
  pieces: RuleContext["pieces"];
  plain: (component: Component) => VisibilityInfo | null;
  /** The active state's overdrives, null when it has none. */
  overdrive: GameState["componentOverdrive"] | null;
  areas: ReadonlyMap<string, string>;
  components: Component[];
  /** Index of the parent's slot; -1 for the root. */
  parents: number[];
  /** Index of the (parent, position) the component lies in, in placeParents/placeNames; -1 for the root. */
  places: number[];
  own: VisibilityInfo[];
  modes: (DisplayMode | undefined)[];
  owners: (string | null)[];
  /** The top card of a deck with revealTop: its face shows to everyone. */
  shownTop: boolean[];
  /** Each component's cardUnflippedFor (the seats it was shown to), mostly undefined. */
  unflipped: unknown[];
  /** What the owner of its place (or everyone, for a place nobody owns) sees, when not shown to them. */
  asOwner: Visibility[];
  /** What anyone else sees, when not shown to them. */
  asOther: Visibility[];
  /** The (parent component, position name) pairs children lie in: isPosVisible is asked per pair. */
  placeParents: Component[];
  placeNames: string[];
}

function computeSight(situation: Situation, ctx: RuleContext, module: SightRules): Sight {
  const areas = new Map<string, string>();
  for (const p of situation.players) areas.set(p.area, p.color);
  const overdrive = activeState(situation).componentOverdrive;
  let any = false;
  for (const _ in overdrive) {
    any = true;
    break;
  }
  // The arrays at their final size when the tree's index tells it (a live table's does).
  const size = knownSize(situation.root);
  const walk: Walk = {
    count: 0,
    situation,
    pieces: ctx.pieces,
    plain: plainVisibility(ctx.pieces),
    overdrive: any ? overdrive : null,
    areas,
    components: sized(size),
    parents: sized(size),
    places: sized(size),
    own: sized(size),
    modes: sized(size),
    owners: sized(size),
    shownTop: sized(size),
    unflipped: sized(size),
    asOwner: sized(size),
    asOther: sized(size),
    placeParents: [],
    placeNames: [],
  };
  visit(walk, situation.root, -1, -1, undefined, null, false);
  const { components } = walk;
  // A tree without a component for each of its index's ids (only a corrupt one) leaves no holes.
  if (components.length !== walk.count)
    for (const list of [
      components,
      walk.parents,
      walk.places,
      walk.own,
      walk.modes,
      walk.owners,
      walk.shownTop,
      walk.unflipped,
      walk.asOwner,
      walk.asOther,
    ])
      list.length = walk.count;
  let ids: Map<string, number> | undefined;
  const perViewer = new Map<string, Visibility[]>();
  let shownPlaces: boolean[] | null | undefined;
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
        // The default isPosVisible reads the active state alone: the same answers for every viewer.
        if (module.isPosVisible === DEFAULT_SIGHT_RULES.isPosVisible && shownPlaces === undefined)
          shownPlaces = defaultShownPlaces(walk);
        out = visibilities(walk, viewer, ctx, module, shownPlaces ?? null);
        perViewer.set(viewer, out);
      }
      return out;
    },
    faceBits(viewers) {
      if (
        module.isPosVisible !== DEFAULT_SIGHT_RULES.isPosVisible ||
        module.secrets !== DEFAULT_SIGHT_RULES.secrets ||
        viewers.length > 30
      )
        return undefined;
      if (shownPlaces === undefined) shownPlaces = defaultShownPlaces(walk);
      return faceBitsOf(walk, viewers, shownPlaces);
    },
  };
}

/**
 * visibilities for every viewer at once, as bit masks (default rules: no secrets, and places shown
 * or not alike to all): which viewers see each component's face. A viewer's bit is set in `hidden`
 * where visibilities answers 'hidden', so children of a hidden component stay hidden to it.
 */
function faceBitsOf(walk: Walk, viewers: readonly string[], shownPlaces: boolean[] | null): number[] {
  const n = walk.count;
  const all = (1 << viewers.length) - 1;
  const { parents, places, owners, shownTop, unflipped, asOwner, asOther } = walk;
  const hiddenTo: number[] = new Array(n);
  const face: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const parent = parents[i] as number;
    let hidden = 0;
    if (parent >= 0) {
      hidden = hiddenTo[parent] as number;
      if (shownPlaces !== null && shownPlaces[places[i] as number] !== true) hidden = all;
    }
    let seen = 0;
    const rest = all & ~hidden;
    if (rest !== 0) {
      const owner = owners[i] as string | null;
      if (shownTop[i]) seen = rest;
      else if (unflipped[i] === undefined || unflipped[i] === null) {
        let mine = all;
        if (owner !== null) {
          mine = 0;
          for (let v = 0; v < viewers.length; v++) if (viewers[v] === owner) mine |= 1 << v;
        }
        const theirs = rest & mine;
        const others = rest & ~mine;
        const a = asOwner[i];
        const b = asOther[i];
        if (a === "face") seen |= theirs;
        else if (a === "hidden") hidden |= theirs;
        if (b === "face") seen |= others;
        else if (b === "hidden") hidden |= others;
      } else {
        const component = walk.components[i] as Component;
        for (let v = 0; v < viewers.length; v++) {
          const bit = 1 << v;
          if ((rest & bit) === 0) continue;
          const one = seenAs(
            component,
            walk.own[i] as VisibilityInfo,
            walk.modes[i],
            owner,
            viewers[v] as string,
            false,
          );
          if (one === "face") seen |= bit;
          else if (one === "hidden") hidden |= bit;
        }
      }
    }
    hiddenTo[i] = hidden;
    face[i] = seen;
  }
  return face;
}

function sized<T>(size: number | undefined): T[] {
  return size === undefined ? [] : new Array<T>(size);
}

/** One component's visibility info: its piece's, then the overdrive (as visibilityInfo resolves it). */
function ownInfo(walk: Walk, component: Component): VisibilityInfo {
  const plain = walk.plain(component);
  if (plain === null) return visibilityInfo(walk.pieces, component, walk.situation);
  const overdrive = walk.overdrive?.[component.id];
  return overdrive === undefined ? plain : withOverdrive(plain, overdrive);
}

/** One walk down the tree, parents before children (plain loops: this runs for every turn). */
function visit(
  walk: Walk,
  component: Component,
  parent: number,
  place: number,
  parentInfo: VisibilityInfo | undefined,
  owner: string | null,
  shownTop: boolean,
): void {
  const own = ownInfo(walk, component);
  const mine = walk.areas.get(component.id) ?? owner;
  const index = walk.count++;
  walk.components[index] = component;
  walk.parents[index] = parent;
  walk.places[index] = place;
  const mode = governingMode(component, parentInfo);
  walk.own[index] = own;
  walk.modes[index] = mode;
  walk.owners[index] = mine;
  walk.shownTop[index] = shownTop;
  // Most components look the same to every viewer but the owner of their place: both answers now,
  // so a viewer's pass only picks one (seenAs stays the rule; see visibilities).
  const options = component.options;
  const facedown = options.facedown === true;
  walk.unflipped[index] = own.hidden === true ? undefined : options.cardUnflippedFor;
  walk.asOwner[index] = seenWith(own, mode, facedown, false, true, false);
  walk.asOther[index] = seenWith(own, mode, facedown, false, false, false);
  const revealTop = component.type === "deck" && component.options.revealTop === true;
  const all = component.children;
  for (const positionName in all) {
    const children = all[positionName] as Component[] | { [slot: string]: Component };
    const childPlace = walk.placeNames.length;
    walk.placeParents.push(component);
    walk.placeNames.push(positionName);
    if (Array.isArray(children)) {
      const last = children.length - 1;
      for (let i = 0; i <= last; i++) {
        const top = revealTop && positionName === DECK_POSITION && i === last;
        visit(walk, children[i] as Component, index, childPlace, own, mine, top);
      }
    } else {
      const slots = Object.keys(children);
      for (let k = 0; k < slots.length; k++)
        visit(walk, children[slots[k] as string] as Component, index, childPlace, own, mine, false);
    }
  }
}

/** Whether each place shows its children, by the default isPosVisible (DEFAULT_SIGHT_RULES); null: all do. */
function defaultShownPlaces(walk: Walk): boolean[] | null {
  const hidden = activeState(walk.situation).isPosVisible;
  if (hidden === null) return null;
  return walk.placeParents.map((parent, i) => hidden?.[parent.id]?.[walk.placeNames[i] as string] !== false);
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

/**
 * What `viewer` sees of each component. `defaultPlaces`: the default isPosVisible's answers (null:
 * every place shows), or undefined to ask the module's hook per place.
 */
function visibilities(
  walk: Walk,
  viewer: string,
  ctx: RuleContext,
  module: SightRules,
  defaultPlaces: boolean[] | null | undefined,
): Visibility[] {
  const { situation, components, parents, places, own, modes, owners, shownTop, unflipped } = walk;
  const secrets = secretsOf(situation, viewer, ctx, module);
  const asked = module.isPosVisible === DEFAULT_SIGHT_RULES.isPosVisible;
  const shownPlaces: (boolean | undefined)[] = asked ? [] : new Array(walk.placeNames.length);
  const out: Visibility[] = new Array(components.length);
  for (let i = 0; i < components.length; i++) {
    const component = components[i] as Component;
    const parent = parents[i] as number;
    if (parent >= 0) {
      if (out[parent] === "hidden") {
        out[i] = "hidden";
        continue;
      }
      const place = places[i] as number;
      let shown: boolean | undefined;
      if (asked)
        shown = defaultPlaces === null || defaultPlaces === undefined || defaultPlaces[place] === true;
      else {
        shown = shownPlaces[place];
        if (shown === undefined) {
          try {
            shown =
              module.isPosVisible(
                situation,
                (walk.placeParents[place] as Component).id,
                walk.placeNames[place] as string,
                viewer,
                ctx,
              ) !== false;
          } catch {
            shown = false;
          }
          shownPlaces[place] = shown;
        }
      }
      if (!shown) {
        out[i] = "hidden";
        continue;
      }
    }
    const owner = owners[i] as string | null;
    let seen: Visibility;
    if (shownTop[i]) seen = "face";
    else if (unflipped[i] === undefined || unflipped[i] === null)
      seen = (owner === null || owner === viewer ? walk.asOwner[i] : walk.asOther[i]) as Visibility;
    else seen = seenAs(component, own[i] as VisibilityInfo, modes[i], owner, viewer, false);
    if (secrets !== null) {
      const id = component.id;
      if (secrets.hidden.has(id)) seen = "hidden";
      else if (seen === "face" && (secrets.back.has(id) || (secrets.failed && component.type === "card")))
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
export function faceMasks(sight: Sight, viewers: readonly string[]): Map<string, number> {
  const kept = sight.masks;
  if (kept !== undefined && sameViewers(kept.viewers, viewers)) return kept.masks;
  const out = new Map<string, number>();
  const { components } = sight;
  const list = faceMaskList(sight, viewers);
  for (let i = 0; i < components.length; i++) out.set((components[i] as Component).id, list[i] as number);
  sight.masks = { viewers: viewers.slice(), masks: out };
  return out;
}

/** faceMasks as a list parallel to sight.components: no map for the side of a comparison read in order. */
export function faceMaskList(sight: Sight, viewers: readonly string[]): readonly number[] {
  const kept = sight.maskList;
  if (kept !== undefined && sameViewers(kept.viewers, viewers)) return kept.list;
  let list = sight.faceBits?.(viewers);
  if (list === undefined) {
    const { components } = sight;
    const seen = viewers.map((v) => sight.of(v));
    const masks: number[] = new Array(components.length);
    for (let i = 0; i < components.length; i++) {
      let mask = 0;
      for (let v = 0; v < seen.length; v++)
        if ((seen[v] as readonly Visibility[])[i] === "face") mask |= 1 << v;
      masks[i] = mask;
    }
    list = masks;
  }
  sight.maskList = { viewers: viewers.slice(), list };
  return list;
}

function sameViewers(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
