import { ASSET_MAX_BYTES } from "@tt/protocol";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { checkAsset, checkAssetName } from "./assetCheck";
import { sniffImage } from "./images";
import { sanitizeSvg } from "./svg";
import { parseXml, serializeXml } from "./xml";

export function tinyPng(width = 3, height = 2): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0xff);
  return PNG.sync.write(png);
}
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([5, 0, 7, 0, 0x80, 0, 0])]);
// SOI, an APP0 segment to skip, then SOF0 with height 20 and width 10.
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x14, 0x00, 0x0a, 0x03,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
]);
const webp = (chunk: string, payload: number[]) =>
  Buffer.concat([
    Buffer.from("RIFF"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("WEBP"),
    Buffer.from(chunk),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from(payload),
  ]);
// VP8X: flags and reserved bytes, then canvas width-1 = 99 and height-1 = 49 as 24-bit little-endian.
const WEBP = webp("VP8X", [0, 0, 0, 0, 99, 0, 0, 49, 0, 0]);
const svgText = (r: { ok: boolean; svg?: Buffer }) => r.svg?.toString("utf8") ?? "";

describe("sniffImage", () => {
  it("tells the raster types apart by their magic numbers, with their size", () => {
    expect(sniffImage(tinyPng(3, 2))).toEqual({ type: "image/png", width: 3, height: 2 });
    expect(sniffImage(GIF)).toEqual({ type: "image/gif", width: 5, height: 7 });
    expect(sniffImage(JPEG)).toEqual({ type: "image/jpeg", width: 10, height: 20 });
    expect(sniffImage(WEBP)).toEqual({ type: "image/webp", width: 100, height: 50 });
    // VP8L: signature 0x2f, then 14 bits width-1 (=9) and 14 bits height-1 (=4).
    const bits = 9 | (4 << 14);
    const vp8l = webp("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]);
    expect(sniffImage(vp8l)).toEqual({ type: "image/webp", width: 10, height: 5 });
  });
  it("knows nothing else", () => {
    expect(sniffImage(Buffer.from("<svg/>"))).toBeNull();
    expect(sniffImage(Buffer.from("GIF8"))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe("checkAsset", () => {
  it("accepts images whose extension matches their bytes, keeping the browser-sent base name", () => {
    const ok = checkAsset("C:\\fakepath\\Card_back-2.PNG", tinyPng());
    expect(ok).toMatchObject({ ok: true, asset: { name: "Card_back-2.PNG", type: "image/png", width: 3 } });
    expect(checkAsset("photo.jpeg", JPEG)).toMatchObject({ ok: true, asset: { type: "image/jpeg" } });
    expect(checkAsset("anim.gif", GIF)).toMatchObject({ ok: true, asset: { type: "image/gif" } });
    expect(checkAsset("pic.webp", WEBP)).toMatchObject({ ok: true, asset: { type: "image/webp" } });
  });
  it("refuses bad names with a message that says what is allowed", () => {
    for (const name of ["my card.png", "-x.png", ".png", "é.png", `${"a".repeat(121)}.png`]) {
      const r = checkAssetName(name);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/is not an accepted file name: use letters, digits/);
    }
    expect(checkAssetName("notes.txt")).toMatchObject({ ok: false, message: /only images can be uploaded/ });
    expect(checkAssetName("")).toMatchObject({ ok: false, message: "A file has no name." });
  });
  it("refuses wrong types, empty and oversized files", () => {
    expect(checkAsset("x.png", Buffer.from("not an image"))).toMatchObject({
      ok: false,
      status: 400,
      message: "x.png is not a PNG image.",
    });
    expect(checkAsset("x.png", JPEG)).toMatchObject({
      message: "x.png holds a JPEG image: give it the .jpg extension.",
    });
    expect(checkAsset("x.png", Buffer.alloc(0))).toMatchObject({ status: 400, message: "x.png is empty." });
    const big = Buffer.concat([tinyPng(), Buffer.alloc(ASSET_MAX_BYTES)]);
    expect(checkAsset("x.png", big)).toMatchObject({ status: 413, message: /x.png is larger than 10 MB/ });
  });
});

describe("sanitizeSvg", () => {
  it("removes scripts, embedded HTML, handlers and links that leave the file", () => {
    const dirty = `<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<?xml-stylesheet href="https://evil.test/x.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" onload="alert(1)">
  <!-- a comment -->
  <script>alert(1)</script>
  <SCRIPT xlink:href="https://evil.test/x.js"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>
  <html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(2)</html:script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(1)" OnMouseOver="alert(1)"/>
  <a href="javascript:alert(1)"><text>link</text></a>
  <a xlink:href="java&#9;script:alert(1)"><text>link</text></a>
  <image href="https://evil.test/track.png" width="1" height="1"/>
  <use xlink:href="#g"/>
  <set attributeName="href" to="javascript:alert(1)"/>
  <animate attributeName="opacity" from="0" to="1" dur="1s"/>
  <circle r="2" style="fill:url(https://evil.test/x.svg#a);stroke:url(#g)" filter="url('https://evil.test/f')"/>
  <style>@import url(https://evil.test/x.css); rect { fill: url(https://evil.test/x.png) } circle &gt; * { fill: blue }</style>
</svg>`;
    const r = sanitizeSvg(Buffer.from(dirty));
    expect(r).toMatchObject({ ok: true, width: 40, height: 20 });
    const out = svgText(r);
    expect(out).not.toMatch(/script|alert|evil\.test|onload|onclick|onmouseover|onerror|foreignObject|<div/i);
    expect(out).not.toMatch(/DOCTYPE|xml-stylesheet|comment/);
    expect(out).toContain('<rect width="10" height="10" fill="url(#g)"/>');
    expect(out).toContain('<use xlink:href="#g"/>');
    expect(out).toContain('<animate attributeName="opacity"');
    expect(out).toContain("stroke:url(#g)");
    expect(out).toContain("circle &gt; * { fill: blue }");
    expect(out).not.toContain("<set");
    // The result is well-formed, and sanitising it again changes nothing.
    expect(svgText(sanitizeSvg(r.ok ? r.svg : Buffer.alloc(0)))).toBe(out);
  });
  it("adds a missing SVG namespace and reads the size from the viewBox", () => {
    const r = sanitizeSvg(Buffer.from('<svg viewBox="0 0 120.4 60"><path d="M0 0h1"/></svg>'));
    expect(r).toMatchObject({ ok: true, width: 120, height: 60 });
    expect(svgText(r)).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120.4 60">');
  });
  it("refuses what is not a well-formed SVG document", () => {
    const message = (s: string) => {
      const r = sanitizeSvg(Buffer.from(s));
      return r.ok ? "ok" : r.message;
    };
    expect(message("<svg><g></svg>")).toMatch(/^is not well-formed XML: <\/svg> closes <g>/);
    expect(message("<html><body/></html>")).toBe("has no <svg> root element");
    expect(message('<svg xmlns="http://www.w3.org/1999/xhtml"/>')).toBe("has no <svg> root element");
    expect(message("not xml")).toMatch(/^is not well-formed XML/);
    expect(message('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>')).toMatch(
      /document types with declarations/,
    );
    expect(message("<svg>&nbsp;</svg>")).toMatch(/the entity &nbsp; is not defined/);
    expect(message("<svg a='1' a='2'/>")).toMatch(/appears twice/);
    expect(message("<svg/><svg/>")).toMatch(/content after the root element/);
    const r = sanitizeSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x2f, 0x3e]));
    expect(r).toEqual({ ok: false, message: "is not UTF-8 text" });
  });
  it("is refused through checkAsset with the file name in front", () => {
    expect(checkAsset("logo.svg", Buffer.from("<svg>"))).toMatchObject({
      ok: false,
      status: 400,
      message: /^logo\.svg is not well-formed XML: <svg> is not closed/,
    });
  });
});

describe("parseXml", () => {
  it("reads entities, CDATA and character references, and writes them back escaped", () => {
    const root = parseXml(`<a x="1 &amp; &#x32;" y='"q"'>t&lt;<![CDATA[<raw>&]]>&#65;<b/></a>`);
    expect(root.attributes).toEqual([
      { name: "x", value: "1 & 2" },
      { name: "y", value: '"q"' },
    ]);
    expect(root.children[0]).toEqual({ type: "text", text: "t<<raw>&A" });
    expect(serializeXml(root)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a x="1 &amp; 2" y="&quot;q&quot;">t&lt;&lt;raw&gt;&amp;A<b/></a>',
    );
  });
  it("survives deep nesting without recursion and refuses absurd depth", () => {
    expect(() => parseXml(`${"<g>".repeat(150)}${"</g>".repeat(150)}`)).not.toThrow();
    expect(() => parseXml(`${"<g>".repeat(5000)}${"</g>".repeat(5000)}`)).toThrow(/nested too deeply/);
  });
});
