import { defaultDescribeStat, type Situation, updateComponent } from "@tt/engine";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chessStart } from "../testkit";
import { FullStatistics } from "./StatTables";
import { componentStatRows, type DescribeStat, globalStatRows, playerStatTable } from "./stats";

function finished(): Situation {
  const s = chessStart();
  return {
    ...s,
    ended: true,
    players: s.players.map((p, i) => ({
      ...p,
      stats: {
        ...p.stats,
        score: i === 0 ? 1 : 0,
        ...(i ? { draws: 0 } : { bellsRung: 1, saleLog: [{ good: "silk", cards: 2, price: 3 }] }),
      },
    })),
    stats: {
      result: { winners: ["red"], scores: { red: 1, blue: 0 } },
      rounds: 3,
      tags: ["short", "sharp"],
    },
    objectStats: { game: { moves: 2, movetext: "1. e4 e5" }, "white-king": { checks: 0 } },
  };
}

const byDefault: DescribeStat = (stat) => defaultDescribeStat(stat);

describe("full statistics", () => {
  it("lists player stats per colour, overview stats first under their display names, the rest in words", () => {
    const table = playerStatTable(
      finished(),
      [
        { name: "score", displayName: "Score" },
        { name: "moves", displayName: "Moves played" },
        { name: "unused", displayName: "Never kept" },
      ],
      byDefault,
    );
    expect(table.colors).toEqual(["red", "blue"]);
    expect(table.rows.map((r) => [r.label, r.values])).toEqual([
      ["Score", ["1", "0"]],
      ["Moves played", ["0", "0"]],
      ["Captures", ["0", "0"]],
      ["Checks", ["0", "0"]],
      ["Bells rung", ["1", "–"]],
      ["Sale log", [["good silk, cards 2, price 3"], "–"]],
      ["Draws", ["–", "0"]],
    ]);
  });

  it("lists global stats with a game end's result as rows of words, never keys or JSON", () => {
    expect(globalStatRows(finished(), byDefault).map((r) => [r.label, r.value])).toEqual([
      ["Winner", "red"],
      ["Final scores", ["red: 1", "blue: 0"]],
      ["Rounds", "3"],
      ["Tags", "short, sharp"],
    ]);
  });

  it("takes the game's own labels and rows where its module gives them, and may leave a stat out", () => {
    const game: DescribeStat = (stat) =>
      stat.key === "rounds"
        ? []
        : stat.key === "tags"
          ? [{ label: "How it went", value: (stat.value as string[]).join(" and ") }]
          : defaultDescribeStat(stat);
    expect(globalStatRows(finished(), game).map((r) => [r.label, r.value])).toEqual([
      ["Winner", "red"],
      ["Final scores", ["red: 1", "blue: 0"]],
      ["How it went", "short and sharp"],
    ]);
  });

  it("lists component stats by the component's label when it has one, else by its id in words", () => {
    const s = finished();
    const root = updateComponent(s.root, "board", (c) => ({
      ...c,
      options: { ...c.options, label: "Chessboard" },
    }));
    const labelled: Situation = {
      ...s,
      root: root!,
      objectStats: { ...s.objectStats, board: { squaresUsed: 12 } },
    };
    const rows = componentStatRows(labelled, byDefault);
    expect(rows.map((r) => [r.component, r.label, r.value])).toEqual([
      ["Game", "Moves", "2"],
      ["Game", "Movetext", "1. e4 e5"],
      ["White king", "Checks", "0"],
      ["Chessboard", "Squares used", "12"],
    ]);
  });

  it("draws a list as a list, and shows no raw key and no JSON", () => {
    const html = renderToStaticMarkup(
      <FullStatistics situation={finished()} overview={[]} describe={byDefault} />,
    );
    expect(html).toContain("<li>red: 1</li><li>blue: 0</li>");
    expect(html).toContain("Bells rung");
    expect(html).not.toMatch(/bellsRung|saleLog|result\.|[{}"]\s*good/);
    expect(html).not.toContain("{&quot;");
  });
});
