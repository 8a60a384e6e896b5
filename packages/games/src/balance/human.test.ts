import { resolveModule, type Situation } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { playShippedGame } from "../bots";
import { nightMarket } from "../projects/night-market";
import { rowsToCsv } from "./csv";
import { EMPTY_SEAT, PERSON, type PlayedTable, playedGameRow } from "./human";
import { gameRow } from "./report";

// A table people played, read from its stored start and log, gives the row self-play gives the same
// game: the report over played tables and the bots' report measure alike.

const SEATS = ["blue", "red", "green"];
const module = resolveModule(nightMarket.module);
const played = playShippedGame({ game: nightMarket, players: SEATS, seed: 9, options: { moths: false } });

const table = (over: Partial<PlayedTable> = {}): PlayedTable => ({
  id: "t-1",
  seats: [
    { color: "blue", userId: 1 },
    { color: "red", userId: null, bot: "random" },
    { color: "green", userId: null },
  ],
  options: { moths: false },
  start: played.holder.start as Situation,
  events: played.holder.events,
  ...over,
});

describe("playedGameRow", () => {
  it("reads a played table as self-play read the same game", () => {
    expect(played.stop).toBe("ended");
    const out = playedGameRow(module, table(), 4);
    if (!("row" in out)) throw new Error(`skipped: ${out.skipped}`);
    const { holder: _h, ...result } = played;
    const expected = gameRow(
      4,
      { seed: 0, seats: SEATS, bots: out.row.bots, options: { moths: false } },
      result,
    );
    expect(out.row).toEqual({ ...expected, table: "t-1" });
    expect(out.row.winners.length).toBeGreaterThan(0);
    // Who held each seat: a person, a bot by its kind, nobody.
    expect(out.row.bots).toEqual({ blue: PERSON, red: "random", green: EMPTY_SEAT });
  });

  it("leaves out a log that does not end the game, and one that does not fold", () => {
    const cut = table({ events: played.holder.events.slice(0, 10) });
    expect(playedGameRow(module, cut, 0)).toEqual({ skipped: "unfinished" });
    const broken = table({ start: { nonsense: true } as unknown as Situation });
    expect(playedGameRow(module, broken, 0)).toEqual({ skipped: "unreadable" });
  });

  it("counts an undone turn out of the game's length", () => {
    const events = played.holder.events;
    const last = events.at(-1);
    if (last?.kind !== "turn") throw new Error("the log ends with a turn");
    // The last turn played, undone, then played again: the same game, two events longer.
    const undo = {
      kind: "undo" as const,
      seq: last.seq + 1,
      actor: last.actor,
      timestamp: 0,
      undone: [last.seq],
    };
    const again = { ...last, seq: last.seq + 2, turnUID: "again" };
    const out = playedGameRow(module, table({ events: [...events, undo, again] }), 0);
    const plain = playedGameRow(module, table(), 0);
    if (!("row" in out) || !("row" in plain)) throw new Error("skipped");
    expect(out.row.turns).toBe(plain.row.turns);
    expect(out.row.playerTurns).toBe(plain.row.playerTurns);
  });

  it("names the table in the CSV of played games", () => {
    const out = playedGameRow(module, table(), 0);
    if (!("row" in out)) throw new Error("skipped");
    const [header, line] = rowsToCsv([out.row]).split("\n");
    expect(header?.startsWith("game,table,seed,players,")).toBe(true);
    expect(line?.startsWith("0,t-1,0,3,ended,")).toBe(true);
  });
});
