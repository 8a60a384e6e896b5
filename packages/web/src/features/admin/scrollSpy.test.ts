import { describe, expect, it } from "vitest";
import { activeSection, navEntries, SCROLL_OFFSET_RATIO } from "./scrollSpy";

describe("activeSection", () => {
  const tops = (a: number, b: number, c: number) => [
    { id: "top", top: a },
    { id: "description", top: b },
    { id: "roles", top: c },
  ];
  it("uses an offset of one sixth of the window height", () => {
    expect(SCROLL_OFFSET_RATIO).toBeCloseTo(1 / 6);
    // Window 600 px high: the line is at 100 px.
    expect(activeSection(tops(0, 101, 400), 600)).toBe("top");
    expect(activeSection(tops(-300, 100, 400), 600)).toBe("description");
    expect(activeSection(tops(-900, -500, 99), 600)).toBe("roles");
  });
  it("falls back to the first section, and to null without sections", () => {
    expect(activeSection(tops(50, 300, 700), 120)).toBe("top");
    expect(activeSection([], 600)).toBeNull();
  });
  it("picks the last section at the end of the page", () => {
    expect(activeSection(tops(-900, -200, 300), 600, true)).toBe("roles");
    expect(activeSection([], 600, true)).toBeNull();
  });
});

describe("navEntries", () => {
  it("lists only the sections shown, the advanced ones for privileged users", () => {
    const labels = (privileged: boolean, description: boolean) =>
      navEntries({ privileged, description }).map((e) => e.label);
    expect(labels(false, true)).toEqual(["Top", "Description", "Visibility and roles"]);
    // A project without a description shows others no description section, so no entry either.
    expect(labels(false, false)).toEqual(["Top", "Visibility and roles"]);
    expect(labels(true, true)).toEqual([
      "Top",
      "Description",
      "Visibility and roles",
      "Feedback form",
      "Options",
      "Danger zone",
      "Game implementation",
      "Global assets",
      "Data sheet",
      "Decks",
    ]);
  });
  it("adds one entry per deck, sorted by name, that knows its deck", () => {
    const entries = navEntries({ privileged: true, description: true }, [
      { id: "b2", name: "Villains" },
      { id: "a1", name: "Heroes" },
    ]);
    expect(entries.slice(-2)).toEqual([
      { id: "admin-deck-a1", label: "Heroes", deckId: "a1" },
      { id: "admin-deck-b2", label: "Villains", deckId: "b2" },
    ]);
  });
});
