import { describe, expect, expectTypeOf, it } from "vitest";
import { type CardRule, cardRuleSchema, DECK_VERSION, type Deck, deckSchema, parseDeck } from "./deck.js";

describe("deck schema", () => {
  it("fills the spec's sheet defaults and an empty template until a .psd is uploaded", () => {
    const deck = deckSchema.parse({ id: "d1", name: "Goods" });
    expect(deck).toEqual({
      id: "d1",
      name: "Goods",
      sheetId: "",
      rulesSheetName: "rules",
      rulesRevSheetName: "rules_rev",
      dataSheetName: "data",
      cardInfo: null,
      layers: [],
      rules: [],
      rulesRev: [],
      cards: [],
      assets: {},
    });
    expectTypeOf(deck).toEqualTypeOf<Deck>();
  });

  it("reads rule cells as text, whatever type the sheet gave them", () => {
    const rule = cardRuleSchema.parse({ layer: null, rule: "bleed", arg: 12, arg2: true, condition: null });
    expect(rule).toEqual({ layer: "", rule: "bleed", arg: "12", arg2: "true" });
    expectTypeOf<CardRule>().toEqualTypeOf<{
      layer: string;
      rule: string;
      arg?: string | undefined;
      arg2?: string | undefined;
      condition?: string | undefined;
    }>();
  });

  it("rejects a text colour that is not #rrggbb", () => {
    const layer = {
      name: "title",
      kind: "text",
      left: 0,
      top: 0,
      width: 10,
      height: 10,
      text: { value: "", font: "Arial", size: 12, color: "red", align: "left" },
    };
    expect(deckSchema.safeParse({ id: "d", name: "n", layers: [layer] }).success).toBe(false);
  });

  it("parses persisted JSON into a versioned deck, and refuses bad or future data as values", () => {
    const parsed = parseDeck({ id: "d", name: "n", cardInfo: { w: 750, h: 1050 } });
    expect(parsed.ok && parsed.value.version).toBe(DECK_VERSION);
    expect(parsed.ok && parsed.value.cardInfo).toEqual({ w: 750, h: 1050 });
    const bad = parseDeck({ id: 3 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.code).toBe("deck/invalid");
    expect(!bad.ok && bad.issues.some((i) => i.startsWith("id:"))).toBe(true);
    expect(parseDeck(null).ok).toBe(false);
    expect(parseDeck({ id: "d", name: "n", version: DECK_VERSION + 1 }).ok).toBe(false);
  });
});
