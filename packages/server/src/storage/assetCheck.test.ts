import { ASSET_MAX_BYTES } from "@tt/protocol";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { checkAsset, checkAssetName } from "./assetCheck";
import { sniffImage } from "./images";
import { sanitizeSvg } from "./svg";

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
  it("cleans style sheets in CDATA, links in any namespace, and drops what a browser could fetch or run", () => {
    const dirty = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xml:base="https://evil.test/">
  <style><![CDATA[ rect { fill: url("https://evil.test/a.png") } .b { fill: url(#g) } ]]></style>
  <style>.x { background: u\\72l(https://evil.test/) }</style>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <image xlink:href="data:text/html;base64,PHNjcmlwdD4=" width="1" height="1"/>
  <filter id="f"><feImage href="https://evil.test/f.png"/></filter>
  <a href=" JaVaScRiPt:alert(1)"><text>x</text></a>
  <a href="#g"><text>inside</text></a>
  <animate attributeName="xlink:href" to="javascript:alert(1)"/>
  <animate attributeName="onclick" to="alert(1)"/>
  <g style="fill:url( 'https://evil.test/x' )" mask="url(#m)"><?php echo 1 ?><!-- note --></g>
  <text>a &lt; b &amp; c</text>
</svg>`;
    const r = sanitizeSvg(Buffer.from(dirty));
    expect(r.ok).toBe(true);
    const out = svgText(r);
    expect(out).not.toMatch(/evil\.test|javascript|alert|xml:base|CDATA|php|note|text\/html|<animate/i);
    expect(out).toContain("<style> rect { fill: none } .b { fill: url(#g) } </style>");
    expect(out).toContain("<style/>"); // a backslash (a CSS escape) drops the whole sheet
    expect(out).toContain('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>');
    expect(out).toContain('<image width="1" height="1"/>');
    expect(out).toContain("<feImage/>");
    expect(out).toContain('<a href="#g"><text>inside</text></a>');
    expect(out).toContain('<g style="fill:none" mask="url(#m)"/>');
    expect(out).toContain("<text>a &lt; b &amp; c</text>");
    expect(svgText(sanitizeSvg(r.ok ? r.svg : Buffer.alloc(0)))).toBe(out);
  });
  it("adds a missing SVG namespace, declares an undeclared xlink prefix, and reads the size", () => {
    const r = sanitizeSvg(Buffer.from('<svg viewBox="0 0 120.4 60"><path d="M0 0h1"/></svg>'));
    expect(r).toMatchObject({ ok: true, width: 120, height: 60 });
    expect(svgText(r)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<svg viewBox="0 0 120.4 60" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>',
    );
    const linked = sanitizeSvg(Buffer.from('<svg width="8px" height="4"><use xlink:href="#a"/></svg>'));
    expect(linked).toMatchObject({ ok: true, width: 8, height: 4 });
    expect(svgText(linked)).toContain('<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#a"/>');
    // A prefixed SVG root, and a byte order mark, are fine.
    const prefixed = sanitizeSvg(
      Buffer.from('\uFEFF<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:g/><s:script/></s:svg>'),
    );
    expect(svgText(prefixed)).toContain('<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:g/></s:svg>');
  });
  it("refuses what is not a well-formed SVG document", () => {
    const message = (s: string) => {
      const r = sanitizeSvg(Buffer.from(s));
      return r.ok ? "ok" : r.message;
    };
    expect(message("<svg>\n<g></svg>")).toBe(
      'is not well-formed XML: Opening and ending tag mismatch: "g" != "svg" (line 2)',
    );
    expect(message("<html><body/></html>")).toBe("has no <svg> root element");
    expect(message('<svg xmlns="http://www.w3.org/1999/xhtml"/>')).toBe("has no <svg> root element");
    expect(message('<svg:svg xmlns:svg="urn:not-svg"/>')).toBe("has no <svg> root element");
    expect(message("not xml")).toMatch(/^is not well-formed XML: missing root element/);
    expect(message("")).toMatch(/^is not well-formed XML: missing root element/);
    expect(message("<svg a='1' a='2'/>")).toMatch(/^is not well-formed XML: Attribute a redefined/);
    expect(message("<svg/><svg/>")).toMatch(/^is not well-formed XML: Only one element can be added/);
    expect(message("<svg/>text")).toMatch(/^is not well-formed XML: Extra content at the end/);
    expect(message("<svg a=1/>")).toMatch(/^is not well-formed XML: attribute "1" missed quot/);
    expect(message("<svg><x:g/></svg>")).toMatch(/^is not well-formed XML: prefix is non-null/);
    expect(message("<svg>&#0;</svg>")).toBe("is not well-formed XML: the character U+0000 is not allowed");
    expect(message('<svg a="\u0001"/>')).toBe("is not well-formed XML: the character U+0001 is not allowed");
    expect(message("<svg>&#xD800;</svg>")).toBe(
      "is not well-formed XML: the character U+D800 is not allowed",
    );
    const r = sanitizeSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x2f, 0x3e]));
    expect(r).toEqual({ ok: false, message: "is not UTF-8 text" });
  });
  it("expands no entity: billion laughs, external files and HTML entities are refused", () => {
    const message = (s: string) => {
      const r = sanitizeSvg(Buffer.from(s));
      return r.ok ? "ok" : r.message;
    };
    const laughs = [
      '<?xml version="1.0"?>\n<!DOCTYPE svg [\n <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`),
      "]>\n<svg>&lol9;</svg>",
    ].join("\n");
    const started = performance.now();
    expect(message(laughs)).toMatch(/^is not well-formed XML: entity not found:&lol9;/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(message('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>')).toMatch(
      /entity not found:&x;/,
    );
    // Declarations are refused even when nothing uses them.
    expect(message('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg/>')).toBe(
      "has a document type with declarations, which is refused",
    );
    expect(message("<svg>&nbsp;</svg>")).toMatch(/^is not well-formed XML: entity not found:&nbsp;/);
    // An external document type is neither fetched nor kept.
    const external = sanitizeSvg(Buffer.from('<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg/>'));
    expect(svgText(external)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
  });
  it("refuses absurd depth without overflowing, and files that grow past the limit once rewritten", () => {
    const nested = (n: number) => Buffer.from(`<svg>${"<g>".repeat(n)}${"</g>".repeat(n)}</svg>`);
    expect(sanitizeSvg(nested(150)).ok).toBe(true);
    expect(sanitizeSvg(nested(100_000))).toEqual({
      ok: false,
      message: "is not well-formed XML: elements nested too deeply",
    });
    // '<' inside CDATA is written back as '&lt;': four bytes for one.
    const growing = Buffer.from(`<svg><text><![CDATA[${"<".repeat(3 * 1024 * 1024)}]]></text></svg>`);
    expect(growing.length).toBeLessThan(ASSET_MAX_BYTES);
    expect(checkAsset("grow.svg", growing)).toMatchObject({ ok: false, status: 413 });
  });
  it("is refused through checkAsset with the file name in front", () => {
    expect(checkAsset("logo.svg", Buffer.from("<svg>"))).toMatchObject({
      ok: false,
      status: 400,
      message: /^logo\.svg is not well-formed XML: unclosed xml tag\(s\): svg/,
    });
    expect(checkAsset("logo.svg", Buffer.from('<svg width="3" height="2"/>'))).toMatchObject({
      ok: true,
      asset: { name: "logo.svg", type: "image/svg+xml", width: 3, height: 2 },
    });
  });
});
