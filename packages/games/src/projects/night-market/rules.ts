import {
  activeState,
  type Component,
  childrenAt,
  DECK_POSITION,
  DISCARD_POSITION,
  findComponent,
  type RuleContext,
  type Situation,
} from "@tt/engine";
import {
  BANK,
  BOARD,
  DECK,
  GOOD_NAMES,
  HAND,
  LANTERN_POINTS,
  LANTERNS,
  priceId,
  ROW,
  SLOTS,
  STALL,
} from "./data";
import type { Good } from "./images";

// Questions about a situation: no moves here. The hooks in module.ts and the moves in turns.ts ask them.

function pile(s: Situation, id: string, position: string): Component[] {
  const c = findComponent(s.root, id);
  return c === undefined ? [] : childrenAt(c, position);
}

export const deckPile = (s: Situation) => pile(s, DECK, DECK_POSITION);
export const discardPile = (s: Situation) => pile(s, DECK, DISCARD_POSITION);
export const stall = (s: Situation) => pile(s, BOARD, STALL);
export const lanternBank = (s: Situation) => pile(s, BANK, "bank");

export const kindOf = (card: Component): string => String(card.options.cardId ?? "");
export const isGood = (card: Component) => (GOOD_NAMES as string[]).includes(kindOf(card));

export function areaOf(s: Situation, color: string): string {
  return s.players.find((p) => p.color === color)?.area ?? "";
}
export const handOf = (s: Situation, color: string) => pile(s, areaOf(s, color), HAND);
export const lanternsOf = (s: Situation, color: string) => pile(s, areaOf(s, color), LANTERNS);

export function counter(s: Situation, color: string, name: string): number {
  return s.players.find((p) => p.color === color)?.counters.find((c) => c.name === name)?.value ?? 0;
}

/** The market row by slot; a missing slot is empty. */
export function row(s: Situation): { [slot: string]: Component } {
  const r = findComponent(s.root, BOARD)?.children[ROW];
  return r === undefined || Array.isArray(r) ? {} : r;
}

/** Slot '1' is free, slot '4' costs 3: older cards get cheaper as they slide left. */
export const slotCost = (slot: string) => Number(slot) - 1;

export function slotOf(s: Situation, cardId: string): string | undefined {
  const cards = row(s);
  return SLOTS.find((slot) => cards[slot]?.id === cardId);
}

export function price(s: Situation, good: Good): number {
  const plaque = findComponent(s.root, priceId(good));
  return Number(plaque?.variables?.price ?? plaque?.options.price ?? 2);
}

/** Foraging busts on a moth, or on a good already lying in the stall. */
export function busts(s: Situation, card: Component): boolean {
  if (kindOf(card) === "moth") return true;
  return stall(s).some((c) => c.id !== card.id && kindOf(c) === kindOf(card));
}

export function nextPlayer(s: Situation, color: string): string {
  const i = s.players.findIndex((p) => p.color === color);
  return s.players[(i + 1) % s.players.length]?.color ?? color;
}

export const oilInPlay = (ctx: RuleContext) => ctx.options.oil !== false;
export const oilPrice = (ctx: RuleContext) => Number(ctx.options.oilPrice ?? 2);

/** Final score: coins, 5 per lantern, 1 per oil left in the lantern. */
export function finalScore(s: Situation, color: string): number {
  return counter(s, color, "coins") + LANTERN_POINTS * lanternsOf(s, color).length + counter(s, color, "oil");
}

export function closing(s: Situation): boolean {
  return s.globals.closing === true;
}

export function turnOf(s: Situation): string {
  const active = s.gameState.current.activePlayer;
  return Array.isArray(active) ? String(active[0]) : active;
}

export const stateName = (s: Situation) => activeState(s).name;
