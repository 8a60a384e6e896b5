import { ASSET_MAX_BYTES, DECODE_LIMITS, UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
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

// Issue 36 point 5: every browser that shows an image decodes what its header says, so the size is
// held to DECODE_LIMITS from the header; nothing is decoded to find out.
describe("image sizes, read from the headers", () => {
  /** A real PNG whose header then claims another size. */
  function pngClaiming(width: number, height: number): Buffer {
    const bytes = Buffer.from(tinyPng());
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    return bytes;
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]); // CRC unchecked
  };
  /** An APNG of `frames` frames over the whole of a `size` x `size` picture. */
  function apng(frames: number, size: number): Buffer {
    const png = pngClaiming(size, size);
    const fctl = (seq: number) => {
      const data = Buffer.alloc(26);
      data.writeUInt32BE(seq, 0);
      data.writeUInt32BE(size, 4);
      data.writeUInt32BE(size, 8);
      return chunk("fcTL", data);
    };
    const actl = Buffer.alloc(8);
    actl.writeUInt32BE(frames, 0);
    const control = [chunk("acTL", actl), ...Array.from({ length: frames }, (_, i) => fctl(i))];
    return Buffer.concat([png.subarray(0, 33), ...control, png.subarray(33)]); // after IHDR
  }
  const u16 = (n: number) => [n & 0xff, n >> 8];
  /** A GIF of a `width` x `height` screen with frames [left, top, width, height], each one empty block. */
  function gif(width: number, height: number, frames: [number, number, number, number][]): Buffer {
    const blocks = frames.flatMap(([l, t, w, h]) => [
      0x2c,
      ...u16(l),
      ...u16(t),
      ...u16(w),
      ...u16(h),
      0,
      2,
      1,
      0,
      0,
    ]);
    return Buffer.from([...Buffer.from("GIF89a"), ...u16(width), ...u16(height), 0, 0, 0, ...blocks, 0x3b]);
  }
  const u24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
  /** An animated WebP: a VP8X canvas of `size` x `size` and `frames` ANMF frames covering it. */
  function animatedWebp(frames: number, size: number): Buffer {
    const riff = (fourcc: string, payload: number[]) => {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(payload.length);
      return Buffer.concat([Buffer.from(fourcc), length, Buffer.from(payload)]);
    };
    const vp8x = riff("VP8X", [0x02, 0, 0, 0, ...u24(size - 1), ...u24(size - 1)]);
    const anmf = riff("ANMF", [...u24(0), ...u24(0), ...u24(size - 1), ...u24(size - 1), ...u24(100), 0]);
    const body = Buffer.concat([Buffer.from("WEBP"), vp8x, ...Array.from({ length: frames }, () => anmf)]);
    const size4 = Buffer.alloc(4);
    size4.writeUInt32LE(body.length);
    return Buffer.concat([Buffer.from("RIFF"), size4, body]);
  }
  const tooLarge = (what: string, w: number, h: number) => ({
    ok: false,
    status: 413,
    message: UPLOAD_LIMIT_MESSAGES.imageTooLarge(what, w, h),
  });

  it("refuses a PNG whose header claims more pixels than a browser should decode", () => {
    expect(checkAsset("huge.png", pngClaiming(100_000, 100_000))).toEqual(
      tooLarge("huge.png", 100_000, 100_000),
    );
    expect(UPLOAD_LIMIT_MESSAGES.imageTooLarge("huge.png", 100_000, 100_000)).toBe(
      "huge.png is 100000x100000 pixels; the limit is 16,384 pixels a side and 40,000,000 pixels in all.",
    );
    // Within each side, not in all; past a side alone; and just at both limits.
    expect(checkAsset("wide.png", pngClaiming(7000, 7000))).toEqual(tooLarge("wide.png", 7000, 7000));
    expect(checkAsset("long.png", pngClaiming(DECODE_LIMITS.imageSide + 1, 1))).toMatchObject({
      status: 413,
    });
    expect(checkAsset("ok.png", pngClaiming(DECODE_LIMITS.imageSide, 2000))).toMatchObject({ ok: true });
  });

  it("refuses JPEG, GIF and WebP headers the same way", () => {
    const jpeg = Buffer.from(JPEG);
    jpeg.writeUInt16BE(60_000, 13); // SOF0 height
    expect(checkAsset("huge.jpg", jpeg)).toEqual(tooLarge("huge.jpg", 10, 60_000));
    expect(checkAsset("huge.gif", gif(20_000, 20_000, [[0, 0, 1, 1]]))).toEqual(
      tooLarge("huge.gif", 20_000, 20_000),
    );
    expect(checkAsset("huge.webp", animatedWebp(1, 20_000))).toEqual(tooLarge("huge.webp", 20_000, 20_000));
  });

  it("refuses an image whose size cannot be read", () => {
    const headless = Buffer.concat([tinyPng().subarray(0, 8), Buffer.from("no header here, just bytes")]);
    expect(checkAsset("x.png", headless)).toEqual({
      ok: false,
      status: 400,
      message: "x.png is not a readable PNG image: its size could not be read.",
    });
  });

  it("counts every frame of an animation, and a GIF frame outside its picture", () => {
    expect(
      sniffImage(
        gif(10, 10, [
          [0, 0, 10, 10],
          [2, 2, 5, 5],
        ]),
      ),
    ).toMatchObject({
      frames: { count: 2, pixels: 125, outside: false },
    });
    // A GIF frame may claim its own size past the screen, which decoders then grow to.
    expect(checkAsset("sly.gif", gif(10, 10, [[0, 0, 60_000, 60_000]]))).toEqual({
      ok: false,
      status: 400,
      message: "sly.gif is not a readable GIF image: a frame reaches outside its 10x10 picture.",
    });
    // 4000 x 4000 is 16 million pixels a frame: 12 frames are within 200 million, 13 are not.
    expect(checkAsset("ok.png", apng(12, 4000))).toMatchObject({ ok: true, asset: { width: 4000 } });
    expect(checkAsset("long.png", apng(13, 4000))).toEqual({
      ok: false,
      status: 413,
      message: UPLOAD_LIMIT_MESSAGES.animationTooLarge("long.png", 13, 13 * 16_000_000),
    });
    expect(checkAsset("long.webp", animatedWebp(13, 4000))).toMatchObject({ status: 413 });
    const frames = Array.from({ length: 13 }, (): [number, number, number, number] => [0, 0, 4000, 4000]);
    expect(checkAsset("long.gif", gif(4000, 4000, frames))).toMatchObject({ status: 413 });
  });

  it("holds the raster images an SVG carries inside to the same limits", () => {
    const svg = (png: Buffer) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,${png.toString("base64")}" width="1" height="1"/></svg>`,
      );
    expect(checkAsset("board.svg", svg(pngClaiming(30_000, 30_000)))).toEqual(
      tooLarge("board.svg's embedded image", 30_000, 30_000),
    );
    expect(checkAsset("board.svg", svg(tinyPng()))).toMatchObject({ ok: true });
  });
});
