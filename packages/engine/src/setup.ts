import { allContainers, DECK_POSITION, emptyGameState } from "./access.js";
import type { CardRow } from "./cards/deck.js";
import { copiesOf, excluded } from "./cards/rows.js";
import type { ComponentSpec } from "./component-spec.js";
import { SITUATION_VERSION } from "./constants.js";
import type { SetupInput } from "./module/types.js";
import { seedRng, shuffle } from "./rng.js";
import type { Component, DeckCard, Player, RngState, Situation } from "./situation.js";

/** Position of player areas inside the root, keyed by colour. */
export const PLAYERS_POSITION = "players";

interface Builder {
  next: number;
  rng: RngState;
  decks: SetupInput["decks"];
}

/** A deck row as the card rules read it: the same copies and exclusion for the table as for print. */
const asRow = (card: DeckCard) => card as unknown as CardRow;

function deckCards(builder: Builder, deck: Component): Component[] {
  const deckName = deck.options.deckName;
  const info = deckName === undefined ? undefined : builder.decks[deckName];
  if (info === undefined || deckName === undefined) return [];
  const cards: Component[] = [];
  for (const card of info.cards) {
    if (excluded(asRow(card))) continue;
    for (let copy = 0; copy < copiesOf(asRow(card)); copy++) {
      cards.push({
        id: `${deckName}-${card.cardId}-${copy}`,
        name: "card",
        type: "card",
        options: { deckName, cardId: card.cardId, facedown: true },
        children: {},
        parent: deck.id,
        childData: { positionName: DECK_POSITION, childPos: null },
      });
    }
  }
  const [order, rng] = shuffle(cards, builder.rng);
  builder.rng = rng;
  return order;
}

export function instantiate(
  builder: Builder,
  spec: ComponentSpec,
  parent: string | null,
  childData: Component["childData"],
): Component {
  const id = spec.id ?? `${spec.name}-${builder.next++}`;
  const component: Component = {
    id,
    name: spec.name,
    type: spec.type,
    options: { ...spec.options },
    children: {},
    parent,
    childData,
  };
  for (const [positionName, children] of Object.entries(spec.children ?? {})) {
    component.children[positionName] = Array.isArray(children)
      ? children.map((c) => instantiate(builder, c, id, { positionName, childPos: null }))
      : Object.fromEntries(
          Object.entries(children).map(([slot, c]) => [
            slot,
            instantiate(builder, c, id, { positionName, childPos: slot }),
          ]),
        );
  }
  if (component.type === "deck" && component.children[DECK_POSITION] === undefined) {
    component.children[DECK_POSITION] = deckCards(builder, component);
  }
  return component;
}

/** The default set-up: the root, one area per player, shuffled decks, the first player to play. */
export function defaultSetup(input: SetupInput): Situation {
  const builder: Builder = { next: 1, rng: seedRng(input.seed), decks: input.decks };
  const root = instantiate(builder, input.root, null, null);
  const areas: { [color: string]: Component } = {};
  const players: Player[] = input.players.map((p) => {
    const spec = input.playerArea ?? { name: "player-area", type: "board" as const };
    const area = instantiate(builder, { ...spec, id: `area-${p.color}` }, root.id, {
      positionName: PLAYERS_POSITION,
      childPos: p.color,
    });
    areas[p.color] = area;
    return {
      color: p.color,
      area: area.id,
      counters: (input.counters ?? []).map((c) => ({
        name: c.name,
        value: c.value,
        options: { ...c.options },
      })),
      stats: {},
      customAttrs: {},
      isAutoma: p.isAutoma === true,
    };
  });
  if (players.length > 0) root.children[PLAYERS_POSITION] = areas;
  const first = players[0]?.color ?? "everyone";
  return {
    version: SITUATION_VERSION,
    globals: {},
    createCounter: 1,
    players,
    deckData: input.decks,
    root,
    containers: allContainers(root),
    stats: {},
    objectStats: {},
    gameState: { current: emptyGameState("start", first) },
    ended: false,
    dataSheet: input.dataSheet ?? null,
    evaledMoves: 0,
    selected: {},
    rng: builder.rng,
  };
}
