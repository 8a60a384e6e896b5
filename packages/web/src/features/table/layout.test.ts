import { type Component, componentInfo, findComponent, type Json, type PositionSet } from "@tt/engine";
import { describe, expect, it } from "vitest";
import {
  areaImageScale,
  assetUrl,
  EXPANDED_GAP,
  FAN_MIN_VISIBLE,
  fitBoard,
  HAND_GAP,
  handCardHeight,
  handPositions,
  handSpread,
  MIN_BOARD_HEIGHT,
  PILE_DRAWN,
  placeChildren,
  positionLabel,
  positionSlots,
  slotSize,
} from "./layout";
import { MAX_FITTED_SCALE } from "./settings";
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
});

describe("the table's layout", () => {
  const card = (id: string): Component =>
    ({ id, name: "__card-goods", type: "card", options: {}, children: {} }) as unknown as Component;

  it("lays a hand side by side while it fits, then fans it with each card's corner showing", () => {
    // Night Market's two starting cards, 112 px wide, in a 560 px strip: side by side, no overlap.
    expect(handSpread(2, 112, 560)).toEqual({ step: 112 + HAND_GAP, width: 232, fanned: false });
    // Its hand limit of eight fans in a 640 px strip, every covered card showing most of itself.
    const eight = handSpread(8, 112, 640);
    expect(eight.fanned).toBe(true);
    expect(eight.width).toBeCloseTo(640, 9);
    expect(eight.step).toBeGreaterThanOrEqual(112 * FAN_MIN_VISIBLE);
    // A hand too long even fanned keeps the least showing share and runs past the room (it scrolls).
    const long = handSpread(20, 112, 560);
    expect(long.step).toBeCloseTo(112 * FAN_MIN_VISIBLE, 9);
    expect(long.width).toBeGreaterThan(560);
    expect(handSpread(0, 112, 560).width).toBe(0);
    expect(handSpread(1, 112, 50)).toMatchObject({ width: 112, fanned: false });
  });

  it("draws one's own cards readable at every desktop height, smaller on a phone", () => {
    for (const h of [600, 720, 900, 1400]) {
      const height = handCardHeight(h, false);
      // A 140 x 200 card at that height is at least 100 px wide.
      expect((height / 200) * 140).toBeGreaterThanOrEqual(100);
      expect(height).toBeLessThanOrEqual(190);
    }
    expect(handCardHeight(844, true)).toBeLessThan(handCardHeight(844, false));
    expect((handCardHeight(740, true) / 200) * 140).toBeGreaterThanOrEqual(70);
  });

  it("finds the hand among an area's positions: spread cards, or a hidden spread still empty", () => {
    const stall = {
      positions: {
        dims: [520, 240],
        hand: { coords: [{ x: 220, y: 140 }], multi: true, gapSize: 45, displayMode: "opponentCardBack" },
        lanterns: { coords: [{ x: 460, y: 140 }], multi: true, gapSize: 12 },
        pile: { coords: [{ x: 50, y: 50 }], multi: true, multiPile: true },
        tableau: { coords: [{ x: 50, y: 200 }], multi: true },
      },
    } as unknown as Parameters<typeof handPositions>[1];
    const area = (children: Component["children"]) => ({ id: "a", children }) as unknown as Component;
    expect(handPositions(area({}), stall)).toEqual(["hand"]);
    // Cards spread in a position are a hand too; tokens and heaps are not.
    const lantern = { ...card("l1"), type: "token" } as Component;
    expect(
      handPositions(area({ tableau: [card("c1")], lanterns: [lantern], pile: [card("c2")] }), stall),
    ).toEqual(["hand", "tableau"]);
  });

  it("keeps one's own area the same size whoever plays, an active opponent's a little larger", () => {
    const info = { width: 520, height: 240 };
    const room = { width: 600, height: 171 };
    expect(areaImageScale(info, "own", room)).toBeCloseTo(171 / 240, 9);
    expect(areaImageScale(info, "active", room)).toBeGreaterThan(areaImageScale(info, "other", room));
    // Never wider than the room it is drawn in.
    expect(520 * areaImageScale(info, "active", { width: 200, height: 999 })).toBeCloseTo(200, 9);
  });

  it("fits the board to the column and to the window less the bars above and one's area below", () => {
    const nightMarket = { stageWidth: 1100, stageHeight: 660, zoom: 100, phone: false };
    // 1400 x 900: the height binds (the board and one's own area on one screen).
    const wide = fitBoard({ ...nightMarket, columnWidth: 1036, windowHeight: 900, top: 190, below: 200 });
    expect(wide * 660).toBeCloseTo(900 - 190 - 200, 9);
    // A narrow column binds the width.
    expect(
      fitBoard({ ...nightMarket, columnWidth: 500, windowHeight: 900, top: 190, below: 200 }),
    ).toBeCloseTo(500 / 1100, 9);
    // A very short window keeps a least board height; the zoom setting scales the fit.
    expect(
      fitBoard({ ...nightMarket, columnWidth: 1036, windowHeight: 400, top: 190, below: 200 }) * 660,
    ).toBe(MIN_BOARD_HEIGHT);
    expect(
      fitBoard({ ...nightMarket, zoom: 200, columnWidth: 1036, windowHeight: 900, top: 190, below: 200 }),
    ).toBeCloseTo(wide * 2, 9);
    // A small board is not blown up past MAX_FITTED_SCALE.
    expect(
      fitBoard({
        ...nightMarket,
        stageWidth: 200,
        stageHeight: 100,
        columnWidth: 1036,
        windowHeight: 900,
        top: 190,
        below: 200,
      }),
    ).toBe(MAX_FITTED_SCALE);
    // A phone: as wide as the screen, whatever its height.
    expect(
      fitBoard({ ...nightMarket, phone: true, columnWidth: 358, windowHeight: 844, top: 300, below: 0 }),
    ).toBe(358 / 1100);
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
