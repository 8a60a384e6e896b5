import { type Component, componentInfo, findComponent, type Json, type PositionSet } from "@tt/engine";
import { describe, expect, it } from "vitest";
import {
  areaScale,
  assetUrl,
  EXPANDED_GAP,
  gameAreaMinHeight,
  PILE_DRAWN,
  placeChildren,
  positionLabel,
  positionSlots,
  slotSize,
} from "./layout";
import { chessStart, pieces } from "./testkit";

describe("layout helpers", () => {
  it("builds asset URLs for bare names only", () => {
    expect(assetUrl("chess", "board.svg")).toBe("/game-assets/chess/board.svg");
    expect(assetUrl("chess", "/x/y.png")).toBe("/x/y.png");
    expect(assetUrl("chess", "")).toBe("");
  });

  it("sizes slots by the nearest neighbour", () => {
    expect(
      slotSize({
        coords: [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
          { x: 300, y: 0 },
        ],
      }),
    ).toBe(100);
    expect(slotSize({ coords: [{ x: 5, y: 5 }] })).toBe(80);
  });

  it("places chess pieces on their squares and offers 64 square slots plus trays", () => {
    const s = chessStart();
    const board = findComponent(s.root, "board");
    if (!board) throw new Error("no board");
    const info = componentInfo(pieces, board, s);
    const { placed, unplaced } = placeChildren(board, info);
    expect(placed).toHaveLength(32);
    expect(unplaced).toHaveLength(0);
    const e2 = placed.find((p) => p.child.id === "white-pawn-e2");
    expect(e2).toMatchObject({ x: 450, y: 650, positionName: "squares" });
    const slots = positionSlots(info);
    expect(slots.filter((x) => x.positionName === "squares")).toHaveLength(64);
    expect(slots.filter((x) => x.slot === null)).toHaveLength(2);
  });

  it("spreads multi positions and reports children of unknown positions", () => {
    const s = chessStart();
    const rootInfo = componentInfo(pieces, s.root, s);
    const { unplaced } = placeChildren(s.root, rootInfo);
    expect(unplaced.map((u) => u.positionName)).toEqual(["players"]);
  });

  it("draws each area enlarged while its player is active and shrunk while they wait", () => {
    // The board of Template: Card Game at 1400 x 900 (816 px for its 1000 units), then zoomed in.
    for (const board of [0.816, 1.5]) {
      // One's own area at the board's scale on one's turn, smaller while waiting.
      expect(areaScale(board, true, true)).toBe(board);
      expect(areaScale(board, false, true)).toBeLessThan(areaScale(board, true, true));
      // An opponent's: enlarged while active, shrunk while waiting.
      expect(areaScale(board, true)).toBeGreaterThan(areaScale(board, false));
      // One's own hand is still drawn larger than an active opponent's.
      expect(areaScale(board, false, true)).toBeGreaterThan(areaScale(board, true));
    }
    // Own area and an opponent's, their paddings and the gap fit in one row as wide as the board,
    // whoever of the two is active.
    const areaWidth = 600;
    for (const ownTurn of [true, false]) {
      const row = (areaScale(0.816, ownTurn, true) + areaScale(0.816, !ownTurn)) * areaWidth + 2 * 16 + 8;
      expect(row).toBeLessThanOrEqual(816);
    }
  });

  it("keeps the game area at least the board's height times the extent of its player count", () => {
    const heights = [0, 1, 2, 3, 4].map((n) => gameAreaMinHeight(100, n));
    expect(heights.map((h) => Math.round(h * 1e9) / 1e9)).toEqual([100, 100, 160, 160, 220]);
    expect(gameAreaMinHeight(100, 6)).toBeCloseTo(220, 9);
  });

  it("keeps hands readable under a small board scale: a tall board, or zoomed out", () => {
    // A 140-unit card in one's own hand stays at least 100 px wide; the active area still the larger.
    for (const board of [0.58, 0.3, 0.1]) {
      expect(140 * areaScale(board, false, true)).toBeGreaterThanOrEqual(100);
      expect(areaScale(board, true, true)).toBeGreaterThan(areaScale(board, false, true));
      expect(areaScale(board, true)).toBeGreaterThan(areaScale(board, false));
    }
  });
});

describe("names of places", () => {
  it("names a numbered slot by its position, a named one by itself", () => {
    expect(positionLabel("hand", null)).toBe("hand");
    expect(positionLabel("row", "0")).toBe("row 0");
    expect(positionLabel("board", "e4")).toBe("e4");
    expect(positionLabel("grid", "2:3")).toBe("grid 2:3");
  });
});

describe("piles", () => {
  const token = (id: string, parent: string): Component => ({
    id,
    name: "coin",
    type: "token",
    options: {},
    children: {},
    parent,
    childData: { positionName: "heap", childPos: null },
  });
  const holder = (type: Component["type"], count: number): Component => ({
    id: "h",
    name: "h",
    type,
    options: {},
    children: { heap: Array.from({ length: count }, (_, i) => token(`t${i}`, "h")) },
    parent: null,
    childData: null,
  });
  const info = (set: PositionSet) =>
    componentInfo(
      { h: { positions: { dims: [400, 400], heap: set } as unknown as Json } },
      holder("board", 0),
    );

  it("heaps a multi-pile on a hexagonal spiral around its coordinate, spaced by its gapSize", () => {
    const { placed } = placeChildren(
      holder("board", 7),
      info({ coords: [{ x: 200, y: 200 }], multiPile: true, gapSize: 10 }),
    );
    expect(placed).toHaveLength(7);
    // The first in the middle, the next six on the ring around it, each 10 units from the middle.
    expect(placed[0]).toMatchObject({ x: 200, y: 200, index: 0 });
    for (const p of placed.slice(1)) expect(Math.hypot(p.x - 200, p.y - 200)).toBeCloseTo(10, 5);
    expect(new Set(placed.map((p) => `${p.x}:${p.y}`)).size).toBe(7);
  });

  it("keeps a deck's piles stacked, its top cards only", () => {
    const { placed } = placeChildren(
      holder("deck", 5),
      info({ coords: [{ x: 50, y: 50 }], multiPile: true }),
    );
    expect(placed.map((p) => [p.index, p.x, p.y])).toEqual([
      [3, 50, 50],
      [4, 50, 50],
    ]);
    expect(placed).toHaveLength(PILE_DRAWN);
  });

  it("offers a slot per cell of a gridCoords set and places pieces on their cells", () => {
    const grid = info({ gridCoords: { cols: 3, rows: 3, x: 50, y: 50, dx: 100 } });
    const slots = positionSlots(grid);
    expect(slots).toHaveLength(9);
    expect(slots.find((x) => x.slot === "2:1")).toMatchObject({ x: 250, y: 150, size: 100 });
    const holding: Component = {
      ...holder("board", 0),
      children: {
        heap: { "1:2": { ...token("t0", "h"), childData: { positionName: "heap", childPos: "1:2" } } },
      },
    };
    expect(placeChildren(holding, grid).placed[0]).toMatchObject({ x: 150, y: 250 });
  });

  it("spreads every piece of an expanded container in a row", () => {
    const { placed } = placeChildren(
      holder("deck", 5),
      info({ coords: [{ x: 200, y: 50 }], multiPile: true }),
      {
        expanded: true,
      },
    );
    expect(placed.map((p) => p.x)).toEqual([0, 1, 2, 3, 4].map((i) => 200 + (i - 2) * EXPANDED_GAP));
    expect(placed.every((p) => p.y === 50)).toBe(true);
  });
});
