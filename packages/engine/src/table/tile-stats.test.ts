import { describe, expect, it } from "vitest";
import type { Situation } from "../situation.js";
import { testSituation } from "../test/fixture.js";
import { TILE_STATS_MAX, tileStats } from "./tile-stats.js";

/** The test situation (red, blue) with these player stats and table stats. */
function withStats(players: Record<string, Situation["stats"]>, table: Situation["stats"] = {}): Situation {
  const s = testSituation();
  return {
    ...s,
    stats: table,
    players: s.players.map((p) => ({ ...p, stats: players[p.color] ?? {} })),
  };
}

describe("tileStats", () => {
  it("reads each overview stat of the players as 'colour value' in seat order", () => {
    const s = withStats({ red: { score: 3, rank: "first" }, blue: { score: 5 } });
    expect(
      tileStats(s, [
        { name: "score", displayName: "Score" },
        { name: "rank", displayName: "Rank" },
      ]),
    ).toEqual([
      { name: "score", displayName: "Score", numValue: null, strValue: "red 3, blue 5" },
      { name: "rank", displayName: "Rank", numValue: null, strValue: "red first" },
    ]);
  });

  it("gives a table-level stat, or a lone player's number, as a number", () => {
    const s = withStats({}, { round: 4, phase: "auction", result: { winner: "red" } });
    expect(
      tileStats(s, [
        { name: "round", displayName: "Round" },
        { name: "phase", displayName: "Phase" },
        { name: "result", displayName: "Result" },
      ]),
    ).toEqual([
      { name: "round", displayName: "Round", numValue: 4, strValue: null },
      { name: "phase", displayName: "Phase", numValue: null, strValue: "auction" },
    ]);
    const solo = withStats({ red: { score: 7 } });
    const one = { ...solo, players: solo.players.slice(0, 1) };
    expect(tileStats(one, [{ name: "score", displayName: "Score" }])).toEqual([
      { name: "score", displayName: "Score", numValue: 7, strValue: null },
    ]);
  });

  it("leaves out stats nobody has, and shows at most TILE_STATS_MAX", () => {
    const s = withStats({ red: { a: 1, b: 2, c: 3, d: 4 } });
    const overview = ["missing", "a", "b", "c", "d"].map((name) => ({
      name,
      displayName: name.toUpperCase(),
    }));
    const out = tileStats(s, overview);
    expect(out.map((t) => t.name)).toEqual(["a", "b", "c"]);
    expect(out).toHaveLength(TILE_STATS_MAX);
    expect(tileStats(s, [])).toEqual([]);
  });

  it("leaves its input unchanged", () => {
    const s = withStats({ red: { score: 1 } }, { round: 2 });
    const before = JSON.stringify(s);
    tileStats(s, [{ name: "score", displayName: "Score" }]);
    expect(JSON.stringify(s)).toBe(before);
  });
});
