import type { Component, Container, GameState, Player, Situation } from "./situation.js";
import { childrenAt, findComponent, walk } from "./tree.js";

/** Pile names inside deck and bank components. */
export const DECK_POSITION = "deck";
export const DISCARD_POSITION = "discard";
export const BANK_POSITION = "bank";

/**
 * A situation with some fields replaced. An object literal rather than a spread, for the same
 * hidden-class reason as copyComponent: this runs on every move.
 */
export function withFields(s: Situation, o: Partial<Situation>): Situation {
  return {
    version: o.version === undefined ? s.version : o.version,
    globals: o.globals === undefined ? s.globals : o.globals,
    createCounter: o.createCounter === undefined ? s.createCounter : o.createCounter,
    players: o.players === undefined ? s.players : o.players,
    deckData: o.deckData === undefined ? s.deckData : o.deckData,
    root: o.root === undefined ? s.root : o.root,
    containers: o.containers === undefined ? s.containers : o.containers,
    stats: o.stats === undefined ? s.stats : o.stats,
    objectStats: o.objectStats === undefined ? s.objectStats : o.objectStats,
    gameState: o.gameState === undefined ? s.gameState : o.gameState,
    ended: o.ended === undefined ? s.ended : o.ended,
    dataSheet: o.dataSheet === undefined ? s.dataSheet : o.dataSheet,
    evaledMoves: o.evaledMoves === undefined ? s.evaledMoves : o.evaledMoves,
    selected: o.selected === undefined ? s.selected : o.selected,
    rng: o.rng === undefined ? s.rng : o.rng,
  };
}

export function findPlayer(situation: Situation, color: string): Player | undefined {
  return situation.players.find((p) => p.color === color);
}

export function replacePlayer(situation: Situation, player: Player): Situation {
  return withFields(situation, {
    players: situation.players.map((p) => (p.color === player.color ? player : p)),
  });
}

/** The innermost substate is the one being played. */
export function activeState(situation: Situation): GameState {
  let state = situation.gameState.current;
  while (state.subState !== null) state = state.subState;
  return state;
}

/** Depth of substates below the root state (0 = the root is active). */
export function stateDepth(situation: Situation): number {
  let depth = 0;
  let state = situation.gameState.current;
  while (state.subState !== null) {
    state = state.subState;
    depth++;
  }
  return depth;
}

function replaceAtDepth(
  state: GameState,
  depth: number,
  change: (s: GameState) => GameState | null,
): GameState | null {
  if (depth === 0) return change(state);
  const sub = replaceAtDepth(state.subState as GameState, depth - 1, change);
  return { ...state, subState: sub };
}

/** Changes the active state; returning null from `change` removes it (only below the root). */
export function updateActiveState(
  situation: Situation,
  change: (s: GameState) => GameState | null,
): Situation {
  const current = replaceAtDepth(situation.gameState.current, stateDepth(situation), change);
  return current === null ? situation : withFields(situation, { gameState: { current } });
}

export function emptyGameState(name: string, activePlayer: GameState["activePlayer"]): GameState {
  return {
    name,
    activePlayer,
    message: "",
    buttons: [],
    editModeButtons: [],
    forceExpandedContainer: null,
    isPosVisible: null,
    subState: null,
    componentOverdrive: {},
    autoEvalState: false,
    delayedEval: null,
    defaultSelected: null,
    isClickable: null,
    forceSelectedComponent: null,
    variables: {},
  };
}

export function containerSummary(component: Component): Container | null {
  if (component.type === "deck") {
    const pile = childrenAt(component, DECK_POSITION);
    const top = pile[pile.length - 1];
    return {
      kind: "deck",
      deckName: component.options.deckName ?? null,
      contentNames: component.options.contentNames ?? [],
      componentAmt: pile.length,
      discardSize: childrenAt(component, DISCARD_POSITION).length,
      deckTopCard:
        component.options.revealTop === true && top !== undefined ? (top.options.cardId ?? top.id) : null,
    };
  }
  if (component.type === "bank") {
    return {
      kind: "bank",
      deckName: null,
      contentNames: component.options.contentNames ?? [],
      componentAmt: childrenAt(component, BANK_POSITION).length,
      discardSize: 0,
      deckTopCard: null,
    };
  }
  return null;
}

/** Recomputes the container entries of the given component ids (those that are decks or banks). */
export function refreshContainers(situation: Situation, ids: Iterable<string | null | undefined>): Situation {
  let containers = situation.containers;
  for (const id of ids) {
    if (id == null || containers[id] === undefined) continue;
    const component = findComponent(situation.root, id);
    const summary = component === undefined ? null : containerSummary(component);
    if (summary !== null) containers = { ...containers, [id]: summary };
  }
  return containers === situation.containers ? situation : withFields(situation, { containers });
}

/** Builds every container entry from scratch (set-up and migrations). */
export function allContainers(root: Component): Situation["containers"] {
  const out: Situation["containers"] = {};
  walk(root, (c) => {
    const summary = containerSummary(c);
    if (summary !== null) out[c.id] = summary;
  });
  return out;
}

export function findDeckByName(situation: Situation, deckName: string): string | undefined {
  for (const [id, container] of Object.entries(situation.containers)) {
    if (container.kind === "deck" && container.deckName === deckName) return id;
  }
  return undefined;
}

export function findBankFor(situation: Situation, name: string): string | undefined {
  for (const [id, container] of Object.entries(situation.containers)) {
    if (container.kind === "bank" && container.contentNames.includes(name)) return id;
  }
  return undefined;
}

/** The colour of the player whose area contains the component, or null for shared components. */
export function ownerOf(situation: Situation, componentId: string): string | null {
  let current: Component | undefined = findComponent(situation.root, componentId);
  while (current !== undefined) {
    const id = current.id;
    const player = situation.players.find((p) => p.area === id);
    if (player !== undefined) return player.color;
    current = current.parent === null ? undefined : findComponent(situation.root, current.parent);
  }
  return null;
}
