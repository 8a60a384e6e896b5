import type { GameOptionDto } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import {
  botPlayerCounts,
  decodeOptionValue,
  encodeOptionValue,
  initialColors,
  maxPlayerCount,
  optionStorageKey,
  setPlayerCount,
  startingOptionValues,
  toggleColor,
} from "./colorSelection";

const ORDER = ["red", "blue", "green", "yellow", "cyan"];

describe("setPlayerCount", () => {
  it("trims from the end in colour order", () => {
    expect(setPlayerCount(["yellow", "red", "green"], 2, ORDER)).toEqual(["red", "green"]);
    expect(setPlayerCount(["red", "blue"], 0, ORDER)).toEqual([]);
  });
  it("extends with the first unselected colours in colour order", () => {
    expect(setPlayerCount(["green"], 3, ORDER)).toEqual(["red", "blue", "green"]);
    expect(setPlayerCount([], 2, ORDER)).toEqual(["red", "blue"]);
  });
  it("keeps the selection when the count is unchanged, and caps at the colours there are", () => {
    expect(setPlayerCount(["blue", "cyan"], 2, ORDER)).toEqual(["blue", "cyan"]);
    expect(setPlayerCount(["red"], 9, ["red", "blue"])).toEqual(["red", "blue"]);
  });
});

describe("toggleColor", () => {
  it("adds a colour in colour order, and the count follows", () => {
    expect(toggleColor(["green"], "red", ORDER, 4)).toEqual(["red", "green"]);
  });
  it("removes a ticked colour", () => {
    expect(toggleColor(["red", "green"], "red", ORDER, 4)).toEqual(["green"]);
  });
  it("refuses a colour past the maximum or one the game lacks", () => {
    expect(toggleColor(["red", "blue"], "green", ORDER, 2)).toEqual(["red", "blue"]);
    expect(toggleColor(["red"], "purple", ORDER, 4)).toEqual(["red"]);
  });
});

describe("player limits", () => {
  it("allows at most 4, the game's maximum and its colour count", () => {
    expect(maxPlayerCount({ players: { min: 1, max: 6 }, playerColors: ORDER })).toBe(4);
    expect(maxPlayerCount({ players: { min: 2, max: 2 }, playerColors: ORDER })).toBe(2);
    expect(maxPlayerCount({ players: { min: 1, max: 4 }, playerColors: ["red"] })).toBe(1);
  });
  it("starts with the game's minimum, at least one", () => {
    expect(initialColors({ players: { min: 2, max: 4 }, playerColors: ORDER })).toEqual(["red", "blue"]);
    expect(initialColors({ players: { min: 0, max: 4 }, playerColors: ORDER })).toEqual(["red"]);
  });
});

describe("saved option values", () => {
  const options: Record<string, GameOptionDto> = {
    size: {
      displayName: "Board size",
      displayOrder: 1,
      type: "select",
      default: "5",
      values: { "5": { displayName: "5x5", displayOrder: 1 }, "7": { displayName: "7x7", displayOrder: 2 } },
    },
    manualScore: { displayName: "Manual score", displayOrder: 2, type: "checkbox" },
    expert: { displayName: "Expert", displayOrder: 3, type: "checkbox", defaultBool: true },
  };
  const storeOf = (entries: Record<string, string>) => (key: string) => entries[key] ?? null;

  it("uses the key selected-option-{project}:{option} and round-trips values", () => {
    expect(optionStorageKey("chess", "size")).toBe("selected-option-chess:size");
    expect(decodeOptionValue(encodeOptionValue(true))).toBe(true);
    expect(decodeOptionValue(encodeOptionValue("7"))).toBe("7");
    expect(decodeOptionValue("large")).toBe("large");
  });

  it("applies saved values that still exist over the defaults", () => {
    const read = storeOf({
      [optionStorageKey("g", "size")]: '"7"',
      [optionStorageKey("g", "manualScore")]: "true",
      [optionStorageKey("g", "expert")]: "false",
    });
    expect(startingOptionValues(options, "g", read)).toEqual({ size: "7", manualScore: true, expert: false });
  });

  it("ignores saved values of removed options, removed values and the wrong type", () => {
    const read = storeOf({
      [optionStorageKey("g", "size")]: '"9"',
      [optionStorageKey("g", "manualScore")]: '"yes"',
      [optionStorageKey("g", "gone")]: "true",
      [optionStorageKey("other", "size")]: '"7"',
    });
    expect(startingOptionValues(options, "g", read)).toEqual({ size: "5", manualScore: false, expert: true });
  });
});

describe("botPlayerCounts", () => {
  it("offers every count from the game's minimum to its maximum, the minimum first", () => {
    expect(botPlayerCounts({ players: { min: 2, max: 4 } })).toEqual([2, 3, 4]);
    expect(botPlayerCounts({ players: { min: 2, max: 2 } })).toEqual([2]);
  });
});
