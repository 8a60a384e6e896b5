import { describe, expect, it } from "vitest";
import { type TreeFocus, type TreeItem, treeKey, visibleItems } from "./treeNav";

const items: TreeItem[] = [
  { id: "root", isGroup: false },
  { id: "pieces", isGroup: true },
  { id: "stone", parent: "pieces", isGroup: false },
  { id: "tray", parent: "pieces", isGroup: false },
  { id: "decks", isGroup: true },
  { id: "deck-a", parent: "decks", isGroup: false },
];
const at = (focused: string, open: string[] = ["pieces"]): TreeFocus => ({
  focused,
  expanded: new Set(open),
});

describe("tree keyboard", () => {
  it("shows children of open groups only", () => {
    expect(visibleItems(items, new Set(["pieces"])).map((i) => i.id)).toEqual([
      "root",
      "pieces",
      "stone",
      "tray",
      "decks",
    ]);
  });

  it("moves up and down through visible items and jumps with Home and End", () => {
    expect(treeKey(items, at("tray"), "ArrowDown")?.focused).toBe("decks");
    expect(treeKey(items, at("decks"), "ArrowDown")?.focused).toBe("decks");
    expect(treeKey(items, at("stone"), "ArrowUp")?.focused).toBe("pieces");
    expect(treeKey(items, at("tray"), "Home")?.focused).toBe("root");
    expect(treeKey(items, at("root"), "End")?.focused).toBe("decks");
  });

  it("opens a closed group, then enters it, with ArrowRight", () => {
    const opened = treeKey(items, at("decks"), "ArrowRight");
    expect(opened?.expanded.has("decks")).toBe(true);
    expect(opened?.focused).toBe("decks");
    expect(treeKey(items, at("decks", ["decks"]), "ArrowRight")?.focused).toBe("deck-a");
  });

  it("closes an open group, or goes to the parent, with ArrowLeft", () => {
    const closed = treeKey(items, at("pieces"), "ArrowLeft");
    expect(closed?.expanded.has("pieces")).toBe(false);
    expect(treeKey(items, at("tray"), "ArrowLeft")?.focused).toBe("pieces");
  });

  it("leaves other keys alone", () => {
    expect(treeKey(items, at("root"), "a")).toBeNull();
  });
});
