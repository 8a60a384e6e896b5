import { describe, expect, it } from "vitest";
import type { RuleModule } from "../module/types.js";
import { seedRng } from "../rng.js";
import type { Situation } from "../situation.js";
import { createTableHolder } from "../table/holder.js";
import { TEST_PROJECT, testGame } from "../test/test-game.js";
import { childrenAt, findComponent } from "../tree.js";
import { HIDDEN_RNG } from "../view/view.js";
import { genericBot, randomBot } from "./generic.js";
import { playGame } from "./play.js";
import { legalTurns } from "./turns.js";
import type { Bot, BotContext } from "./types.js";

// The bot API on the engine's test game (players alternate; each placement passes the turn).

const play = (bots: { [seat: string]: Bot }, seed: number, module: RuleModule = testGame) =>
  playGame({ start: testGame.setup({} as never), module, project: TEST_PROJECT, bots, seed, maxTurns: 30 });

describe("playGame", () => {
  it("plays turns through the table holder, none refused, and stops at maxTurns in a game without an end", () => {
    const r = play({ red: randomBot, blue: randomBot }, 1);
    expect(r.stop).toBe("max turns");
    expect(r.turns).toBe(30);
    expect(r.refused).toBe(0);
    expect(r.holder.events).toHaveLength(30);
    // A placement passes the turn (a counter button does not): rounds are player turns per seat.
    expect(r.playerTurns).toBeGreaterThan(10);
    expect(r.playerTurns).toBeLessThanOrEqual(30);
    expect(r.rounds).toBe(Math.ceil(r.playerTurns / 2));
  });

  it("is deterministic for a seed, and another seed plays another game", () => {
    const moves = (seed: number) =>
      play({ red: randomBot, blue: randomBot }, seed).holder.events.map((e) =>
        e.kind === "turn" ? e.moves : e.kind,
      );
    expect(moves(7)).toEqual(moves(7));
    expect(moves(8)).not.toEqual(moves(7));
  });

  it("hands each bot its seat's view: the random state is never in it", () => {
    const seen: Situation[] = [];
    const spy: Bot = (view, seat, ctx, rng) => {
      seen.push(view);
      return randomBot(view, seat, ctx, rng);
    };
    play({ red: spy, blue: spy }, 3);
    expect(seen.length).toBe(30);
    for (const view of seen) expect(view.rng).toEqual(HIDDEN_RNG);
  });

  it("with the table's judge, a turn is evaluated once: the turn the judge took is recorded as judged", () => {
    // Every evaluation of an action calls one of the module's action hooks.
    let evaluations = 0;
    const counting: RuleModule = { ...testGame };
    for (const hook of ["clickComponent", "clickPosition", "pressButton", "pressStateButton"] as const) {
      const own = testGame[hook] as (...args: unknown[]) => unknown;
      (counting as unknown as Record<string, unknown>)[hook] = (...args: unknown[]) => {
        evaluations++;
        return own(...args);
      };
    }
    let asked = 0;
    const asking: Bot = (view, seat, ctx, rng) => {
      const judge = ctx.judge;
      if (judge === undefined) return randomBot(view, seat, ctx, rng);
      const counted: BotContext = {
        ...ctx,
        judge: (actions) => {
          asked += actions.length;
          return judge(actions);
        },
      };
      return randomBot(view, seat, counted, rng);
    };
    const judged = play({ red: asking, blue: asking }, 5, counting);
    expect(judged.turns).toBe(30);
    expect(asked).toBeGreaterThanOrEqual(30);
    // No evaluation but the judge's: the 30 turns were not evaluated again when recorded.
    expect(evaluations).toBeLessThanOrEqual(asked);
    // Without the judge, each turn is tried on the view and evaluated again when sent.
    evaluations = 0;
    const unjudged = playGame({
      start: testGame.setup({} as never),
      module: counting,
      project: TEST_PROJECT,
      bots: { red: randomBot, blue: randomBot },
      seed: 5,
      maxTurns: 30,
      judged: false,
    });
    expect(unjudged.turns).toBe(30);
    expect(unjudged.refused).toBe(0);
    expect(evaluations).toBeGreaterThanOrEqual(60);
    // Both ways record a log that replays to the table's live situation.
    for (const r of [judged, unjudged]) {
      const again = createTableHolder({ start: r.holder.start, module: testGame, project: TEST_PROJECT });
      for (const event of r.holder.events) again.append(event);
      expect(again.live).toEqual(r.holder.live);
    }
  });

  it("counts turns the server refuses and gives up on a seat that only proposes those", () => {
    const stubborn: Bot = () => [{ kind: "click position", destinationId: "nowhere", positionName: "x" }];
    const r = play({ red: stubborn, blue: randomBot }, 1);
    expect(r.stop).toBe("stuck");
    expect(r.turns).toBe(0);
    expect(r.refused).toBe(20);
  });
});

describe("the generic bot", () => {
  // A heuristic: the more cards and tokens in the seat's own hand, the better.
  const handSize = (view: Situation, seat: string) =>
    childrenAt(findComponent(view.root, `area-${seat}`) ?? view.root, "hand").length;
  const withHeuristic: RuleModule = { ...testGame, evaluate: handSize };

  it("greedy plays a turn the heuristic rates best", { timeout: 30_000 }, () => {
    const start = testGame.setup({} as never);
    const ctx: BotContext = {
      module: withHeuristic,
      rules: { pieces: TEST_PROJECT.pieces, options: {} },
      seq: 0,
    };
    const turns = legalTurns(start, "red", ctx);
    expect(turns.length).toBeGreaterThan(2);
    const best = Math.max(...turns.map((t) => (t.after === null ? -1 : handSize(t.after, "red"))));
    expect(best).toBe(1);
    for (let seed = 0; seed < 5; seed++) {
      const actions = genericBot({ search: "greedy" })(start, "red", ctx, seedRng(seed));
      const chosen = turns.find((t) => JSON.stringify(t.actions) === JSON.stringify(actions));
      expect(chosen?.after === null ? -1 : handSize(chosen?.after as Situation, "red")).toBe(best);
    }
  });

  it("without a heuristic, greedy and Monte Carlo play at random, and still legally", {
    timeout: 30_000,
  }, () => {
    for (const search of ["greedy", "montecarlo"] as const) {
      const bot = genericBot({ search });
      const r = play({ red: bot, blue: bot }, 2);
      expect(r.refused).toBe(0);
      expect(r.turns).toBe(30);
    }
  });

  it("Monte Carlo with a heuristic plays legal turns", { timeout: 60_000 }, () => {
    const bot = genericBot({ search: "montecarlo", playouts: 2, depth: 2, width: 2 });
    const r = play({ red: bot, blue: randomBot }, 4, withHeuristic);
    expect(r.refused).toBe(0);
    expect(r.turns).toBe(30);
  });
});
