import { describe, expect, it } from "vitest";
import {
  COMPACT_CARD_HEIGHT,
  cardOptions,
  clampIndex,
  compactScale,
  stepIndex,
  viewerCardSize,
  viewerScale,
} from "./viewerState.js";

describe("viewer state", () => {
  it("uses the deck's card size, or 100x200 before a .psd gives one", () => {
    expect(viewerCardSize({ w: 250, h: 350 })).toEqual({ w: 250, h: 350 });
    expect(viewerCardSize(null)).toEqual({ w: 100, h: 200 });
    expect(viewerCardSize({ w: 0, h: 10 })).toEqual({ w: 100, h: 200 });
  });

  it("scales a card to at most half the window height, never up", () => {
    expect(viewerScale(1050, 700)).toBeCloseTo(350 / 1050);
    expect(viewerScale(200, 1000)).toBe(1);
    expect(viewerScale(400, 800)).toBe(1);
    expect(viewerScale(0, 800)).toBe(1);
    expect(compactScale(COMPACT_CARD_HEIGHT * 4)).toBe(0.25);
    expect(compactScale(10)).toBe(1);
  });

  it("steps through the deck, wrapping at both ends", () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it("keeps the chosen card within a deck that shrank", () => {
    expect(clampIndex(5, 3)).toBe(2);
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(1, 0)).toBe(0);
  });

  it("lists the cards by ID, marking rows without one", () => {
    expect(cardOptions([{ ID: "fox" }, { id: 7 }, { name: "x" }])).toEqual([
      { value: 0, label: "fox" },
      { value: 1, label: "7" },
      { value: 2, label: "(row 3: no ID)" },
    ]);
  });

  it("lists them by name and ID where the sheet has a name column", () => {
    expect(
      cardOptions([
        { ID: "c1", Name: "Red Fox" },
        { ID: "c2", Name: "" },
      ]),
    ).toEqual([
      { value: 0, label: "Red Fox (c1)" },
      { value: 1, label: "c2" },
    ]);
  });
});
