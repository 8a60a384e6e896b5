import { describe, expect, it } from "vitest";
import { MALFORMED_TEXT, MAX_TEMPLATE_OUTPUT } from "./errors.js";
import {
  assetUrl,
  fillHtml,
  fillTemplate,
  findAsset,
  ICON_CLASS,
  iconHtml,
  styledTextToHtml,
  textLength,
  textToHtml,
} from "./template.js";

const assets = {
  "coin.png": { url: "https://cdn/coin.png", aspect: 1 },
  "Sword.PNG": { url: "https://cdn/sword.png", aspect: 0.5 },
  heart: { url: "https://cdn/heart", aspect: 1 },
};
const row = { name: "Fox", cost: 3, text: "Gain 2 [coin]", bad: "oops [coin", empty: null };

describe("templates", () => {
  it("fills {column} with the row's cell; missing columns read as empty", () => {
    expect(fillTemplate("{name} costs {cost}", row)).toEqual({
      text: "Fox costs 3",
      malformed: false,
      problems: [],
    });
    expect(fillTemplate("[{ name }]{nope}{empty}", row).text).toBe("[Fox]");
  });

  it("turns [icon] into an icon marker of the deck asset, also when the icon is typed in a cell", () => {
    expect(iconHtml("coin", "coin.png")).toBe(
      `<img class="${ICON_CLASS}" data-icon="coin" src="coin.png" alt="coin">`,
    );
    expect(fillHtml("Pay [coin]", row, assets).text).toBe(`Pay ${iconHtml("coin", "coin.png")}`);
    expect(fillHtml("<b>{text}</b>", row, assets).text).toBe(`<b>Gain 2 ${iconHtml("coin", "coin.png")}</b>`);
    expect(fillHtml("[sword][heart]", row, assets).text).toBe(
      iconHtml("sword", "Sword.PNG") + iconHtml("heart", "heart"),
    );
  });

  it("reports an unknown icon and leaves it as typed", () => {
    expect(fillHtml("a [ghost] b", row, assets)).toEqual({
      text: "a [ghost] b",
      malformed: false,
      problems: [{ code: "card/unknown-icon", value: "ghost" }],
    });
  });

  it.each([
    ["{name", "unclosed brace"],
    ["name}", "stray closing brace"],
    ["{{name}}", "nested braces"],
    ["[coin", "unclosed bracket"],
    ["coin]", "stray closing bracket"],
    ["[[coin]]", "nested brackets"],
    ["[{name}]", "a column inside an icon"],
    ["{a[b]}", "an icon inside a column"],
    ["{name]", "mismatched closer"],
    ["{}", "empty variable"],
    ["[ ]", "empty icon"],
  ])("finds %s malformed (%s) and leaves the template raw", (template) => {
    const out = fillHtml(template, row, assets);
    expect(out.malformed).toBe(true);
    expect(out.text).toBe(template);
    expect(out.problems).toEqual([{ code: "card/malformed-text" }]);
  });

  it("finds brackets typed wrong in a cell malformed, keeping the filled text without icons", () => {
    const out = fillHtml("[coin] {bad}", row, assets);
    expect(out).toEqual({
      text: "[coin] oops [coin",
      malformed: true,
      problems: [{ code: "card/malformed-text" }],
    });
    expect(MALFORMED_TEXT).toBe("Malformed icon variable text.");
  });

  it("treats brackets as text outside html", () => {
    expect(fillTemplate("a]b[", row)).toEqual({ text: "a]b[", malformed: false, problems: [] });
    expect(fillTemplate("{name", row).malformed).toBe(true);
  });

  it("cuts text longer than the limit and says so", () => {
    const long = { big: "x".repeat(MAX_TEMPLATE_OUTPUT) };
    const out = fillTemplate("{big}{big}{big}", long);
    expect(out.text.length).toBe(MAX_TEMPLATE_OUTPUT);
    expect(out.problems).toEqual([{ code: "card/too-long" }]);
    expect(fillHtml("{big}!", long, assets).problems).toEqual([{ code: "card/too-long" }]);
  });

  it("finds assets exactly, with .png, or ignoring case and extension", () => {
    expect(findAsset(assets, "coin.png")).toBe("coin.png");
    expect(findAsset(assets, "coin")).toBe("coin.png");
    expect(findAsset(assets, "SWORD")).toBe("Sword.PNG");
    expect(findAsset(assets, "toString")).toBeNull();
    expect(assetUrl(assets, "coin")).toBe("https://cdn/coin.png");
    expect(assetUrl(assets, "nope")).toBeNull();
  });

  it("escapes .psd text as html and measures text as a reader sees it", () => {
    expect(textToHtml('a < b & "c"\rd')).toBe("a &lt; b &amp; &quot;c&quot;<br>d");
    expect(textLength(`<b>ab</b>&amp;${iconHtml("coin", "coin.png")}`)).toBe(4);
  });
});

describe("styledTextToHtml", () => {
  const base = {
    value: "Deal 3 damage",
    font: "ArialMT",
    size: 14,
    color: "#000000",
    align: "left" as const,
  };

  it("is the escaped text when the text has one style", () => {
    expect(styledTextToHtml({ ...base, value: "a < b\nc" })).toBe("a &lt; b<br>c");
  });

  it("wraps each run that differs from the layer's style in a span saying only what differs", () => {
    const html = styledTextToHtml({
      ...base,
      runs: [
        { length: 5, font: "ArialMT", size: 14, color: "#000000" },
        { length: 1, font: "Arial-BoldMT", size: 18, color: "#c80000" },
        { length: 7, font: "ArialMT", size: 14, color: "#000000", italic: true },
      ],
    });
    expect(html).toBe(
      'Deal <span style="font-family:&quot;Arial-BoldMT&quot;, &quot;Arial&quot;, sans-serif;font-weight:700;font-style:normal;font-size:18px;color:#c80000">3</span>' +
        '<span style="font-style:italic"> damage</span>',
    );
  });

  it("draws text past the last run in the layer's style and ignores runs past the end", () => {
    const html = styledTextToHtml({
      ...base,
      value: "ab",
      runs: [
        { length: 1, color: "#ff0000" },
        { length: 0, color: "#00ff00" },
      ],
    });
    expect(html).toBe('<span style="color:#ff0000">a</span>b');
  });
});

describe("line breaks typed in a cell", () => {
  it("become line breaks on the card", () => {
    expect(fillHtml("<i>{text}</i>", { text: "First line\nSecond\r\nThird" }, {}).text).toBe(
      "<i>First line<br>Second<br>Third</i>",
    );
  });
});
