import {
  type ComponentSpec,
  defaultSetup,
  type Move,
  nextInt,
  type RngState,
  type Situation,
  seedRng,
  type TableEvent,
  turnEvent,
} from "../src/index.js";

/** A table of 1,000 components: 40 regions with 10 tokens each, a 300-card deck, 254 cubes, 4 players. */
export function bigSituation(): Situation {
  const regions: { [slot: string]: ComponentSpec } = {};
  for (let r = 0; r < 40; r++) {
    regions[`r${r}`] = {
      id: `r${r}`,
      name: "region",
      type: "board",
      children: {
        tokens: Array.from({ length: 10 }, (_, t) => ({
          id: `t${r}-${t}`,
          name: "token",
          type: "token" as const,
        })),
      },
    };
  }
  const supply = Array.from({ length: 254 }, (_, i) => ({
    id: `s${i}`,
    name: "cube",
    type: "token" as const,
  }));
  return defaultSetup({
    players: ["red", "blue", "green", "yellow"].map((color) => ({ color })),
    options: {},
    pieces: {},
    root: {
      id: "table",
      name: "table",
      type: "board",
      children: {
        regions,
        supply,
        decks: [{ id: "deck", name: "deck", type: "deck", options: { deckName: "main" } }],
      },
    },
    playerArea: { name: "area", type: "board", children: { hand: [], tableau: [] } },
    counters: [{ name: "vp", value: 0 }],
    decks: { main: { cards: Array.from({ length: 300 }, (_, i) => ({ cardId: `k${i}` })) } },
    seed: 1,
  });
}

export const TOKEN_IDS = Array.from({ length: 400 }, (_, i) => `t${Math.floor(i / 10)}-${i % 10}`);
export const REGION_IDS = Array.from({ length: 40 }, (_, r) => `r${r}`);

/** A deterministic stream of valid token moves between regions. */
export class MoveStream {
  rng: RngState = seedRng(7);
  pick<T>(items: readonly T[]): T {
    const [i, next] = nextInt(this.rng, items.length);
    this.rng = next;
    return items[i] as T;
  }
  next(): Move {
    return {
      type: "component move",
      componentId: this.pick(TOKEN_IDS),
      destinationId: this.pick(REGION_IDS),
      positionName: "tokens",
    };
  }
}

/** A 10,000-event log: turns of two token moves and a counter change, an undo every 25 events. */
export function bigLog(n: number): TableEvent[] {
  const stream = new MoveStream();
  const events: TableEvent[] = [];
  for (let seq = 0; seq < n; seq++) {
    if (seq % 25 === 24) {
      events.push({ kind: "undo", seq, actor: "red", timestamp: seq, undone: [seq - 1] });
      continue;
    }
    const moves: Move[] = [
      stream.next(),
      stream.next(),
      { type: "inc counter", player: "red", counter: "vp", amount: 1 },
    ];
    events.push(turnEvent(seq, { seat: "red", turnUID: `u${seq}`, timestamp: seq }, moves));
  }
  return events;
}
