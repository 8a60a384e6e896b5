// Edit mode's hand moves (game-table.md sections 1, 2 and 3): what the edit tools and the Delete and f
// keys send to put a table right by hand. Pure: each function reads the situation the viewer is shown
// and builds engine moves, sent as 'raw move' actions of an edit-mode turn. Whether a move is allowed
// is never decided here: the engine refuses what cannot be done (an occupied slot, a card without a
// deck) and the server decides whether this table lets this seat use edit mode at all.

import {
  type Action,
  BANK_POSITION,
  COMPONENT_TYPES,
  type Component,
  type ComponentType,
  componentInfo,
  DECK_POSITION,
  DISCARD_POSITION,
  findBankFor,
  findComponent,
  findDeckByName,
  type Json,
  type Move,
  type PieceLibrary,
  PLAYERS_POSITION,
  positionCoords,
  positionSets,
  type Situation,
  walk,
} from "@tt/engine";
import { positionLabel } from "./layout";

/** What a component is called in the edit tools: its label, else its name; a player's area by colour. */
export function componentName(situation: Situation, component: Component): string {
  const owner = situation.players.find((p) => p.area === component.id);
  if (owner !== undefined) return `${owner.color} area`;
  const label = component.options.label;
  return typeof label === "string" && label !== "" ? label : component.name;
}

/**
 * f: shows the other side of a card, as a component reveal (the engine writes its line). No option
 * set by hand and no log text of the client's own: a competitive table refuses both, as the server
 * decides who sees what (and there turning a hidden face up is refused: that is what Look is for).
 */
export function flipMove(component: Component): Move {
  return {
    type: "component reveal",
    componentId: component.id,
    facedown: component.options.facedown !== true,
  };
}

/**
 * Delete: a card goes to its deck's discard pile, a piece a bank holds back to that bank (spec: 'Delete
 * discards'). Null when it has neither: nothing in the move list removes a component for good.
 */
export function deleteMove(situation: Situation, component: Component): Move | null {
  const deckName = component.options.deckName;
  if (
    component.type === "card" &&
    deckName !== undefined &&
    findDeckByName(situation, deckName) !== undefined
  )
    return { type: "discard", componentId: component.id };
  const bankId = findBankFor(situation, component.name);
  if (bankId !== undefined && component.parent !== bankId)
    return { type: "move to bank", componentId: component.id, bankId };
  return null;
}

/** A place a component can be put: a slot of a keyed position, or a multi position (a pile, a row). */
export interface Target {
  destinationId: string;
  positionName: string;
  /** The slot of a keyed position; absent for a multi position. */
  slot?: string;
  /** What the place is called: whose it is and which position. */
  label: string;
}

/**
 * Every place on the board the component could be put, the rules notwithstanding: each position its
 * piece defines (every free slot of a keyed one) and each pile a component already holds, on every
 * component but the moving one and what lies on it. Placeholders (pieces the viewer may not see) are
 * no places to aim at.
 */
export function moveTargets(situation: Situation, pieces: PieceLibrary, movingId: string | null): Target[] {
  const places: { owner: Component; positionName: string; slot: string | null }[] = [];
  // The moving piece and what lies on it: no place to put it (the engine refuses 'into itself').
  const moving = new Set<string>();
  const piece = movingId === null ? undefined : findComponent(situation.root, movingId);
  if (piece !== undefined) walk(piece, (c) => moving.add(c.id));
  walk(situation.root, (c) => {
    if (c.placeholder !== undefined || moving.has(c.id)) return;
    const seen = new Set<string>();
    for (const [positionName, set] of Object.entries(positionSets(componentInfo(pieces, c, situation)))) {
      seen.add(positionName);
      const held = c.children[positionName];
      if (set.multi === true || set.multiPile === true || Array.isArray(held)) {
        places.push({ owner: c, positionName, slot: null });
        continue;
      }
      const taken = (held ?? {}) as { [slot: string]: Component };
      for (const [slot] of positionCoords(set))
        if (taken[slot] === undefined) places.push({ owner: c, positionName, slot });
    }
    // Piles the piece does not draw at a place of its own (a deck's, a bank's, a hand of an area).
    for (const [positionName, held] of Object.entries(c.children))
      if (!seen.has(positionName) && Array.isArray(held) && positionName !== PLAYERS_POSITION)
        places.push({ owner: c, positionName, slot: null });
  });
  const owners = new Map<string, Set<string>>();
  for (const p of places) {
    const name = componentName(situation, p.owner);
    owners.set(name, (owners.get(name) ?? new Set()).add(p.owner.id));
  }
  return places.map((p) => {
    const name = componentName(situation, p.owner);
    // Two tokens of one name: the id tells their places apart.
    const who = (owners.get(name)?.size ?? 0) > 1 ? `${name} (${p.owner.id})` : name;
    return {
      destinationId: p.owner.id,
      positionName: p.positionName,
      ...(p.slot === null ? {} : { slot: p.slot }),
      label: `${who}: ${positionLabel(p.positionName, p.slot)}`,
    };
  });
}

/**
 * Puts the component at the place. Into a deck's pile or discard pile, or into a bank, it goes the
 * way the containers take pieces (face down on top, face up on the discard, reset in the bank), so
 * their counts and sight stay right; anywhere else it is a plain component move.
 */
export function moveToMove(situation: Situation, componentId: string, target: Target): Move {
  const container = situation.containers[target.destinationId];
  if (container?.kind === "deck" && target.positionName === DECK_POSITION)
    return { type: "return to top", componentId, deckId: target.destinationId };
  if (container?.kind === "deck" && target.positionName === DISCARD_POSITION)
    return { type: "discard", componentId, deckId: target.destinationId };
  if (container?.kind === "bank" && target.positionName === BANK_POSITION)
    return { type: "move to bank", componentId, bankId: target.destinationId };
  return {
    type: "component move",
    componentId,
    destinationId: target.destinationId,
    positionName: target.positionName,
    ...(target.slot === undefined ? {} : { positionIndex: target.slot }),
  };
}

/**
 * A click on the board while the tools wait for a place (Move to...): the position clicked, or the
 * place of the component clicked (its pile, or its slot, which the engine refuses while it is taken).
 * Null for a click that names no place (a button, a state button).
 */
export function clickTarget(situation: Situation, click: Action): Target | null {
  if (click.kind === "click position")
    return {
      destinationId: click.destinationId,
      positionName: click.positionName,
      ...(click.positionIndex === undefined ? {} : { slot: String(click.positionIndex) }),
      label: positionLabel(click.positionName, click.positionIndex?.toString() ?? null),
    };
  if (click.kind !== "click component") return null;
  const clicked = findComponent(situation.root, click.componentId);
  if (clicked === undefined) return null;
  // A deck or a bank clicked takes the piece in, as the default rules do with a held card.
  if (clicked.type === "deck")
    return {
      destinationId: clicked.id,
      positionName: DECK_POSITION,
      label: componentName(situation, clicked),
    };
  if (clicked.type === "bank")
    return {
      destinationId: clicked.id,
      positionName: BANK_POSITION,
      label: componentName(situation, clicked),
    };
  if (clicked.parent === null || clicked.childData === null) return null;
  const slot = clicked.childData.childPos;
  return {
    destinationId: clicked.parent,
    positionName: clicked.childData.positionName,
    ...(slot === null ? {} : { slot }),
    label: positionLabel(clicked.childData.positionName, slot),
  };
}

/** Something the edit tools can create: a piece of the component pool, or a card of a deck. */
export interface Creatable {
  key: string;
  label: string;
  name: string;
  componentType: ComponentType;
  options?: { [key: string]: Json };
}

const isType = (t: string): t is ComponentType => (COMPONENT_TYPES as readonly string[]).includes(t);

/**
 * What can be created: every piece of the project's component pool (typed as a component of that
 * name on the board is, else a token), and every card of every deck the viewer is sent (the card
 * rows are the rules' deckData, part of every view). Card templates and the root are not pieces.
 */
export function creatables(situation: Situation, pieces: PieceLibrary): Creatable[] {
  const typeOf = new Map<string, ComponentType>();
  walk(situation.root, (c) => {
    if (!typeOf.has(c.name) && c.placeholder === undefined) typeOf.set(c.name, c.type);
  });
  const out: Creatable[] = [];
  for (const name of Object.keys(pieces).sort()) {
    if (name === "root" || name.startsWith("__card-") || name === situation.root.name) continue;
    const type = typeOf.get(name) ?? (name.startsWith("deck-") ? "deck" : "token");
    if (!isType(type)) continue;
    out.push({ key: `piece:${name}`, label: name, name, componentType: type });
  }
  for (const [deckName, deck] of Object.entries(situation.deckData)) {
    const ids = new Set<string>();
    for (const card of deck.cards) {
      const cardId = String(card.cardId);
      if (ids.has(cardId)) continue;
      ids.add(cardId);
      out.push({
        key: `card:${deckName}:${cardId}`,
        label: `${deckName} card ${cardId}`,
        name: "card",
        componentType: "card",
        options: { deckName, cardId },
      });
    }
  }
  return out;
}

export function createMove(what: Creatable, target: Target): Move {
  return {
    type: "component create",
    name: what.name,
    componentType: what.componentType,
    ...(what.options === undefined ? {} : { options: what.options }),
    destinationId: target.destinationId,
    positionName: target.positionName,
    ...(target.slot === undefined ? {} : { positionIndex: target.slot }),
  };
}

/** A player's counter changed by an amount (the +/- buttons) or set to a value. */
export function counterMove(player: string, counter: string, change: { by: number } | { to: number }): Move {
  return "by" in change
    ? { type: "inc counter", player, counter, amount: change.by }
    : { type: "set counter", player, counter, value: change.to };
}

/**
 * What a typed value means: a number, true, false or null as such, anything else as the text typed.
 * Variables and attributes are JSON; a counter of a component is a number like any other.
 */
export function typedValue(text: string): Json {
  const t = text.trim();
  if (t === "true") return true;
  if (t === "false") return false;
  if (t === "null") return null;
  if (t !== "" && Number.isFinite(Number(t))) return Number(t);
  return text;
}

/** A component's variable (a die's face, a track's value) set to a value. */
export function variableMove(component: Component, variable: string, value: Json): Move {
  return { type: "set component variable", componentId: component.id, variable, value };
}

/** A deck shuffled, its discard pile with it; the server draws the order. */
export function reshuffleMove(component: Component): Move | null {
  return component.type === "deck" ? { type: "reshuffle", componentId: component.id } : null;
}

/** One of a player's attributes set; the engine logs an edit-mode change of it ('set team of blue to 2'). */
export function playerAttrMove(player: string, attr: string, value: Json): Move {
  return { type: "set player attr", player, attr, value };
}

/** Options that say what a component is or how it is turned: the flip and the rules own them. */
const IDENTITY_OPTIONS = new Set([
  "deckName",
  "cardId",
  "cardFlipped",
  "cardUnflippedFor",
  "facedown",
  "revImageName",
  "contentNames",
  "label",
  "position",
]);

/** A number or value a component keeps: a variable, or an option a display shows (a price, a face). */
export interface ComponentValue {
  source: "variable" | "option";
  name: string;
  value: Json;
}

/** The component's counters and variables: every variable, and every option holding a number. */
export function componentValues(component: Component): ComponentValue[] {
  const out: ComponentValue[] = Object.entries(component.variables ?? {}).map(([name, value]) => ({
    source: "variable" as const,
    name,
    value,
  }));
  for (const [name, value] of Object.entries(component.options))
    if (typeof value === "number" && !IDENTITY_OPTIONS.has(name) && component.variables?.[name] === undefined)
      out.push({ source: "option", name, value });
  return out;
}

/** A component's value set: a variable by 'set component variable', a shown option by its option move. */
export function valueMove(component: Component, value: ComponentValue, to: Json): Move {
  return value.source === "variable"
    ? variableMove(component, value.name, to)
    : { type: "set component option", componentId: component.id, option: value.name, value: to };
}

/** A component's number moved by an amount (its +/- buttons); anything but a number counts as 0. */
export function valueStep(component: Component, value: ComponentValue, by: number): Move {
  return valueMove(component, value, (typeof value.value === "number" ? value.value : 0) + by);
}
