import { describe, expect, it } from "vitest";
import {
  cardIdOf,
  cardNameOf,
  cellText,
  copiesOf,
  excluded,
  expandCards,
  isTruthy,
  MAX_COPIES,
} from "./rows.js";

describe("card rows", () => {
  it("counts copies from __copies or __count, default 1, clamped to 0..1000", () => {
    expect(copiesOf({})).toBe(1);
    expect(copiesOf({ __copies: 3 })).toBe(3);
    expect(copiesOf({ __count: "4" })).toBe(4);
    expect(copiesOf({ __copies: 2, __count: 9 })).toBe(2);
    expect(copiesOf({ __copies: " 2.7 " })).toBe(2);
    expect(copiesOf({ __copies: 0 })).toBe(0);
    expect(copiesOf({ __copies: -5 })).toBe(0);
    expect(copiesOf({ __copies: 5000 })).toBe(MAX_COPIES);
    expect(copiesOf({ __copies: "" })).toBe(1);
    expect(copiesOf({ __copies: null })).toBe(1);
    expect(copiesOf({ __copies: "many" })).toBe(1);
    expect(copiesOf({ __copies: true })).toBe(1);
  });

  it("excludes only cards marked x", () => {
    expect(excluded({ _exclude: "x" })).toBe(true);
    expect(excluded({ _exclude: "X" })).toBe(true);
    expect(excluded({ _exclude: " x " })).toBe(true);
    expect(excluded({ _exclude: "" })).toBe(false);
    expect(excluded({ _exclude: "yes" })).toBe(false);
    expect(excluded({})).toBe(false);
  });

  it("identifies a card by its ID column, or id", () => {
    expect(cardIdOf({ ID: "c1" })).toBe("c1");
    expect(cardIdOf({ id: 7 })).toBe("7");
    expect(cardIdOf({ ID: " " })).toBeNull();
    expect(cardIdOf({ name: "x" })).toBeNull();
  });

  it("names a card by its name column (any case), else by its ID", () => {
    expect(cardNameOf({ ID: "c1", Name: "Red Fox" })).toBe("Red Fox");
    expect(cardNameOf({ ID: "c1", name: " " })).toBe("c1");
    expect(cardNameOf({ ID: "c1", title: "Red Fox" })).toBe("c1");
    // A table's deck rows carry the ID as cardId.
    expect(cardNameOf({ cardId: "c2" })).toBe("c2");
    expect(cardNameOf({})).toBeNull();
  });

  it("reads cells as text and as yes/no the same way everywhere", () => {
    expect([null, undefined, 3, true, "a"].map((v) => cellText(v))).toEqual(["", "", "3", "true", "a"]);
    expect(["", " ", "0", "false", "FALSE", null, 0, false].map((v) => isTruthy(v))).toEqual(
      Array(8).fill(false),
    );
    expect(["x", "1", "true", "no", 2, true].map((v) => isTruthy(v))).toEqual(Array(6).fill(true));
  });

  it("expands copies in deck order; print skips excluded cards; every card once caps at one", () => {
    const a = { ID: "a", __copies: 2 };
    const b = { ID: "b", _exclude: "x" };
    const c = { ID: "c", __copies: 0 };
    const d = { ID: "d" };
    const deck = Object.freeze({ cards: [a, b, c, d] });
    expect(expandCards(deck)).toEqual([
      { row: a, index: 0, copy: 0 },
      { row: a, index: 0, copy: 1 },
      { row: b, index: 1, copy: 0 },
      { row: d, index: 3, copy: 0 },
    ]);
    expect(expandCards(deck, { forPrint: true }).map((e) => `${e.row.ID}${e.copy}`)).toEqual([
      "a0",
      "a1",
      "d0",
    ]);
    expect(expandCards(deck, { forPrint: true, everyCardOnce: true }).map((e) => e.row.ID)).toEqual([
      "a",
      "d",
    ]);
    expect(deck.cards).toEqual([a, b, c, d]);
  });
});
