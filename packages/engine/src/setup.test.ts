import { describe, expect, it } from "vitest";
import { PLAYER_COLORS } from "./constants.js";
import { component, componentIds, pileIds, testSituation } from "./test/fixture.js";

describe("default setup", () => {
  it("builds areas, counters and a shuffled deck with card copies", () => {
    const s = testSituation();
    expect(s.players.map((p) => [p.color, p.area])).toEqual([
      ["red", "area-red"],
      ["blue", "area-blue"],
    ]);
    expect(component(s, "area-red").childData).toEqual({ positionName: "players", childPos: "red" });
    expect(s.players[0]?.counters.map((c) => [c.name, c.value])).toEqual([
      ["coins", 3],
      ["vp", 0],
    ]);
    const deck = pileIds(s, "deck", "deck");
    expect(deck).toHaveLength(6);
    expect(deck.filter((id) => id.startsWith("main-e-"))).toHaveLength(2);
    expect(s.containers.deck).toMatchObject({
      kind: "deck",
      deckName: "main",
      componentAmt: 6,
      discardSize: 0,
      deckTopCard: null,
    });
    expect(s.containers.bank).toMatchObject({ kind: "bank", contentNames: ["coin"], componentAmt: 2 });
    expect(s.gameState.current).toMatchObject({ name: "start", activePlayer: "red" });
  });

  it("is deterministic per seed", () => {
    expect(testSituation(5)).toEqual(testSituation(5));
    expect(
      new Set([1, 2, 3, 4, 5, 6].map((seed) => pileIds(testSituation(seed), "deck", "deck").join())).size,
    ).toBeGreaterThan(1);
    expect(componentIds(testSituation(1))).toEqual(componentIds(testSituation(2)));
  });

  it("knows the spec's colours", () => {
    expect(PLAYER_COLORS.red).toBe("ff4038");
    expect(Object.keys(PLAYER_COLORS)).toHaveLength(10);
  });
});
