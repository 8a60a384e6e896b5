import { refreshContainers, withFields } from "../access.js";
import { SPECTATOR } from "../constants.js";
import type { RuleContext } from "../module/types.js";
import { createdId } from "../moves/component-create.js";
import type { Move } from "../moves/index.js";
import type { Component, GameState, Situation } from "../situation.js";
import { renameComponent } from "../tree.js";
import { seatsOf } from "./seats.js";
import { faceMaskList, faceMasks, type SightRules, sightOf } from "./sight.js";

/**
 * Ids that cannot be followed (DESIGN.md 'Hidden information'). Every viewer sees the same ids, so a
 * card that passes out of someone's sight, or is shuffled, must come back under an id nobody has
 * seen: otherwise a player who watched the Silk go into a rival's hand or into the deck could point
 * at its back later. So at the end of every turn:
 *
 * - each piece that a seat or a spectator saw the face of before the turn and does not see after it
 *   gets a new id, and so does every card of a shuffled pile;
 * - new ids come from the situation's createCounter ('c17', like created components), handed out in
 *   the order the pieces lie in the tree after the turn, never in the order of their old ids, so the
 *   numbers say nothing but where the pieces are now, which every viewer sees anyway;
 * - the pairs go into the turn's event (`renamed`), so every fold of the log renames the same way.
 *
 * A viewer who saw a piece's face both before and after is told its new id with the turn
 * (view/event.ts): to it the piece stays the same. Pieces only: player areas, decks, banks and
 * anything with pieces on it keep their ids, which rules and layouts name.
 *
 * The start of a table gets the same treatment once (sealStart): every piece somebody cannot see
 * is numbered in tree order, so a set-up that hides a card at a chosen depth (Night Market's bell)
 * does not give its place away by an id out of sequence.
 */

export type Renames = [string, string][];

function leaves(situation: Situation): (component: Component) => boolean {
  const areas = new Set(situation.players.map((p) => p.area));
  return (c) =>
    c.id !== situation.root.id && c.type !== "deck" && c.type !== "bank" && !areas.has(c.id) && empty(c);
}

/** No child in any position (loops, not Object.values: this is asked of every piece at every turn). */
function empty(c: Component): boolean {
  const all = c.children;
  for (const positionName in all) {
    const list = all[positionName] as Component[] | { [slot: string]: Component };
    if (Array.isArray(list)) {
      if (list.length > 0) return false;
    } else for (const _ in list) return false;
  }
  return true;
}

function viewersOf(before: Situation, after: Situation = before): string[] {
  const viewers = seatsOf(before, after);
  viewers.push(SPECTATOR);
  return viewers;
}

/** Ids of the cards a turn's recorded moves shuffled. */
export function shuffledIds(moves: readonly Move[]): Set<string> {
  const out = new Set<string>();
  for (const move of moves) if (move.type === "reshuffle") for (const id of move.order ?? []) out.add(id);
  return out;
}

/** The re-issues at the end of a turn that went from `before` to `after`, in tree order of `after`. */
export function reissuedIds(
  before: Situation,
  after: Situation,
  ctx: RuleContext,
  module: SightRules | undefined,
  shuffled: ReadonlySet<string>,
): Renames {
  const unchanged =
    before.root === after.root && before.gameState === after.gameState && before.players === after.players;
  if (unchanged && shuffled.size === 0) return [];
  const viewers = viewersOf(before, after);
  const sightAfter = sightOf(after, ctx, module);
  const sightBefore = sightOf(before, ctx, module);
  const was = faceMaskList(sightBefore, viewers);
  const now = faceMaskList(sightAfter, viewers);
  const isLeaf = leaves(after);
  const out: Renames = [];
  let counter = after.createCounter;
  const components = sightAfter.components;
  for (let i = 0; i < components.length; i++) {
    const c = components[i] as Component;
    const j = sightBefore.indexOf(c.id);
    if (j === undefined || !isLeaf(c)) continue;
    const seenBefore = was[j] as number;
    const lost = (seenBefore & ~(now[i] as number)) !== 0;
    if (lost || shuffled.has(c.id)) out.push([c.id, createdId(counter++)]);
  }
  return out;
}

/** A start situation whose pieces hidden from anyone are numbered in tree order (see above). */
export function sealStart(start: Situation, ctx: RuleContext, module?: SightRules): Situation {
  const viewers = viewersOf(start);
  const sight = sightOf(start, ctx, module);
  const all = (1 << viewers.length) - 1;
  const masks = faceMasks(sight, viewers);
  const isLeaf = leaves(start);
  const renames: Renames = [];
  let counter = start.createCounter;
  for (const c of sight.components) {
    if (isLeaf(c) && masks.get(c.id) !== all) renames.push([c.id, createdId(counter++)]);
  }
  return applyRenames(start, renames);
}

function renamedState(state: GameState, to: (id: string) => string): GameState {
  const overdrive: GameState["componentOverdrive"] = {};
  for (const [id, value] of Object.entries(state.componentOverdrive)) overdrive[to(id)] = value;
  return {
    ...state,
    isClickable: state.isClickable === null ? null : state.isClickable.map(to),
    defaultSelected: state.defaultSelected === null ? null : to(state.defaultSelected),
    forceSelectedComponent: state.forceSelectedComponent === null ? null : to(state.forceSelectedComponent),
    componentOverdrive: overdrive,
    subState: state.subState === null ? null : renamedState(state.subState, to),
  };
}

/**
 * The situation with pieces renamed, and every place the engine keeps their ids with them: the
 * selections, the game state's clickable list, default and forced selection and overdrives, object
 * stats, decks' shown top cards. A rule module's own globals and variables are its business: rules
 * that keep a piece's id there across a turn in which it leaves someone's sight must look it up again.
 */
export function applyRenames(situation: Situation, renames: Renames): Situation {
  if (renames.length === 0) return situation;
  const map = new Map(renames);
  const to = (id: string) => map.get(id) ?? id;
  let root = situation.root;
  const parents = new Set<string | null>();
  for (const [from, next] of renames) {
    const before = root;
    root = renameComponent(root, from, next) ?? root;
    if (root === before) throw new Error(`Cannot rename '${from}': it is not on the table.`);
  }
  const selected: Situation["selected"] = {};
  for (const [seat, id] of Object.entries(situation.selected)) selected[seat] = id === null ? null : to(id);
  const objectStats: Situation["objectStats"] = {};
  for (const [id, stats] of Object.entries(situation.objectStats)) objectStats[to(id)] = stats;
  let counter = situation.createCounter;
  for (const [, next] of renames) {
    const n = Number(next.slice(1));
    if (Number.isInteger(n) && n >= counter) counter = n + 1;
  }
  for (const [id, container] of Object.entries(situation.containers))
    if (container.deckTopCard !== null && map.has(container.deckTopCard)) parents.add(id);
  const next = withFields(situation, {
    root,
    selected,
    objectStats,
    createCounter: counter,
    gameState: { current: renamedState(situation.gameState.current, to) },
  });
  return refreshContainers(next, parents);
}
