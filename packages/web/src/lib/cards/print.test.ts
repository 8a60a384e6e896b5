import { PRINT_PX_PER_MM } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { PRINT_STYLESHEET, printCardBox, printCopies, printDocumentHtml, printTitle } from "./print.js";
import { sampleDeck } from "./testkit.js";

describe("print", () => {
  it("prints every copy, skips cards excluded with x, and one copy each on request", () => {
    const deck = sampleDeck();
    expect(printCopies(deck, { everyCardOnce: false }).map((c) => `${c.row.ID}#${c.copy}`)).toEqual([
      "fox#0",
      "fox#1",
      "elk#0",
      "elk#1",
      "elk#2",
    ]);
    expect(printCopies(deck, { everyCardOnce: true }).map((c) => c.row.ID)).toEqual(["fox", "elk"]);
  });

  it("sizes a card at 5.6705 px per mm of its printed width, keeping its ratio", () => {
    const box = printCardBox({ w: 250, h: 350 }, 64);
    expect(box.width).toBeCloseTo(64 * PRINT_PX_PER_MM);
    expect(box.height).toBeCloseTo(64 * PRINT_PX_PER_MM * 1.4);
    expect(box.scale).toBeCloseTo((64 * 5.6705) / 250);
  });

  it("wraps the cards in a document with zero page margins and an escaped title", () => {
    const html = printDocumentHtml("a <b> & c", "<div>cards</div>");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<title>a &lt;b&gt; &amp; c</title>");
    expect(html).toContain("<body><div>cards</div></body>");
    expect(PRINT_STYLESHEET).toContain("@page { margin: 0; }");
    expect(printTitle("Goods")).toBe("Goods");
    expect(printTitle("Goods", "night-market")).toBe("night-market - Goods");
  });
});
