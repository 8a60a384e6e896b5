import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CardFace } from "./CardFace.js";
import { sampleDeck } from "./testkit.js";

const fox = { ID: "fox", name: "Fox", text: "Gain 2 [coin] <script>x</script>" };

// Node has no DOM, so DOMPurify cannot run: card html degrades to escaped text. The DOMPurify
// policy itself is exercised in Chromium (see the report of the cards feature).
describe("CardFace markup", () => {
  it("draws the card box at its scale with the layers positioned in card px", () => {
    const html = renderToStaticMarkup(<CardFace deck={sampleDeck()} row={fox} scale={0.5} />);
    expect(html).toContain("width:125px;height:175px");
    expect(html).toContain("transform:scale(0.5)");
    expect(html).toContain('src="/api/storage/projects/p/decks/d1/bg.png"');
    expect(html).toContain(
      'data-layer="title" style="position:absolute;left:20px;top:20px;width:210px;height:40px;font-family:&quot;Georgia&quot;, serif;font-size:20px;font-weight:400;font-style:normal;color:#112233;text-align:center;line-height:1.2"',
    );
    expect(html).not.toContain("gem.png");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("Card errors");
  });

  it("crops the bleed on screen and keeps it in print", () => {
    const deck = sampleDeck({ rules: [{ layer: "", rule: "bleed", arg: "10" }] });
    const screen = renderToStaticMarkup(<CardFace deck={deck} row={fox} />);
    expect(screen).toContain("width:230px;height:330px");
    expect(screen).toContain("left:-10px;top:-10px");
    const print = renderToStaticMarkup(<CardFace deck={deck} row={fox} print />);
    expect(print).toContain("width:250px;height:350px");
    expect(print).toContain("left:0;top:0");
  });

  it("in debug, names the layers and lists the card's errors", () => {
    const deck = sampleDeck({ rules: [{ layer: "ghost", rule: "layer_visible", arg: "1" }] });
    const html = renderToStaticMarkup(<CardFace deck={deck} row={fox} debug />);
    expect(html).toContain("dashed");
    expect(html).toContain(">title</span>");
    expect(html).toContain("<li>Cannot find layer &quot;ghost&quot; for rule layer_visible.</li>");
    expect(renderToStaticMarkup(<CardFace deck={sampleDeck()} row={fox} debug />)).toContain("No errors");
  });

  it("draws 'Malformed icon variable text.' on the layer whose text is malformed, debug or not, on screen and in print", () => {
    const deck = sampleDeck({ rules: [{ layer: "body", rule: "set_innerHTML", arg: "Gain [coin" }] });
    for (const markup of [
      renderToStaticMarkup(<CardFace deck={deck} row={fox} />),
      renderToStaticMarkup(<CardFace deck={deck} row={fox} print />),
    ]) {
      const body = markup.slice(markup.indexOf('data-layer="body"'));
      expect(body).toContain(">Malformed icon variable text.</div>");
      // The raw text stays, so the designer sees what to fix.
      expect(body).toContain("Gain [coin");
      expect(markup.slice(0, markup.indexOf('data-layer="body"'))).not.toContain("Malformed");
    }
    // Debug keeps the card's full error list too.
    expect(renderToStaticMarkup(<CardFace deck={deck} row={fox} debug />)).toContain(
      "<li>Malformed icon variable text.</li>",
    );
    expect(renderToStaticMarkup(<CardFace deck={sampleDeck()} row={fox} />)).not.toContain("Malformed");
  });
});
