import { describe, expect, it } from "vitest";
import { nightMarket } from "../projects/night-market";
import { compareReports } from "./compare";
import { rowsToCsv } from "./csv";
import { balanceReport, type GameRow } from "./report";
import { gameSetup, playRunGame, type RunPlan } from "./run";
import { compareProportions, distribution, normalCdf, proportion } from "./stats";

const row = (over: Partial<GameRow> & Pick<GameRow, "game" | "seats" | "winners">): GameRow => ({
  seed: over.game,
  bots: Object.fromEntries(over.seats.map((c) => [c, "random"])),
  options: {},
  stop: "ended",
  scores: {},
  turns: 10,
  playerTurns: 8,
  rounds: 4,
  refused: 0,
  stats: { global: {}, players: {}, objects: {} },
  ...over,
});

// Six hand-made games: four at two players, two at three.
const ROWS: GameRow[] = [
  row({ game: 0, seats: ["red", "blue"], winners: ["red"], scores: { red: 10, blue: 4 }, rounds: 5 }),
  row({ game: 1, seats: ["blue", "red"], winners: ["blue"], scores: { red: 3, blue: 9 }, rounds: 6 }),
  row({ game: 2, seats: ["red", "blue"], winners: ["blue"], scores: { red: 5, blue: 7 }, rounds: 7 }),
  // A tie: each winner gets half a win.
  row({ game: 3, seats: ["blue", "red"], winners: ["blue", "red"], scores: { red: 6, blue: 6 }, rounds: 8 }),
  row({
    game: 4,
    seats: ["red", "blue", "green"],
    winners: ["green"],
    scores: { red: 1, blue: 2, green: 12 },
    stats: { global: { bells: 1 }, players: { green: { sales: 4 }, red: { sales: 1 } }, objects: {} },
  }),
  row({ game: 5, seats: ["green", "red", "blue"], winners: [], stop: "max turns", turns: 3000 }),
];

describe("balanceReport", () => {
  const report = balanceReport(ROWS, [{ name: "sales", displayName: "Sales" }]);

  it("the report's win rates match a hand count", () => {
    const two = report.byPlayerCount.find((g) => g.players === 2);
    const three = report.byPlayerCount.find((g) => g.players === 3);
    // Two players: first seat won games 0 and 1, half of 3: 2.5 of 4; second seat game 2, half of 3.
    expect(two?.seats.map((s) => [s.seat, s.wins, s.games])).toEqual([
      [1, 2.5, 4],
      [2, 1.5, 4],
    ]);
    expect(two?.seats[0]?.rate).toBe(0.625);
    expect(two?.noWinner).toBe(0);
    // Three players: game 4 won by the third seat; game 5 had no winner.
    expect(three?.seats.map((s) => s.wins)).toEqual([0, 0, 1]);
    expect(three?.noWinner).toBe(1);
    // Colours: red won 0 and half of 3, in 6 games; blue 1, 2 and half of 3, in 6; green 4, in 2.
    const color = Object.fromEntries(report.byColor.map((c) => [c.color, [c.wins, c.games]]));
    expect(color).toEqual({ red: [1.5, 6], blue: [2.5, 6], green: [1, 2] });
    expect(report.byBot).toMatchObject([{ bot: "random", wins: 5, games: 14 }]);
    expect(report.stops).toEqual({ ended: 5, "max turns": 1, stuck: 0 });
    expect(report.ties).toBe("shared");
  });

  it("puts a 95% interval around each win rate", () => {
    for (const s of report.byPlayerCount.flatMap((g) => g.seats)) {
      expect(s.low).toBeLessThanOrEqual(s.rate);
      expect(s.high).toBeGreaterThanOrEqual(s.rate);
      expect(s.low).toBeGreaterThanOrEqual(0);
      expect(s.high).toBeLessThanOrEqual(1);
    }
  });

  it("summarises scores, winning scores, length and the declared stats", () => {
    const two = report.byPlayerCount[0];
    expect(two?.scores).toMatchObject({ count: 8, min: 3, max: 10, median: 6, mean: 50 / 8 });
    expect(two?.winningScores).toMatchObject({ min: 6, max: 10, mean: (10 + 9 + 7 + 6) / 4 });
    expect(two?.rounds).toMatchObject({ min: 5, max: 8, median: 6.5 });
    expect(report.byPlayerCount[1]?.turns.max).toBe(3000);
    expect(report.playerStats).toEqual([
      {
        name: "sales",
        displayName: "Sales",
        mean: 2.5,
        min: 1,
        max: 4,
        count: 2,
        winnersMean: 4,
        othersMean: 1,
      },
    ]);
    expect(report.globalStats).toMatchObject([{ name: "bells", displayName: "bells", mean: 1, count: 1 }]);
  });

  it("does not depend on the key order of stored rows (jsonb reorders keys)", () => {
    const reversed = (o: object) => Object.fromEntries(Object.entries(o).reverse());
    const rows = ROWS.map((r) => ({
      ...r,
      options: { b: r.game % 2, a: r.game % 3 },
      stats: {
        global: { zeta: 1, alpha: 2 },
        players: Object.fromEntries(r.seats.map((c) => [c, { sales: 1, bells: r.game }])),
        objects: { tea: { sold: 1, price: 2 }, jade: { sold: 3 } },
      },
    }));
    const shuffled = rows.map((r) => ({
      ...r,
      options: reversed(r.options),
      stats: {
        global: reversed(r.stats.global),
        players: reversed(
          Object.fromEntries(Object.entries(r.stats.players).map(([c, v]) => [c, reversed(v)])),
        ),
        objects: reversed(
          Object.fromEntries(Object.entries(r.stats.objects).map(([id, v]) => [id, reversed(v)])),
        ),
      },
    }));
    const declared = [{ name: "sales", displayName: "Sales" }];
    expect(balanceReport(shuffled, declared)).toEqual(balanceReport(rows, declared));
    // Declared stats first, as the game lists them; then by name.
    expect(balanceReport(rows, declared).playerStats.map((s) => s.name)).toEqual(["sales", "bells"]);
    expect(balanceReport(rows).objectStats.map((s) => `${s.id}.${s.name}`)).toEqual([
      "jade.sold",
      "tea.price",
      "tea.sold",
    ]);
  });

  it("shows the first player's win rate with and without each option value that varied", () => {
    const rows = [
      row({ game: 0, seats: ["red", "blue"], winners: ["red"], options: { prices: "fixed" }, rounds: 4 }),
      row({ game: 1, seats: ["red", "blue"], winners: ["red"], options: { prices: "fixed" }, rounds: 6 }),
      row({ game: 2, seats: ["red", "blue"], winners: ["blue"], options: { prices: "market" }, rounds: 8 }),
      row({ game: 3, seats: ["red", "blue"], winners: ["red"], options: { prices: "market", oil: true } }),
    ];
    const effects = balanceReport(rows).options;
    // 'oil' was set in one game only, to one value: nothing to compare it with.
    expect(effects.some((e) => e.option === "oil")).toBe(false);
    const fixed = effects.find((e) => e.option === "prices" && e.value === '"fixed"');
    expect(fixed?.firstWith).toMatchObject({ wins: 2, games: 2 });
    expect(fixed?.firstWithout).toMatchObject({ wins: 1, games: 2 });
    expect(fixed?.roundsWith).toBe(5);
    expect(effects.filter((e) => e.option === "prices")).toHaveLength(2);
  });
});

describe("the statistics", () => {
  it("gives the Wilson interval of known cases", () => {
    // 50 of 100: 0.404 to 0.596 (a textbook value).
    const half = proportion(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 3);
    expect(half.high).toBeCloseTo(0.5962, 3);
    // None of 10: the interval still has width above zero.
    expect(proportion(0, 10).low).toBeCloseTo(0, 10);
    expect(proportion(0, 10).high).toBeCloseTo(0.2775, 3);
  });

  it("tests two proportions: a large gap is significant, a small one is not", () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    const big = compareProportions(proportion(300, 1000), proportion(400, 1000));
    expect(big.difference).toBeCloseTo(0.1, 10);
    expect(big.z).toBeCloseTo(4.688, 2);
    expect(big.significant).toBe(true);
    const small = compareProportions(proportion(50, 100), proportion(55, 100));
    expect(small.p).toBeCloseTo(0.4795, 2);
    expect(small.significant).toBe(false);
    expect(compareProportions(proportion(0, 0), proportion(1, 2)).p).toBe(1);
  });

  it("bins whole numbers without splitting a value", () => {
    const d = distribution([1, 2, 2, 3, 30]);
    expect(d.histogram.reduce((a, b) => a + b.count, 0)).toBe(5);
    expect(d.histogram[0]).toEqual({ from: 1, to: 4, count: 4 });
    expect(d.histogram.at(-1)?.count).toBe(1);
    expect(distribution([7, 7]).histogram).toEqual([{ from: 7, to: 8, count: 2 }]);
  });
});

describe("compareReports", () => {
  it("gives each seat's difference and whether it is significant", () => {
    const many = (firstWins: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        row({ game: i, seats: ["red", "blue"], winners: [i < firstWins ? "red" : "blue"] }),
      );
    const c = compareReports(balanceReport(many(50, 100)), balanceReport(many(75, 100)));
    expect(c.seats.map((s) => [s.players, s.seat])).toEqual([
      [2, 1],
      [2, 2],
    ]);
    expect(c.seats[0]?.difference).toBeCloseTo(0.25, 10);
    expect(c.seats[0]?.significant).toBe(true);
    const same = compareReports(balanceReport(many(50, 100)), balanceReport(many(52, 100)));
    expect(same.seats[0]?.significant).toBe(false);
  });
});

describe("rowsToCsv", () => {
  it("writes one line per game with seats by position, and defuses formula text", () => {
    const csv = rowsToCsv([
      ROWS[0] as GameRow,
      row({
        game: 9,
        seats: ["red", "blue", "green"],
        winners: ["blue"],
        bots: { red: "=HYPERLINK(1)" },
        options: { a: 1, b: 2 },
      }),
    ]).split("\n");
    expect(csv[0]).toBe(
      "game,seed,players,stop,turns,player_turns,rounds,refused,winners,options," +
        "seat_1_colour,seat_1_bot,seat_1_score,seat_1_won,seat_2_colour,seat_2_bot,seat_2_score,seat_2_won," +
        "seat_3_colour,seat_3_bot,seat_3_score,seat_3_won",
    );
    expect(csv[1]).toBe("0,0,2,ended,10,8,5,0,red,{},red,random,10,1,blue,random,4,0,,,,");
    expect(csv[2]).toContain('"{""a"":1,""b"":2}"');
    expect(csv[2]).toContain(",red,'=HYPERLINK(1),,0,blue,,,1,");
    expect(csv).toHaveLength(4);
  });
});

describe("a run's games", () => {
  const plan: RunPlan = { options: {}, playerCounts: [2, 3], bots: ["random"], games: 4, seed: 5 };

  it("turns colours and player counts with the game index", () => {
    expect(gameSetup(plan, 0).seats).toEqual(["red", "blue"]);
    expect(gameSetup(plan, 1).seats).toEqual(["blue", "green", "red"]);
    expect(gameSetup(plan, 2).seats).toEqual(["red", "blue"]);
    expect(gameSetup(plan, 0).seed).not.toBe(gameSetup({ ...plan, seed: 6 }, 0).seed);
    const variants = { ...plan, variants: [{ prices: "fixed" }, { prices: "market" }] };
    expect([0, 1, 2, 3].map((i) => gameSetup(variants, i).options.prices)).toEqual([
      "fixed",
      "fixed",
      "market",
      "market",
    ]);
  });

  it("plays game i the same way wherever it is played", { timeout: 60_000 }, () => {
    const a = playRunGame(nightMarket, plan, 3);
    expect(a.stop).toBe("ended");
    expect(a.seats).toHaveLength(3);
    expect(a.winners.length).toBeGreaterThan(0);
    expect(playRunGame(nightMarket, plan, 3)).toEqual(a);
  });
});
