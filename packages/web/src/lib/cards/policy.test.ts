import { describe, expect, it } from "vitest";
import {
  checkCss,
  deckImageUrl,
  filterStyleAttribute,
  fontFamilyCss,
  isIconClass,
  reactStyleKey,
  safeImageUrl,
} from "./policy.js";
import { sampleDeck } from "./testkit.js";

describe("checkCss", () => {
  it.each([
    ["color", " red ", "red"],
    ["font-weight", "bold", "bold"],
    ["--accent", "#fff", "#fff"],
    ["-webkit-text-stroke", "1px black", "1px black"],
    ["transform", "rotate(5deg)", "rotate(5deg)"],
    ["background", "linear-gradient(#fff, #000)", "linear-gradient(#fff, #000)"],
    ["position", "absolute", "absolute"],
  ])("accepts %s: %s", (property, value, kept) => {
    expect(checkCss(property, value)).toEqual({ ok: true, property, value: kept });
  });

  it.each([
    ["background", "url(https://evil/x.png)"],
    ["background-image", "URL ( 'x' )"],
    ["background", "image-set('a.png' 1x)"],
    ["background", "-webkit-image-set('a.png' 1x)"],
    ["background", "image('a.png')"],
    ["background", "element(#page)"],
    ["width", "expression(alert(1))"],
    ["background", "u\\72l(x)"],
    ["color", "red /* hidden */"],
    ["color", "red; position: fixed"],
    ["color", "red}body{color:blue"],
    ["color", "javascript:alert(1)"],
    ["color", "@import 'x'"],
    ["color", "red\u0000"],
    ["font-family", "</style><script>"],
    ["position", "fixed"],
    ["position", " Sticky "],
  ])("refuses the value of %s: %s", (property, value) => {
    expect(checkCss(property, value)).toEqual({ ok: false, reason: "blocked value" });
  });

  it("refuses bad and behaviour-binding properties", () => {
    expect(checkCss("co lor", "red").ok).toBe(false);
    expect(checkCss("color:red;x", "red").ok).toBe(false);
    expect(checkCss("behavior", "x").ok).toBe(false);
    expect(checkCss("-moz-binding", "x").ok).toBe(false);
  });
});

describe("filterStyleAttribute", () => {
  it("keeps the safe declarations of a style attribute and drops the rest whole", () => {
    expect(
      filterStyleAttribute("color: red; background: url(https://evil/y) no-repeat; font-weight:bold"),
    ).toBe("color:red;font-weight:bold");
    expect(filterStyleAttribute('font-family: "a;b", serif; color: blue')).toBe("color:blue");
    expect(filterStyleAttribute("background: linear-gradient(red, rgb(0,0,255)); x")).toBe(
      "background:linear-gradient(red, rgb(0,0,255))",
    );
    expect(filterStyleAttribute('color: "red; position: fixed')).toBe("");
    expect(filterStyleAttribute("position: fixed; top: 0; width: expression(alert(1))")).toBe("top:0");
    expect(filterStyleAttribute("")).toBe("");
    expect(filterStyleAttribute("color:")).toBe("");
  });
});

describe("reactStyleKey", () => {
  it.each([
    ["font-weight", "fontWeight"],
    ["color", "color"],
    ["--accent", "--accent"],
    ["-webkit-text-stroke", "WebkitTextStroke"],
    ["-ms-transform", "msTransform"],
    ["grid-template-columns", "gridTemplateColumns"],
  ])("%s -> %s", (property, key) => {
    expect(reactStyleKey(property)).toBe(key);
  });
});

describe("image urls", () => {
  it("keeps http(s), paths, blob: and image data: urls only", () => {
    expect(safeImageUrl("/api/storage/projects/p/decks/d/bg.png")).toBe(
      "/api/storage/projects/p/decks/d/bg.png",
    );
    expect(safeImageUrl(" https://cdn/x.png ")).toBe("https://cdn/x.png");
    expect(safeImageUrl("blob:https://site/123")).toBe("blob:https://site/123");
    expect(safeImageUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(safeImageUrl("bg.png")).toBe("bg.png");
    expect(safeImageUrl("javascript:alert(1)")).toBeNull();
    expect(safeImageUrl("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeImageUrl("data:text/html,<script>")).toBeNull();
    expect(safeImageUrl("vbscript:x")).toBeNull();
    expect(safeImageUrl("")).toBeNull();
  });

  it("resolves deck asset names like the engine, refusing unsafe asset urls", () => {
    const { assets } = sampleDeck();
    expect(deckImageUrl(assets, "coin")).toBe("/api/storage/projects/p/decks/d1/coin.png");
    expect(deckImageUrl(assets, "COIN.png")).toBe("/api/storage/projects/p/decks/d1/coin.png");
    expect(deckImageUrl(assets, "ghost")).toBeNull();
    expect(deckImageUrl(assets, "evil.png")).toBeNull();
  });

  it("recognises icon markers by their class", () => {
    expect(isIconClass("card-icon")).toBe(true);
    expect(isIconClass("big card-icon")).toBe(true);
    expect(isIconClass("card-icons")).toBe(false);
    expect(isIconClass(null)).toBe(false);
  });
});

describe("fontFamilyCss", () => {
  it("quotes a single family, keeps generic names and lists", () => {
    expect(fontFamilyCss("Georgia")).toBe('"Georgia"');
    expect(fontFamilyCss("Times New Roman")).toBe('"Times New Roman"');
    expect(fontFamilyCss("sans-serif")).toBe("sans-serif");
    expect(fontFamilyCss("Arial, sans-serif")).toBe("Arial, sans-serif");
    expect(fontFamilyCss("'My Font'")).toBe("'My Font'");
    expect(fontFamilyCss('Bad"Font\\')).toBe('"BadFont"');
    expect(fontFamilyCss("  ")).toBe("sans-serif");
  });
});
