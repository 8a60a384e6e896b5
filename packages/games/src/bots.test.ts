import { type Bot, HIDDEN_RNG, randomBot, type Situation, walk } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { botKindNames, CHESS_BOT_KIND_LEVELS } from "./botKinds";
import { botFor, botKinds, playShippedGame } from "./bots";
import { shippedGames } from "./index";
import { CHESS_BOT_LEVELS } from "./projects/chess/bot-search";

// Issue 22: a bot for every game. Self-play goes through the engine's table holder, the path the
// server records turns on, so a turn the server would refuse shows here as `refused`. Where the bots
// must find their turns on their views alone, as at a live table, the games run unjudged
// (PlayGameOptions.judged); balance runs ask the table's judge, and must end their games too.

const COLORS = ["red", "blue", "green", "yellow", "cyan", "orange"];
const gameOf = (slug: string) => {
  const game = shippedGames.find((g) => g.content.slug === slug);
  if (game === undefined) throw new Error(`no game ${slug}`);
  return game;
};

/** The sandbox has no rules that end it (only an edit-mode button does): it plays this many turns. */
const SANDBOX_TURNS = 150;

describe("the random bot completes a game of every shipped game at every player count", () => {
  for (const game of shippedGames) {
    const { min, max } = game.content.players;
    for (let seats = min; seats <= max; seats++) {
      it(`${game.content.slug}, ${seats} player(s)`, { timeout: 60_000 }, () => {
        const endless = game.content.slug === "sandbox";
        const setup = {
          game,
          players: COLORS.slice(0, seats),
          seed: seats,
          maxTurns: endless ? SANDBOX_TURNS : 3000,
        };
        const judged = playShippedGame(setup);
        expect(judged.stop).toBe(endless ? "max turns" : "ended");
        expect(judged.refused).toBe(0);
        const r = playShippedGame({ ...setup, judged: false });
        expect(r.refused).toBe(0);
        if (endless) {
          // No end in the rules: every one of its turns was taken and accepted, none refused.
          expect(r.stop).toBe("max turns");
          expect(r.turns).toBe(SANDBOX_TURNS);
          return;
        }
        expect(r.stop).toBe("ended");
        expect(r.holder.live.ended).toBe(true);
        expect(r.turns).toBeGreaterThan(seats);
        expect(r.rounds).toBeGreaterThan(0);
        // Every game but chess names its winners among the seats; chess may end in a draw.
        for (const w of r.winners) expect(COLORS.slice(0, seats)).toContain(w);
        if (game.content.slug !== "chess") expect(r.winners.length).toBeGreaterThan(0);
      });
    }
  }
});

describe("self-play is deterministic for a seed", () => {
  // Short markets ('sprint': the bell lies near the top of the deck), so 200 games stay cheap.
  const summary = (seed: number, games: number) =>
    Array.from({ length: games }, (_, i) => {
      const r = playShippedGame({
        game: gameOf("night-market"),
        players: ["red", "blue", "green"],
        options: { length: "sprint" },
        seed: seed + i,
      });
      return {
        winners: r.winners,
        scores: r.scores,
        turns: r.turns,
        refused: r.refused,
        log: r.holder.events.length,
      };
    });

  it("a run of 200 Night Market games gives the same results twice", { timeout: 300_000 }, () => {
    const first = summary(1, 200);
    expect(summary(1, 200)).toEqual(first);
    expect(first.every((g) => g.refused === 0)).toBe(true);
    // The seed matters: another one plays other games.
    expect(summary(1001, 20)).not.toEqual(first.slice(0, 20));
  });
});

describe("bots see only their seat's view", () => {
  it("in Night Market a bot is never handed another trader's goods nor the random state", () => {
    const seen: { seat: string; view: Situation }[] = [];
    const spy: Bot = (view, seat, ctx, rng) => {
      seen.push({ seat, view });
      return randomBot(view, seat, ctx, rng);
    };
    const r = playShippedGame({
      game: gameOf("night-market"),
      players: ["red", "blue", "green"],
      bots: { red: spy, blue: spy, green: spy },
      seed: 5,
    });
    expect(r.stop).toBe("ended");
    expect(seen.length).toBeGreaterThan(20);
    for (const { seat, view } of seen) {
      expect(view.rng).toEqual(HIDDEN_RNG);
      for (const p of view.players) {
        if (p.color === seat) continue;
        walk(view.root, (c) => {
          if (c.parent === p.area && c.childData?.positionName === "hand") expect(c.placeholder).toBe("back");
        });
      }
    }
  });
});

describe("bot kinds", () => {
  it("every game offers the random bot; Night Market its heuristic bots; chess its levels", () => {
    for (const game of shippedGames) expect(botKinds(game).map((k) => k.id)).toContain("random");
    expect(botKinds(gameOf("night-market")).map((k) => k.id)).toEqual(["random", "greedy", "montecarlo"]);
    expect(botKinds(gameOf("chess")).map((k) => k.id)).toEqual([
      "random",
      "chess-1",
      "chess-2",
      "chess-3",
      "chess-4",
    ]);
    expect(botFor(gameOf("sandbox"), "greedy")).toBeUndefined();
  });

  it("the names the web lists (botKinds.ts) are the kinds the server plays, each with its bot", () => {
    expect([...CHESS_BOT_KIND_LEVELS]).toEqual([...CHESS_BOT_LEVELS]);
    for (const game of shippedGames) {
      const kinds = botKinds(game);
      expect(kinds.map(({ id, name }) => ({ id, name }))).toEqual(botKindNames(game));
      for (const k of kinds) expect(typeof k.bot).toBe("function");
    }
  });

  it("Night Market's greedy bot, on its heuristic, beats random bots", { timeout: 60_000 }, () => {
    let greedyWins = 0;
    for (let i = 0; i < 12; i++) {
      // The greedy bot sits first in half the games.
      const greedy = i % 2 === 0 ? "red" : "blue";
      const r = playShippedGame({
        game: gameOf("night-market"),
        players: ["red", "blue"],
        bots: { [greedy]: "greedy" },
        seed: 100 + i,
      });
      expect(r.refused).toBe(0);
      if (r.winners.length === 1 && r.winners[0] === greedy) greedyWins++;
    }
    expect(greedyWins).toBeGreaterThanOrEqual(10);
  });
});
