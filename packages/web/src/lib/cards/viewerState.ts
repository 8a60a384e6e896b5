import {
  type CardInfo,
  type CardRow,
  cardIdOf,
  cardNameOf,
  VIEWER_DEFAULT_CARD_SIZE,
  VIEWER_MAX_HEIGHT_RATIO,
} from "@tt/engine";

/** The card viewer's arithmetic, apart from React: sizes, scales, stepping and the card list. */

/** Card height in the compact grid, in screen px. */
export const COMPACT_CARD_HEIGHT = 160;

/** The deck's card size, or the viewer's default (100x200) before a .psd gives one. */
export function viewerCardSize(cardInfo: CardInfo | null): { w: number; h: number } {
  return cardInfo !== null && cardInfo.w > 0 && cardInfo.h > 0 ? cardInfo : VIEWER_DEFAULT_CARD_SIZE;
}

/** Scale that keeps a card at most half the window height; small cards are not blown up. */
export function viewerScale(cardHeight: number, windowHeight: number): number {
  if (!(cardHeight > 0) || !(windowHeight > 0)) return 1;
  return Math.min(1, (windowHeight * VIEWER_MAX_HEIGHT_RATIO) / cardHeight);
}

export function compactScale(cardHeight: number): number {
  return cardHeight > 0 ? Math.min(1, COMPACT_CARD_HEIGHT / cardHeight) : 1;
}

/** Previous/next, wrapping around the deck. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** An index that still points at a card after the deck changed. */
export function clampIndex(index: number, count: number): number {
  return count <= 0 ? 0 : Math.min(Math.max(0, Math.floor(index)), count - 1);
}

export interface CardOption {
  value: number;
  label: string;
}

/**
 * The card selector's options: each card by its name and ID ('Red Fox (c1)') when the sheet has a
 * name column, else by its ID; a row without an ID says so (and by its row).
 */
export function cardOptions(cards: CardRow[]): CardOption[] {
  return cards.map((row, index) => {
    const id = cardIdOf(row);
    if (id === null) return { value: index, label: `(row ${index + 1}: no ID)` };
    const name = cardNameOf(row);
    return { value: index, label: name === null || name === id ? id : `${name} (${id})` };
  });
}
