import { componentInfo, findComponent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { areaScale, assetUrl, placeChildren, positionLabel, positionSlots, slotSize } from "./layout";
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

  it("draws the viewer's own area at the board's scale, the active one enlarged, the others shrunk", () => {
    // The board of Template: Card Game at 1400 x 900 (816 px for its 1000 units), then zoomed in.
    for (const board of [0.816, 1.5]) {
      expect(areaScale(board, false, true)).toBe(board);
      expect(areaScale(board, true, true)).toBe(board);
      expect(areaScale(board, true)).toBeGreaterThan(areaScale(board, false));
      expect(areaScale(board, false, true)).toBeGreaterThan(areaScale(board, true));
    }
    // Own area, an active opponent's, their paddings and the gap fit in one row as wide as the board.
    const areaWidth = 600;
    const row = (areaScale(0.816, false, true) + areaScale(0.816, true)) * areaWidth + 2 * 16 + 8;
    expect(row).toBeLessThanOrEqual(816);
  });

  it("keeps hands readable under a small board scale: a tall board, or zoomed out", () => {
    // A 140-unit card in one's own hand stays at least 100 px wide; the active area still the larger.
    for (const board of [0.58, 0.3, 0.1]) {
      expect(140 * areaScale(board, false, true)).toBeGreaterThanOrEqual(100);
      expect(areaScale(board, true)).toBeGreaterThan(areaScale(board, false));
    }
  });
});

describe("names of places", () => {
  it("names a numbered slot by its position, a named one by itself", () => {
    expect(positionLabel("hand", null)).toBe("hand");
    expect(positionLabel("row", "0")).toBe("row 0");
    expect(positionLabel("board", "e4")).toBe("e4");
  });
});
