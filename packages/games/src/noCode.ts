import {
  type ComponentSpec,
  type DeckInfo,
  EVERYONE,
  type PieceDefinition,
  type Situation,
  withFields,
} from "@tt/engine";
import type { ComponentTree, StartLayout } from "./content";

// A project with no game code of its own (made on 'New project') plays its decks on the default rule
// modules (admin-decks-editor.md section 3: the component tree's __card-{deck} and deck-{name}
// entries). Its component tree is the stored one with what a card game needs filled in where the
// designer has not made it: a board with a row of decks, a play area and a seat per colour, an area
// per player with a hand, and the two entries of every deck. They are derived, not stored: the
// component editor shows them (a save keeps them, with the designer's changes), a table starts on
// them, and a deck erased takes its entries with it unless they were saved.
//
// The default modules do the rest: select a deck and click your hand to draw its top card (your
// hand shows opponents the backs), select a card and click the play area to play it or the deck's
// discard pile to discard it, or click the deck to put it back on top; in edit mode Delete discards
// and f flips the selected card.

/** The root's positions: the decks in a row, the play area, and the players' areas. */
export const DECKS_POSITION = "decks";
export const PLAY_POSITION = "table";
export const PLAYERS_POSITION = "players";
/** The player area's piece and its hand. */
export const PLAYER_AREA = "player-area";
export const HAND_POSITION = "hand";

const BOARD: [number, number] = [1400, 900];
/** A card's height on the board; its width keeps the .psd's ratio (5:7 until there is one). */
const CARD_HEIGHT = 150;
const SEAT_COLORS = ["red", "blue", "green", "yellow", "cyan", "orange", "cerise", "lime", "purple", "white"];

export const cardPieceName = (deckName: string) => `__card-${deckName}`;
export const deckPieceName = (deckName: string) => `deck-${deckName}`;

function cardWidth(deck: Pick<DeckInfo, "cardInfo"> | undefined): number {
  const info = deck?.cardInfo;
  if (info === undefined || info.w <= 0 || info.h <= 0) return Math.round((CARD_HEIGHT * 5) / 7);
  return Math.max(20, Math.min(400, Math.round((CARD_HEIGHT * info.w) / info.h)));
}

/** How every card of the deck looks on the board: the deck's own renderer draws it, at this size. */
export function cardPiece(deck: Pick<DeckInfo, "cardInfo"> | undefined): PieceDefinition {
  return { width: cardWidth(deck), height: CARD_HEIGHT, borderRadius: 8, selectable: true, hoverZoom: true };
}

/** The deck on the board: its draw pile and, beside it, its discard pile (face up). */
export function deckPiece(deck: Pick<DeckInfo, "cardInfo"> | undefined): PieceDefinition {
  const w = cardWidth(deck);
  const width = 2 * w + 60;
  const height = CARD_HEIGHT + 20;
  return {
    width,
    height,
    selectable: true,
    positions: {
      dims: [width, height],
      deck: { coords: [{ x: 20 + w / 2, y: height / 2 }], multi: true, multiPile: true },
      discard: { coords: [{ x: width - 20 - w / 2, y: height / 2 }], multi: true, multiPile: true },
    },
  };
}

function rootPiece(): PieceDefinition {
  const [width, height] = BOARD;
  const seats = Object.fromEntries(
    SEAT_COLORS.map((color, i) => [color, { x: 360 + (i % 2) * 680, y: 620 + Math.floor(i / 2) * 250 }]),
  );
  return {
    width,
    height,
    positions: {
      dims: [width, height],
      [DECKS_POSITION]: { coords: [{ x: 220, y: 120 }], multi: true, gapSize: 420 },
      [PLAY_POSITION]: { coords: [{ x: width / 2, y: 380 }], multi: true, gapSize: 60 },
      [PLAYERS_POSITION]: { coords: seats },
    },
  };
}

function playerAreaPiece(): PieceDefinition {
  return {
    width: 660,
    height: 230,
    positions: {
      dims: [660, 230],
      // Opponents see the backs of your hand; you see the faces.
      [HAND_POSITION]: {
        coords: [{ x: 330, y: 115 }],
        multi: true,
        gapSize: 60,
        displayMode: "opponentCardBack",
      },
    },
  };
}

const isPlainPositions = (positions: unknown): positions is Record<string, unknown> =>
  typeof positions === "object" &&
  positions !== null &&
  !Array.isArray(positions) &&
  !("defaultResult" in positions) &&
  !("conditionalResults" in positions);

/**
 * The tree a project's table and component editor use. `layout`: the project has no game code, so
 * the board, the player areas and the positions the no-code layout places pieces in are filled in
 * too. What the tree already has stays as it is.
 */
export function withDeckPieces(
  stored: ComponentTree | null,
  decks: { [deckName: string]: Pick<DeckInfo, "cardInfo"> },
  layout: boolean,
): ComponentTree {
  const tree: ComponentTree = stored
    ? { ...stored }
    : { version: 1, baseScale: 1, dims: BOARD, root: rootPiece() };
  if (layout) {
    const root = (tree.root ?? {}) as PieceDefinition;
    const defaults = rootPiece();
    const positions = root.positions ?? {};
    // A root whose positions are conditional is the designer's own: it is left alone.
    if (isPlainPositions(positions)) {
      const wanted = defaults.positions as Record<string, unknown>;
      const filled = { ...positions };
      for (const name of [DECKS_POSITION, PLAY_POSITION, PLAYERS_POSITION, "dims"])
        if (!Object.hasOwn(filled, name)) filled[name] = wanted[name] as never;
      tree.root = {
        ...root,
        width: root.width ?? defaults.width ?? BOARD[0],
        height: root.height ?? defaults.height ?? BOARD[1],
        positions: filled as PieceDefinition[string],
      };
    }
    if (!Object.hasOwn(tree, PLAYER_AREA)) tree[PLAYER_AREA] = playerAreaPiece();
  }
  for (const [name, deck] of Object.entries(decks)) {
    if (!Object.hasOwn(tree, cardPieceName(name))) tree[cardPieceName(name)] = cardPiece(deck);
    if (!Object.hasOwn(tree, deckPieceName(name))) tree[deckPieceName(name)] = deckPiece(deck);
  }
  return tree;
}

/** Where a no-code project's pieces stand at the start: every deck with cards in the row, shuffled. */
export function noCodeLayout(decks: { [deckName: string]: DeckInfo }): StartLayout {
  const row: ComponentSpec[] = Object.entries(decks)
    .filter(([, deck]) => deck.cards.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([deckName]) => ({ name: "deck", type: "deck", options: { deckName } }));
  return {
    root: {
      id: "table",
      name: "root",
      type: "board",
      children: { [DECKS_POSITION]: row, [PLAY_POSITION]: [] },
    },
    playerArea: { name: PLAYER_AREA, type: "board", children: { [HAND_POSITION]: [] } },
  };
}

/** What the status bar says at a no-code table. */
export const NO_CODE_MESSAGE =
  "Free play: select a deck and click your hand to draw, select a card and click the table to play it.";

/**
 * A no-code table has no turn order to enforce: everyone may act, as at a real table, and the status
 * bar says how to play.
 */
export function noCodeStart(start: Situation): Situation {
  const current = { ...start.gameState.current, activePlayer: EVERYONE, message: NO_CODE_MESSAGE };
  return withFields(start, { gameState: { ...start.gameState, current } });
}
