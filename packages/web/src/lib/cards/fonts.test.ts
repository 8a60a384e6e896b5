import { describe, expect, it } from "vitest";
import { deckFontCss } from "./fonts.js";
import { printDocumentHtml } from "./print.js";

const bold = { family: "TT Boxes", postScript: "TTBoxes-Bold", weight: 700, italic: false };

describe("deckFontCss", () => {
  it("declares each uploaded font under its family (with weight and slant) and under its PostScript name", () => {
    const css = deckFontCss({
      "coin.png": { url: "/api/storage/coin.png", aspect: 1 },
      "TTBoxes-Bold.otf": { url: "/api/storage/TTBoxes-Bold.otf", aspect: 1, font: bold },
      "boxes-italic.woff2": {
        url: "/api/storage/boxes-italic.woff2",
        aspect: 1,
        font: { ...bold, postScript: "TTBoxes-Italic", weight: 400, italic: true },
      },
    });
    expect(css.split("\n")).toEqual([
      '@font-face{font-family:"TT Boxes";src:url("/api/storage/TTBoxes-Bold.otf") format("opentype");font-weight:700;font-style:normal;font-display:block}',
      '@font-face{font-family:"TTBoxes-Bold";src:url("/api/storage/TTBoxes-Bold.otf") format("opentype");font-weight:700;font-style:normal;font-display:block}',
      '@font-face{font-family:"TT Boxes";src:url("/api/storage/boxes-italic.woff2") format("woff2");font-weight:400;font-style:italic;font-display:block}',
      '@font-face{font-family:"TTBoxes-Italic";src:url("/api/storage/boxes-italic.woff2") format("woff2");font-weight:400;font-style:italic;font-display:block}',
    ]);
  });

  it("leaves out a font whose url or names could break out of the rule", () => {
    const css = deckFontCss({
      "a.ttf": { url: '/x.ttf") ; } body { background:red', aspect: 1, font: bold },
      "b.ttf": { url: "javascript:alert(1)", aspect: 1, font: bold },
      "c.ttf": {
        url: "/c.ttf",
        aspect: 1,
        font: { ...bold, family: 'Evil"}body{color:red', postScript: "" },
      },
    });
    expect(css).toBe(
      '@font-face{font-family:"Evilbodycolorred";src:url("/c.ttf") format("truetype");font-weight:700;font-style:normal;font-display:block}',
    );
  });

  it("takes the PDF's data: URLs for the fonts and refuses other data: URLs", () => {
    const assets = { "a.otf": { url: "/a.otf", aspect: 1, font: bold } };
    expect(deckFontCss(assets, () => "data:font/otf;base64,AAAA")).toContain(
      'src:url("data:font/otf;base64,AAAA")',
    );
    expect(deckFontCss(assets, () => "data:text/html;base64,AAAA")).toBe("");
  });
});

describe("printDocumentHtml", () => {
  it("puts the deck's font rules in the print window's stylesheet", () => {
    const html = printDocumentHtml("Deck", "<div></div>", '@font-face{font-family:"A";src:url("/a.otf")}');
    expect(html).toContain('@font-face{font-family:"A";src:url("/a.otf")}</style>');
  });
});
