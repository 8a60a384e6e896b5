import {
  applyViewPatch,
  type Component,
  createTableHolder,
  createViewerLog,
  FULL_VIEW,
  fold,
  HIDDEN_RNG,
  type JsonObject,
  linesFor,
  mayAct,
  predictTurn,
  randomTurn,
  type Situation,
  SPECTATOR,
  seedRng,
  sightOf,
  type TableHolder,
  unpackLines,
  type ViewEvent,
  type ViewPatch,
  walk,
} from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf, registry, shippedGames } from "./index";
import { playTable } from "./testing/driver";

// Secrets stay on the server (DESIGN.md 'Hidden information'), checked over random legal play of every
// shipped game: for each seat and a spectator, the events it would be sent fold to exactly its view
// of the server's situation; that view shows nothing the viewer may not see (checked against the full
// situation); no card it lost sight of can be followed by its id; and the full log (undo, replay, a
// debug fork at any event) agrees with the live situation.

const PLACEHOLDER_OPTIONS = new Set(["deckName", "revImageName", "facedown"]);
const COLORS = ["red", "blue", "green", "yellow"];

function byId(view: Situation): Map<string, Component> {
  const out = new Map<string, Component>();
  walk(view.root, (c) => out.set(c.id, c));
  return out;
}

/** A project made on 'New project' with one deck of twelve cards: no code (noCode.ts). */
function noCodeHolder(seats: string[], seed: number): TableHolder {
  const decks = {
    heroes: {
      cardInfo: { w: 250, h: 350 },
      cards: Array.from({ length: 12 }, (_, i) => ({ cardId: `h${i}`, name: `Hero ${i}` })),
    },
  };
  const tree = registry.treeFor("no-code-cards", null, decks);
  const start = registry.startSituation("no-code-cards", {
    players: seats.map((color) => ({ color })),
    options: {},
    seed,
    components: tree,
    decks,
  });
  return createTableHolder({
    start,
    module: registry.moduleFor("no-code-cards"),
    project: { pieces: piecesOf(tree), options: {} },
    snapshotEvery: 8,
  });
}

const TABLES: {
  slug: string;
  players: number;
  options?: JsonObject;
  holder?: (seats: string[], seed: number) => TableHolder;
}[] = [
  { slug: "a project without code", players: 3, holder: noCodeHolder },
  { slug: "night-market", players: 2 },
  { slug: "night-market", players: 4, options: { length: "quick" } },
  { slug: "chess", players: 2 },
  { slug: "sandbox", players: 3 },
  { slug: "template-cards", players: 2 },
  { slug: "template-board", players: 2 },
];

describe("every viewer is sent only what it may see, over random play of every shipped game", () => {
  for (const { slug, players, options, holder: made } of TABLES) {
    it(`${slug}, ${players} players`, { timeout: 60_000 }, () => {
      const game = shippedGames.find((g) => g.content.slug === slug);
      if (game === undefined && made === undefined) throw new Error(`no game ${slug}`);
      for (const seed of [1, 2, 3]) {
        const seats = COLORS.slice(0, players);
        const holder =
          made?.(seats, seed) ??
          playTable(game as NonNullable<typeof game>, {
            players: seats,
            seed,
            ...(options === undefined ? {} : { options }),
          }).holder;
        const viewers = [...seats, SPECTATOR, FULL_VIEW];
        const folded = new Map(viewers.map((v) => [v, holder.view(v)]));
        const rng = { state: seedRng(seed * 7919) };
        for (let turn = 0; turn < 40 && !holder.live.ended; turn++) {
          const live = holder.live;
          const seat = seats.find((s) => mayAct(live, s)) ?? seats[0]!;
          // Now and then the player takes their turn back, where the rules allow it.
          if (turn % 9 === 8 && holder.undo({ seat, timestamp: turn, editMode: false }).ok) {
            // undone: an event like any other
          } else {
            const actions = randomTurn(live, holder.events.length, seat, holder.module, holder.ctx, rng);
            if (actions === null) break;
            const played = holder.play({ seat, actions, timestamp: turn, turnUID: `t${turn}` });
            if (!played.ok) throw new Error(played.message);
          }
          const seq = holder.events.length - 1;
          const sight = sightOf(holder.live, holder.ctx, holder.module);
          for (const viewer of viewers) {
            const sent = JSON.parse(JSON.stringify(holder.viewEvent(viewer, seq, true))) as ViewEvent & {
              patch: ViewPatch;
            };
            // Its log lines, sent without what the header says, are the lines it may read, whole.
            expect(unpackLines(sent.log, sent)).toEqual(linesFor(viewer, holder.linesOf(seq), sent));
            const before = folded.get(viewer) as Situation;
            const after = applyViewPatch(before, sent.patch);
            expect(after).toEqual(holder.view(viewer));
            expect(after.rng).toEqual(HIDDEN_RNG);
            folded.set(viewer, after);
            if (viewer === FULL_VIEW) continue;
            const seen = sight.of(viewer);
            const shown = byId(after);
            sight.components.forEach((c, i) => {
              const v = shown.get(c.id) as Component;
              if (seen[i] === "face") expect({ ...v, children: {} }).toEqual({ ...c, children: {} });
              else {
                expect(v.placeholder).toBe(seen[i]);
                expect(Object.keys(v.options).filter((k) => !PLACEHOLDER_OPTIONS.has(k))).toEqual([]);
                expect(v.variables).toBeUndefined();
              }
            });
            walk(before.root, (c) => {
              const later = shown.get(c.id);
              if (c.type === "card" && c.placeholder === undefined && later?.placeholder !== undefined)
                expect.fail(`${viewer} could follow card ${c.id} out of sight at event ${seq}`);
            });
          }
        }
        expect(holder.events.length).toBeGreaterThan(5);
        expect(fold(holder.start, holder.events)).toEqual(holder.live);
        for (const k of [0, 1, Math.floor(holder.events.length / 2), holder.events.length])
          expect(holder.at(k)).toEqual(fold(holder.start, holder.events.slice(0, k)));
      }
    });
  }
});

describe("a player's own turn, evaluated on their view before it is sent", () => {
  it("is never refused by rules that could not see the deck: a Night Market purchase waits for the server", () => {
    const game = shippedGames.find((g) => g.content.slug === "night-market");
    if (game === undefined) throw new Error("no Night Market");
    const t = playTable(game, { players: ["red", "blue"], seed: 7 });
    const seat = ["red", "blue"].find((s) => mayAct(t.situation, s)) as string;
    const log = createViewerLog(seat, t.holder.view(seat), []);
    const row = (t.situation.root.children.main as Component[])[0]?.children.row as Record<string, Component>;
    const turn = {
      seat,
      timestamp: 1,
      turnUID: "buy",
      actions: [{ kind: "click component" as const, componentId: row["1"]!.id }],
    };
    // The restock turns up cards of the deck, which the view does not know: the server decides.
    expect(predictTurn(log, turn, t.holder.module, t.holder.ctx).kind).toBe("unpredictable");
    // The server accepts it.
    expect(t.holder.record(turn).ok).toBe(true);
    // A turn on what the player sees is shown at once: a card sold from their own hand.
    const hand = (t.situation.root.children.players as Record<string, Component>)[seat]!.children
      .hand as Component[];
    const sell = {
      ...turn,
      turnUID: "sell",
      actions: [{ kind: "click component" as const, componentId: hand[0]!.id }],
    };
    expect(predictTurn(log, sell, t.holder.module, t.holder.ctx).kind).toBe("predicted");
  });
});
