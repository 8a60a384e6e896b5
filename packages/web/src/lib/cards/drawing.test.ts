import { describe, expect, it } from "vitest";
import { cardDrawing } from "./drawing.js";
import { sampleDeck } from "./testkit.js";

const fox = { ID: "fox", name: "Fox", text: "Gain 2 [coin]" };

describe("cardDrawing", () => {
  it("positions the visible layers in card px with their images, html and fonts", () => {
    const drawing = cardDrawing(sampleDeck(), fox);
    expect(drawing).toMatchObject({
      width: 250,
      height: 350,
      crop: 0,
      scale: 1,
      boxWidth: 250,
      boxHeight: 350,
      flatImageUrl: null,
      errors: [],
    });
    expect(drawing.layers.map((l) => l.key)).toEqual(["0:bg", "2:title", "3:body"]);
    expect(drawing.layers[0]).toEqual({
      key: "0:bg",
      name: "bg",
      imageUrl: "/api/storage/projects/p/decks/d1/bg.png",
      html: null,
      notice: null,
      style: { position: "absolute", left: 0, top: 0, width: 250, height: 350 },
      anchor: null,
    });
    expect(drawing.layers[1]).toEqual({
      key: "2:title",
      name: "title",
      imageUrl: null,
      html: "<b>Fox</b>",
      notice: null,
      style: {
        position: "absolute",
        left: 20,
        top: 20,
        width: 210,
        height: 40,
        fontFamily: '"Georgia", serif',
        fontSize: 20,
        fontWeight: 400,
        fontStyle: "normal",
        color: "#112233",
        textAlign: "center",
        lineHeight: 1.2,
      },
      anchor: null,
    });
    // Icons stay markers with the asset file name; CardFace's sanitiser resolves them.
    expect(drawing.layers[2]?.html).toContain('src="coin.png"');
  });

  it("draws a .psd font by its PostScript name as family, weight and slant, with a generic fallback", () => {
    const deck = sampleDeck();
    const title = deck.layers.find((l) => l.name === "title")!;
    title.text = { ...title.text!, font: "TimesNewRomanPS-BoldItalicMT", leading: 30 };
    const style = cardDrawing(deck, fox).layers.find((l) => l.name === "title")?.style;
    expect(style).toMatchObject({
      fontFamily: '"TimesNewRomanPS-BoldItalicMT", "Times New Roman", serif',
      fontWeight: 700,
      fontStyle: "italic",
      // 30 px of leading on a 20 px font, as a proportion that follows a rule's size change.
      lineHeight: 1.5,
    });
  });

  it("keeps point text on its lines, anchored by its alignment; justifies a paragraph but its last line", () => {
    const deck = sampleDeck();
    const title = deck.layers.find((l) => l.name === "title")!;
    const body = deck.layers.find((l) => l.name === "body")!;
    title.text = { ...title.text!, kind: "point", align: "right" };
    body.text = { ...body.text!, align: "justify" };
    const layers = cardDrawing(deck, fox).layers;
    const drawnTitle = layers.find((l) => l.name === "title")!;
    expect(drawnTitle.anchor).toBe("right");
    expect(drawnTitle.style.whiteSpace).toBe("pre");
    const drawnBody = layers.find((l) => l.name === "body")!;
    expect(drawnBody.anchor).toBeNull();
    expect(drawnBody.style).toMatchObject({ textAlign: "justify", textAlignLast: "left" });
    expect(drawnBody.style.whiteSpace).toBeUndefined();
  });

  it("draws the reverse side with rulesRev", () => {
    const drawing = cardDrawing(sampleDeck(), fox, { rev: true });
    expect(drawing.layers.find((l) => l.name === "title")?.html).toBe("Back of Fox");
    expect(drawing.layers.find((l) => l.name === "body")?.html).toBe("Body");
  });

  it("crops the bleed on screen and keeps it in print; the box is the visible part times the scale", () => {
    const deck = sampleDeck({ rules: [{ layer: "", rule: "bleed", arg: "10" }] });
    expect(cardDrawing(deck, fox, { scale: 0.5 })).toMatchObject({
      crop: 10,
      boxWidth: 115,
      boxHeight: 165,
      width: 250,
      height: 350,
    });
    expect(cardDrawing(deck, fox, { scale: 2, print: true })).toMatchObject({
      crop: 0,
      boxWidth: 500,
      boxHeight: 700,
    });
    const huge = sampleDeck({ rules: [{ layer: "", rule: "bleed", arg: "500" }] });
    expect(cardDrawing(huge, fox).boxWidth).toBe(0);
  });

  it("ignores a scale that is not positive", () => {
    expect(cardDrawing(sampleDeck(), fox, { scale: 0 }).scale).toBe(1);
    expect(cardDrawing(sampleDeck(), fox, { scale: -2 }).scale).toBe(1);
  });

  it("shows a flat image with the layers over it, or alone after disableOverlay", () => {
    const flat = cardDrawing(sampleDeck({ rules: [{ layer: "", rule: "flatImage", arg: "full" }] }), fox);
    expect(flat.flatImageUrl).toBe("/api/storage/projects/p/decks/d1/full.png");
    expect(flat.layers).toHaveLength(3);
    const bare = cardDrawing(
      sampleDeck({
        rules: [
          { layer: "", rule: "flatImage", arg: "full" },
          { layer: "", rule: "disableOverlay" },
        ],
      }),
      fox,
    );
    expect([bare.flatImageUrl, bare.layers]).toEqual(["/api/storage/projects/p/decks/d1/full.png", []]);
  });

  it("applies safe css after the font, and lists refused css and images in the errors", () => {
    const deck = sampleDeck({
      rules: [
        { layer: "title", rule: "css", arg: "fontWeight", arg2: "bold" },
        { layer: "title", rule: "css", arg: "color", arg2: "red" },
        { layer: "title", rule: "css", arg: "background", arg2: "url(https://evil/x)" },
        { layer: "bg", rule: "set_image", arg: "evil.png" },
        { layer: "nope", rule: "css", arg: "color", arg2: "red" },
      ],
    });
    const drawing = cardDrawing(deck, fox);
    const title = drawing.layers.find((l) => l.name === "title");
    expect(title?.style).toMatchObject({ fontWeight: "bold", color: "red" });
    expect(title?.style).not.toHaveProperty("background");
    expect(drawing.layers[0]?.imageUrl).toBeNull();
    expect(drawing.errors).toEqual([
      'Cannot find layer "nope" for rule css.',
      'Refused image "evil.png" of layer "bg".',
      'Refused css "background: url(https://evil/x)" on layer "title".',
    ]);
  });

  it("refuses a font family that could break out of its declaration", () => {
    const deck = sampleDeck({ rules: [{ layer: "title", rule: "set_font", arg: "X;position:fixed" }] });
    const drawing = cardDrawing(deck, fox);
    expect(drawing.layers.find((l) => l.name === "title")?.style).not.toHaveProperty("fontFamily");
    expect(drawing.errors).toEqual(['Refused font "X;position:fixed" on layer "title".']);
  });

  it("leaves the deck and the row unchanged", () => {
    const deck = sampleDeck({ rules: [{ layer: "title", rule: "css", arg: "color", arg2: "red" }] });
    const before = structuredClone(deck);
    const row = { ...fox };
    cardDrawing(deck, row, { scale: 3, print: true });
    expect(deck).toEqual(before);
    expect(row).toEqual(fox);
  });
});
