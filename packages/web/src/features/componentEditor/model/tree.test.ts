import { describe, expect, it } from "vitest";
import {
  addPiece,
  deletePiece,
  entryKind,
  mayDelete,
  mayRename,
  normaliseTree,
  pieceNameProblem,
  pieceNames,
  renamePiece,
  type Tree,
  treeGroups,
} from "./tree";

const tree = (): Tree => ({
  version: 1,
  baseScale: 1,
  dims: [900, 1200],
  root: { width: 900 },
  board: {
    positions: {
      defaultResult: { dims: [540, 540], grid: { coords: [], accepts: ["stone", "other"] } },
      conditionalResults: [
        { condition: { size: 7 }, result: { dims: [740, 740], grid: { coords: [], accepts: ["stone"] } } },
      ],
    },
  },
  tray: { positions: { dims: [420, 140], supply: { coords: [{ x: 1, y: 2 }], accepts: ["stone"] } } },
  stone: { width: 70 },
  "__card-cards": {},
  "deck-cards": {},
  __statsTable: {},
});

describe("entries of the tree", () => {
  it("sorts every entry into its kind", () => {
    expect(treeGroups(tree())).toEqual({
      setting: ["baseScale", "version"],
      dims: ["dims"],
      root: ["root"],
      piece: ["board", "stone", "tray"],
      card: ["__card-cards"],
      deck: ["deck-cards"],
      hidden: ["__statsTable"],
    });
    expect(entryKind("deck-x")).toBe("deck");
  });

  it("protects root, dims, __card- and deck- entries from deletion and renaming", () => {
    for (const name of ["root", "dims", "__card-cards", "deck-cards", "version", "baseScale"]) {
      expect(mayDelete(name)).toBe(false);
      expect(mayRename(name)).toBe(false);
    }
    expect(mayDelete("stone")).toBe(true);
    expect(mayRename("stone")).toBe(true);
    // A hidden entry may go, but keeps its '__' name.
    expect(mayDelete("__statsTable")).toBe(true);
    expect(mayRename("__statsTable")).toBe(false);
  });

  it("lists the pieces a position can accept", () => {
    expect(pieceNames(tree())).toEqual(["__card-cards", "board", "deck-cards", "stone", "tray"]);
  });
});

describe("game piece names (section 5)", () => {
  it("needs at least 3 characters", () => {
    expect(pieceNameProblem("ab", tree())).toBe("too-short");
    expect(pieceNameProblem("abc", tree())).toBeNull();
  });
  it("may not start with '__'", () => {
    expect(pieceNameProblem("__x", tree())).toBe("underscores");
  });
  it("may not be a reserved word", () => {
    for (const name of ["condition", "root", "result", "accepts", "width", "height", "positions", "object"])
      expect(pieceNameProblem(name, { root: {} })).toBe("reserved");
  });
  it("may not be used already", () => {
    expect(pieceNameProblem("stone", tree())).toBe("used");
  });
  it("may not be a name the tree files as a deck, a card or a setting, even when absent", () => {
    const bare: Tree = { root: {} };
    expect(pieceNameProblem("deck-extra", bare)).toBe("deck");
    expect(pieceNameProblem("__card-extra", bare)).toBe("underscores");
    for (const name of ["version", "baseScale", "dims"]) expect(pieceNameProblem(name, bare)).toBe("setting");
    // Each refused name would otherwise make an entry the editor cannot rename or delete as a piece.
    for (const name of ["deck-extra", "version", "baseScale", "dims"]) expect(mayDelete(name)).toBe(false);
    expect(pieceNameProblem("decks", bare)).toBeNull();
    expect(pieceNameProblem("my-deck-1", bare)).toBeNull();
  });
});

describe("add, rename, delete", () => {
  it("adds an empty piece that takes every default", () => {
    const before = tree();
    const result = addPiece(before, "meeple");
    expect(result).toEqual({ ok: true, value: { ...tree(), meeple: {} } });
    expect(before).toEqual(tree());
  });

  it("refuses an invalid name with its reason", () => {
    expect(addPiece(tree(), "ab")).toEqual({ ok: false, error: "At least 3 characters" });
    expect(addPiece(tree(), "stone")).toEqual({ ok: false, error: "Name already exists" });
    expect(addPiece({ root: {} }, "deck-extra")).toEqual({
      ok: false,
      error: 'Names starting with "deck-" belong to decks',
    });
    // A piece named baseScale would be overwritten by the base scale slider.
    expect(addPiece({ root: {} }, "baseScale")).toEqual({
      ok: false,
      error: "version, baseScale and dims are settings of the tree",
    });
  });

  it("renames a piece in place and updates accepts lists in plain and conditional positions", () => {
    const before = tree();
    const result = renamePiece(before, "stone", "pebble");
    if (!result.ok) throw new Error(result.error);
    const after = result.value;
    expect(Object.keys(after)).toEqual(Object.keys(before).map((k) => (k === "stone" ? "pebble" : k)));
    expect(after.pebble).toEqual({ width: 70 });
    expect(after.tray).toEqual({
      positions: { dims: [420, 140], supply: { coords: [{ x: 1, y: 2 }], accepts: ["pebble"] } },
    });
    expect(after.board).toEqual({
      positions: {
        defaultResult: { dims: [540, 540], grid: { coords: [], accepts: ["pebble", "other"] } },
        conditionalResults: [
          { condition: { size: 7 }, result: { dims: [740, 740], grid: { coords: [], accepts: ["pebble"] } } },
        ],
      },
    });
    expect(before).toEqual(tree());
  });

  it("keeps pieces without references identical", () => {
    const before = tree();
    const result = renamePiece(before, "board", "table");
    if (!result.ok) throw new Error(result.error);
    expect(result.value.tray).toBe(before.tray);
    expect(result.value.table).toBe(before.board);
  });

  it("refuses to rename protected entries or onto a bad name", () => {
    expect(renamePiece(tree(), "root", "base").ok).toBe(false);
    expect(renamePiece(tree(), "deck-cards", "pile").ok).toBe(false);
    expect(renamePiece(tree(), "stone", "tray")).toEqual({ ok: false, error: "Name already exists" });
    expect(renamePiece({ root: {}, stone: {} }, "stone", "deck-stones").ok).toBe(false);
    expect(renamePiece({ root: {}, stone: {} }, "stone", "version").ok).toBe(false);
  });

  it("deletes a piece but never root, dims, cards or decks", () => {
    const result = deletePiece(tree(), "stone");
    expect(result.ok && Object.hasOwn(result.value, "stone")).toBe(false);
    for (const name of ["root", "dims", "__card-cards", "deck-cards"])
      expect(deletePiece(tree(), name).ok).toBe(false);
  });
});

describe("normaliseTree", () => {
  it("gives a tree without a root an empty root piece", () => {
    expect(normaliseTree({ version: 2 })).toEqual({ version: 2, root: {} });
    expect(normaliseTree(null)).toEqual({ root: {} });
  });
});
