import { seedRng } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { playShippedGame } from "../../bots";
import type { GameTable } from "../../testing/driver";
import { chessBot } from "./bot";
import { bestMoves, CHESS_BOT_LEVELS, type ChessBotLevel, MATE } from "./bot-search";
import { chess } from "./index";
import { turnOf } from "./rules";
import { generateMoves, MAX_MOVES } from "./rules/movegen";
import { positionFromFen } from "./rules/position";
import { chessOf, sidesOf } from "./state";
import { fenTable, newTable, playSan } from "./testkit";

/** Plays the bot's turn for the side to move and returns the table afterwards. */
function botMoves(table: GameTable, level: ChessBotLevel): GameTable {
  const seat = sidesOf(table.situation)[turnOf(chessOf(table.situation))];
  const { holder } = table;
  const actions = chessBot(level)(
    holder.view(seat),
    seat,
    { module: holder.module, rules: holder.ctx, seq: holder.events.length },
    seedRng(7),
  );
  expect(actions).not.toBeNull();
  return table.play(seat, actions ?? []);
}

/** Mates in one at the table: from a named start position, or reached by moves from the start. */
const AT_THE_TABLE: [string, () => GameTable][] = [
  ["by promotion (the 'promotion puzzle' position)", () => fenTable("promotion-puzzle")],
  ["scholar's mate, White", () => playSan(newTable(), "e4 e5 Bc4 Nc6 Qf3 d6")],
  ["fool's mate, Black", () => playSan(newTable(), "f3 e5 g4")],
];

/** Mates in one the search must see, by FEN. */
const BY_FEN: [string, string][] = [
  ["back rank, White", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"],
  ["back rank, Black", "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"],
  ["smothered mate", "6rk/6pp/7N/8/8/8/8/K7 w - - 0 1"],
];

describe("the chess bot", () => {
  for (const level of CHESS_BOT_LEVELS.slice(0, 3)) {
    for (const [name, table] of AT_THE_TABLE)
      it(`finds mate in one at level ${level}: ${name}`, () => {
        const outcome = chessOf(botMoves(table(), level).situation).outcome;
        expect(outcome?.reason).toBe("checkmate");
      });
    for (const [name, fen] of BY_FEN)
      it(`finds mate in one at level ${level}: ${name}`, () => {
        const pos = positionFromFen(fen);
        if (!pos.ok) throw new Error(fen);
        const choice = bestMoves(pos.value, level);
        expect(choice.score).toBe(MATE - 1);
        for (const m of choice.best) {
          pos.value.make(m);
          expect(pos.value.inCheck()).toBe(true);
          expect(generateMoves(pos.value, new Int32Array(MAX_MOVES), 0)).toBe(0);
          pos.value.unmake(m);
        }
      });
  }

  it("takes a hanging queen at level 1", () => {
    const table = botMoves(playSan(newTable(), "e4 d5 Nc3 Qd6 Nf3 Qb4"), 1);
    expect(chessOf(table.situation).moves.at(-1)).toMatch(/x/);
  });

  it("at level 2 beats the random bot in most of 20 games, with every move accepted", {
    timeout: 120_000,
  }, () => {
    let wins = 0;
    for (let i = 0; i < 20; i++) {
      // The bot plays White in half the games.
      const bot = i % 2 === 0 ? "white" : "black";
      const r = playShippedGame({
        game: chess,
        players: ["white", "black"],
        bots: { [bot]: "chess-2" },
        seed: i + 1,
      });
      expect(r.refused).toBe(0);
      expect(r.stop).toBe("ended");
      if (r.winners[0] === bot) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(15);
  });

  it("plays level 1 against level 1 to an end, deterministically for a seed", { timeout: 60_000 }, () => {
    const game = (seed: number) => {
      const r = playShippedGame({
        game: chess,
        players: ["white", "black"],
        bots: { white: "chess-1", black: "chess-1" },
        seed,
      });
      return { stop: r.stop, result: r.result, turns: r.turns, refused: r.refused };
    };
    const first = game(3);
    expect(first.stop).toBe("ended");
    expect(first.refused).toBe(0);
    expect(game(3)).toEqual(first);
  });
});
