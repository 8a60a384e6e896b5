import { describe, expect, it } from "vitest";
import { svgDataUrl, svgDocument } from "./svg.js";

describe("svgDocument", () => {
  it("puts the xhtml in a foreignObject of the card's pixel size", () => {
    const svg = svgDocument('<div xmlns="http://www.w3.org/1999/xhtml">hi</div>', 750, 1050.5);
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1050.5" viewBox="0 0 750 1050.5">' +
        '<foreignObject x="0" y="0" width="750" height="1050.5">' +
        '<div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>',
    );
  });

  it("refuses a size that is not a positive number (a programming error)", () => {
    expect(() => svgDocument("", 0, 10)).toThrow(RangeError);
    expect(() => svgDocument("", 10, Number.NaN)).toThrow(RangeError);
  });

  it("encodes the svg as a data url, # and % included", () => {
    const url = svgDataUrl('<svg><text fill="#f00">100%</text></svg>');
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(url).not.toMatch(/[#"<>]/);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(
      '<svg><text fill="#f00">100%</text></svg>',
    );
  });
});
