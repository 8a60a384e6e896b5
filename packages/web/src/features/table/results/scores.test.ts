import type { Situation } from "@tt/engine";
import type { SeatInfo } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { replay } from "../eventLog";
import { chessStart, turn } from "../testkit";
import {
  chartBars,
  chartedStat,
  overviewColumns,
  playerName,
  scoreChartLabel,
  scoreRows,
  styleOf,
} from "./scores";

const seats: SeatInfo[] = [
  { color: "red", userInfo: { username: "ann", badges: [] }, nonuser: false },
  { color: "blue", userInfo: { username: "ben", badges: [] }, nonuser: false },
];
const chessOverview = [
  { name: "score", displayName: "Score", customStyle: "font-weight: bold" },
  { name: "moves", displayName: "Moves played" },
];

/** A real chess game: ann (red, White) plays e4, then ben (blue) resigns. */
function resigned(): Situation {
  const start = chessStart();
  const e4 = turn(start, 0, "red", [
    { kind: "click component", componentId: "white-pawn-e2" },
    { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: "e4" },
  ]);
  const afterE4 = replay(start, [e4]).situation;
  const resign = turn(afterE4, 1, "blue", [{ kind: "press state button", button: "resign" }]);
  return replay(start, [e4, resign]).situation;
}

function withScores(scores: Record<string, number | string | undefined>): Situation {
  const s = chessStart();
  return {
    ...s,
    players: s.players.map((p) =>
      scores[p.color] === undefined ? p : { ...p, stats: { ...p.stats, score: scores[p.color]! } },
    ),
  };
}

describe("score overview", () => {
  it("ranks the players of a finished game by score with the game's overview stats", () => {
    const situation = resigned();
    expect(situation.ended).toBe(true);
    const rows = scoreRows(situation, seats, chessOverview);
    expect(rows).toEqual([
      { color: "red", player: "ann", values: { score: "1", moves: "1" }, score: 1 },
      { color: "blue", player: "ben", values: { score: "0", moves: "0" }, score: 0 },
    ]);
    expect(scoreChartLabel(rows, chartedStat(chessOverview)!)).toBe("Score: ann (red) 1, ben (blue) 0.");
  });

  it("falls back to the players' score when the game names no overview stats", () => {
    expect(overviewColumns([], withScores({ red: 3 }))).toEqual([{ name: "score", displayName: "Score" }]);
    expect(overviewColumns([], chessStart())).toEqual([]);
    expect(chartedStat([{ name: "vp", displayName: "Victory points" }])?.name).toBe("vp");
    expect(chartedStat([])).toBeNull();
  });

  it("keeps seat order for ties and puts players without a number last", () => {
    const rows = scoreRows(withScores({ red: 2, blue: "2" }), seats, chessOverview);
    expect(rows.map((r) => r.color)).toEqual(["red", "blue"]);
    const missing = scoreRows(withScores({ blue: 1 }), seats, chessOverview);
    expect(missing.map((r) => [r.color, r.score, r.values.score])).toEqual([
      ["blue", 1, "1"],
      ["red", null, "–"],
    ]);
  });

  it("names dummy and free seats", () => {
    const more: SeatInfo[] = [{ color: "green", userInfo: null, nonuser: true }];
    expect(playerName("green", more)).toBe("Dummy-green");
    expect(playerName("yellow", more)).toBe("yellow");
  });
});

describe("score chart bars", () => {
  it("scales bars from zero to the highest score", () => {
    const rows = scoreRows(withScores({ red: 4, blue: 1 }), seats, chessOverview);
    const { bars, zero } = chartBars(rows);
    expect(zero).toBe(0);
    expect(bars.map((b) => [b.label, b.value, b.x, b.width])).toEqual([
      ["ann (red)", "4", 0, 1],
      ["ben (blue)", "1", 0, 0.25],
    ]);
  });

  it("draws negative scores left of the zero line, and all-zero scores without dividing by zero", () => {
    const rows = scoreRows(withScores({ red: 3, blue: -1 }), seats, chessOverview);
    const { bars, zero } = chartBars(rows);
    expect(zero).toBe(0.25);
    expect(bars[1]).toMatchObject({ x: 0, width: 0.25 });
    expect(bars[0]).toMatchObject({ x: 0.25, width: 0.75 });
    const flat = chartBars(scoreRows(withScores({ red: 0, blue: 0 }), seats, chessOverview));
    expect(flat.bars.map((b) => b.width)).toEqual([0, 0]);
  });
});

describe("customStyle", () => {
  it("turns CSS declarations into style properties and skips what it cannot read", () => {
    expect(styleOf("font-weight: bold; color:#c00;")).toEqual({ fontWeight: "bold", color: "#c00" });
    expect(styleOf("nonsense; : x; 9px: 1; width:")).toEqual({});
    expect(styleOf(undefined)).toEqual({});
  });
});
