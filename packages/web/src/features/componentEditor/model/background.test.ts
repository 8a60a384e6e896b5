import { describe, expect, it } from "vitest";
import { backgroundChoices, imageUrl } from "./background";

describe("backgrounds", () => {
  it("offers the piece image, then each asset once", () => {
    expect(imageUrl("my game", "board.svg")).toBe("/game-assets/my%20game/board.svg");
    expect(imageUrl("g", "/api/storage/x.png")).toBe("/api/storage/x.png");
    expect(
      backgroundChoices("g", "board.svg", [
        { name: "a.png", url: "/api/storage/a.png" },
        { name: "a2.png", url: "/api/storage/a.png" },
      ]),
    ).toEqual([
      { label: "Piece image (board.svg)", url: "/game-assets/g/board.svg" },
      { label: "a.png", url: "/api/storage/a.png" },
    ]);
    expect(backgroundChoices("g", { defaultResult: "x" }, [])).toEqual([]);
  });
});
