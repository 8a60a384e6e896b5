import {
  type Component,
  childrenAt,
  DECK_POSITION,
  DISCARD_POSITION,
  findComponent,
  type RuleContext,
  type Situation,
} from "@tt/engine";

// Pure questions about a situation, kept apart from the hooks so they are easy to test and reuse.

export const DECK_ID = "deck";
export const BANK_ID = "bank";
export const HAND = "hand";
export const COINS = "coins";

/** The deck's card data (deckData), by cardId: suit and value come from the deck's rows. */
export function cardData(situation: Situation, card: Component): { suit: string; value: number } {
  const row = situation.deckData.cards?.cards.find((c) => c.cardId === card.options.cardId);
  return { suit: String(row?.suit ?? ""), value: Number(row?.value ?? 0) };
}

function pile(situation: Situation, id: string, position: string): Component[] {
  const c = findComponent(situation.root, id);
  return c === undefined ? [] : childrenAt(c, position);
}

export const deckPile = (s: Situation) => pile(s, DECK_ID, DECK_POSITION);
export const discardPile = (s: Situation) => pile(s, DECK_ID, DISCARD_POSITION);
export const bankCoins = (s: Situation) => pile(s, BANK_ID, "bank");

export function areaOf(situation: Situation, color: string): string {
  return situation.players.find((p) => p.color === color)?.area ?? "";
}
export const handOf = (s: Situation, color: string) => pile(s, areaOf(s, color), HAND);
export const coinsOf = (s: Situation, color: string) => pile(s, areaOf(s, color), COINS);

/** The matching rule: same suit, or (unless the option says suit only) same value. */
export function matches(situation: Situation, card: Component, ctx: RuleContext): boolean {
  const top = discardPile(situation).at(-1);
  if (top === undefined) return true;
  const a = cardData(situation, card);
  const b = cardData(situation, top);
  return a.suit === b.suit || (ctx.options.match !== "suit" && a.value === b.value);
}

export function nextPlayer(situation: Situation, color: string): string {
  const i = situation.players.findIndex((p) => p.color === color);
  return situation.players[(i + 1) % situation.players.length]?.color ?? color;
}

/** Final score: coins, minus cards left in hand, plus the bonus for an empty hand if that option is on. */
export function finalScore(situation: Situation, color: string, ctx: RuleContext): number {
  const hand = handOf(situation, color).length;
  const bonus = hand === 0 && ctx.options.bonus === true ? Number(ctx.options.bonusCoins ?? 3) : 0;
  return coinsOf(situation, color).length - hand + bonus;
}
