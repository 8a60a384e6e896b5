import { type Situation, updateComponent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { chessStart } from "../testkit";
import { componentStatRows, flattenStats, globalStatRows, playerStatTable, statText } from "./stats";

function finished(): Situation {
  const s = chessStart();
  return {
    ...s,
    ended: true,
    players: s.players.map((p, i) => ({
      ...p,
      stats: { ...p.stats, score: i === 0 ? 1 : 0, ...(i ? { draws: 0 } : {}) },
    })),
    stats: {
      result: { result: "1-0", reason: "resignation", winner: "red" },
      rounds: 3,
      tags: ["short", "sharp"],
    },
    objectStats: { game: { moves: 2, movetext: "1. e4 e5" }, "white-king": { checks: 0 } },
  };
}

describe("statText", () => {
  it("writes each kind of value as a cell reads it", () => {
    expect([
      statText(3),
      statText("x"),
      statText(true),
      statText(false),
      statText(null),
      statText(undefined),
    ]).toEqual(["3", "x", "Yes", "No", "–", "–"]);
    expect(statText([1, "a", null])).toBe("1, a, –");
    expect(statText({ a: 1 })).toBe('{"a":1}');
  });

  it("flattens nested stats into dotted names and leaves the input alone", () => {
    const stats = { result: { winner: "red", detail: { by: "time" } }, empty: {}, n: 1 };
    const before = JSON.stringify(stats);
    expect(flattenStats(stats)).toEqual([
      ["result.winner", "red"],
      ["result.detail.by", "time"],
      ["empty", {}],
      ["n", 1],
    ]);
    expect(JSON.stringify(stats)).toBe(before);
  });
});

describe("full statistics", () => {
  it("lists player stats per colour, overview stats first under their display names", () => {
    const table = playerStatTable(finished(), [
      { name: "score", displayName: "Score" },
      { name: "moves", displayName: "Moves played" },
      { name: "unused", displayName: "Never kept" },
    ]);
    expect(table.colors).toEqual(["red", "blue"]);
    expect(table.rows).toEqual([
      { name: "score", label: "Score", values: ["1", "0"] },
      { name: "moves", label: "Moves played", values: ["0", "0"] },
      { name: "captures", label: "captures", values: ["0", "0"] },
      { name: "checks", label: "checks", values: ["0", "0"] },
      { name: "draws", label: "draws", values: ["–", "0"] },
    ]);
  });

  it("lists global stats with nested results flattened", () => {
    expect(globalStatRows(finished())).toEqual([
      { name: "result.result", value: "1-0" },
      { name: "result.reason", value: "resignation" },
      { name: "result.winner", value: "red" },
      { name: "rounds", value: "3" },
      { name: "tags", value: "short, sharp" },
    ]);
  });

  it("lists component stats by the component's label when it has one, else by its id", () => {
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
    const rows = componentStatRows(labelled);
    expect(rows.map((r) => [r.component, r.stat, r.value])).toEqual([
      ["game", "moves", "2"],
      ["game", "movetext", "1. e4 e5"],
      ["white-king", "checks", "0"],
      ["Chessboard", "squaresUsed", "12"],
    ]);
  });
});
