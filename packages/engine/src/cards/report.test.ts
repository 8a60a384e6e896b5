import { describe, expect, it } from "vitest";
import { type CardRule, deckSchema } from "./deck.js";
import { deckReport, REPORT_MAX_LINES } from "./report.js";

const layers = [
  {
    name: "title",
    kind: "text",
    left: 0,
    top: 0,
    width: 200,
    height: 40,
    text: { value: "T", font: "Arial", size: 20, color: "#000000", align: "left" },
  },
  { name: "art", kind: "image", left: 0, top: 40, width: 200, height: 200, asset: "art.png" },
];

function deck(rules: CardRule[], cards: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return deckSchema.parse({
    id: "d",
    name: "Goods",
    cardInfo: { w: 200, h: 280 },
    layers,
    rules,
    cards,
    ...extra,
  });
}

describe("a deck's report at upload", () => {
  it("is empty for a deck whose every card draws cleanly", () => {
    const d = deck([{ layer: "title", rule: "set_innerHTML", arg: "{name}" }], [{ ID: "a", name: "A" }]);
    expect(deckReport(d)).toEqual([]);
  });

  it("names rows left out, unknown rules and layers, once each with the rows they happen on", () => {
    const d = deck(
      [
        { layer: "title", rule: "set_innerHTML", arg: "{name}" },
        { layer: "title", rule: "make_shiny", arg: "x" },
        { layer: "banner", rule: "set_innerHTML", arg: "x", condition: "kind=hero" },
      ],
      [
        { ID: "a", name: "A", kind: "hero" },
        { ID: "", name: "nobody" },
        { ID: "c", name: "C", kind: "villain" },
      ],
    );
    expect(deckReport(d)).toEqual([
      "Row 3 has no ID: it is left out of the table and print.",
      'Rules row 3: Unknown rule "make_shiny". (every card)',
      'Rules row 4: Cannot find layer "banner" for rule set_innerHTML. (card row 2)',
    ]);
  });

  it("names rows as the sheet numbers them, and says first what reading the sheets left out", () => {
    const d = deck([{ layer: "nope", rule: "set_innerHTML", arg: "x" }], [{ ID: "a" }, { ID: "" }], {
      sheetRows: { cards: [2, 7], rules: [4], rulesRev: [] },
      sheetNotes: ["Sheet 'data': hidden row 5 left out."],
    });
    expect(deckReport(d)).toEqual([
      "Sheet 'data': hidden row 5 left out.",
      "Row 7 has no ID: it is left out of the table and print.",
      'Rules row 4: Cannot find layer "nope" for rule set_innerHTML. (card row 2)',
    ]);
  });

  it("names a {column} a rule fills where the data sheet has none", () => {
    const d = deck(
      [
        { layer: "title", rule: "set_innerHTML", arg: "{name} of {house}" },
        { layer: "title", rule: "css", arg: "color", arg2: "{colour}" },
      ],
      [{ ID: "a", name: "A" }],
    );
    expect(deckReport(d)).toEqual([
      "Rules row 2: the data sheet has no column 'house'.",
      "Rules row 3: the data sheet has no column 'colour'.",
    ]);
  });

  it("checks fewer cards the more rules they have, and says how many", () => {
    const rules = Array.from({ length: 1000 }, () => ({ layer: "title", rule: "set_innerHTML", arg: "x" }));
    const d = deck(
      rules,
      Array.from({ length: 300 }, (_, i) => ({ ID: `c${i}` })),
    );
    expect(deckReport(d)).toEqual(["Checked the first 100 of 300 cards."]);
  });

  it("checks the back with the reverse rules", () => {
    const d = deck([], [{ ID: "a" }], { rulesRev: [{ layer: "nope", rule: "set_innerHTML", arg: "x" }] });
    expect(deckReport(d)).toEqual([
      'Reverse rules row 2: Cannot find layer "nope" for rule set_innerHTML. (card row 2)',
    ]);
  });

  it("checks no rule before the .psd, and stops at a readable length", () => {
    const before = deckSchema.parse({
      id: "d",
      name: "Goods",
      rules: [{ layer: "x", rule: "nonsense", arg: "" }],
      cards: [{ ID: "a" }],
    });
    expect(deckReport(before)).toEqual([]);
    const many = deck(
      [],
      Array.from({ length: 80 }, () => ({ ID: "" })),
    );
    const report = deckReport(many);
    expect(report).toHaveLength(REPORT_MAX_LINES + 1);
    expect(report.at(-1)).toBe("... and 30 more.");
  });
});
