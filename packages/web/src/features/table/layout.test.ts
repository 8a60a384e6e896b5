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
    expect(areaScale(true)).toBeGreaterThan(areaScale(false));
    // The viewer's own hand is not shrunk while another seat plays.
    expect(areaScale(false, true)).toBe(areaScale(true));
  });
});

describe("names of places", () => {
  it("names a numbered slot by its position, a named one by itself", () => {
    expect(positionLabel("hand", null)).toBe("hand");
    expect(positionLabel("row", "0")).toBe("row 0");
    expect(positionLabel("board", "e4")).toBe("e4");
  });
});
