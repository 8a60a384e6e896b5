import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, deflateSync } from "node:zlib";
import { DECODE_LIMITS, UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { woff, woff2 } from "../../test/fixtures/fontBombs";
import { checkFont } from "./font";
import { unpackedFontSize } from "./fontSize";

// Issue 36 point 5: a font's unpacked size is read from its headers and refused before fontkit
// decodes anything. Each bomb declares far more than it holds; what a real font declares passes.

const FONTS = path.join(import.meta.dirname, "../../test/fixtures/fonts");
const MB = 1024 * 1024;
const GiB = 1024 * MB;
const NAME = 5;
const GLYF = 10;
const LOCA = 11;
/** A little brotli data: the checks refuse on the headers, before this would be decoded. */
const stream = brotliCompressSync(Buffer.alloc(MB));

const refusedAsTooLarge = (name: string, bytes: number) => ({
  ok: false,
  status: 413,
  message: UPLOAD_LIMIT_MESSAGES.fontTooLarge(name, bytes),
});

describe("unpackedFontSize", () => {
  it("reads what a real WOFF2 declares, and takes a plain font's length", () => {
    const real = readFileSync(path.join(FONTS, "TTBoxes-Italic.woff2"));
    expect(unpackedFontSize(real)).toEqual({ ok: true, unpackedBytes: real.readUInt32BE(16) });
    const otf = readFileSync(path.join(FONTS, "TTBoxes-Bold.otf"));
    expect(unpackedFontSize(otf)).toEqual({ ok: true, unpackedBytes: otf.length });
  });

  it("counts a transformed table's stream length and its rebuilt length alike", () => {
    const glyf = woff2(
      [
        { index: GLYF, length: 1000, transformLength: 900 * MB },
        { index: LOCA, length: 10, transformLength: 0 },
      ],
      stream,
      1010,
    );
    expect(unpackedFontSize(glyf)).toEqual({ ok: true, unpackedBytes: 900 * MB });
    // A table at transform version 3 is not transformed: its length is all there is.
    const plain = woff2([{ index: GLYF, length: 2 * GiB, version: 3 }], stream, 100);
    expect(unpackedFontSize(plain)).toEqual({ ok: true, unpackedBytes: 2 * GiB });
  });

  it("calls a directory that does not fit the file damaged", () => {
    const bomb = woff2([{ index: NAME, length: 1000 }], stream);
    expect(unpackedFontSize(bomb.subarray(0, 50))).toEqual({ ok: false, problem: "damaged" });
    const short = Buffer.from(bomb);
    short.writeUInt32BE(bomb.length, 20); // totalCompressedSize past the end
    expect(unpackedFontSize(short)).toEqual({ ok: false, problem: "damaged" });
    // A base128 length of six bytes.
    const long = woff2([{ index: NAME, length: 1 }], stream);
    const bad = Buffer.concat([long.subarray(0, 49), Buffer.from([0x81, 0x80, 0x80, 0x80, 0x80, 0x00])]);
    expect(unpackedFontSize(bad)).toEqual({ ok: false, problem: "damaged" });
    const woffTable = woff([{ tag: "name", data: Buffer.alloc(100), origLength: 10 }]);
    expect(unpackedFontSize(woffTable)).toEqual({ ok: false, problem: "damaged" }); // stored larger than it unpacks
  });
});

describe("checkFont refuses fonts that unpack past the limit before reading them", () => {
  it("a WOFF2 whose table declares 1 GiB over a small brotli stream", () => {
    const bomb = woff2([{ index: NAME, length: GiB }], stream);
    expect(bomb.length).toBeLessThan(1000);
    expect(checkFont("bomb.woff2", bomb, MB)).toEqual(refusedAsTooLarge("bomb.woff2", GiB));
    expect(UPLOAD_LIMIT_MESSAGES.fontTooLarge("bomb.woff2", GiB)).toBe(
      "bomb.woff2 unpacks to 1024 MB of font tables; a font may unpack to at most 32 MB.",
    );
  });

  it("a WOFF2 whose totalSfntSize alone is past the limit, and one just past it in its tables", () => {
    const claims = woff2([{ index: NAME, length: 1000 }], stream, 3 * GiB);
    expect(checkFont("claims.woff2", claims, MB)).toEqual(refusedAsTooLarge("claims.woff2", 3 * GiB));
    const over = DECODE_LIMITS.fontBytes + 1;
    const tables = woff2(
      [
        { index: NAME, length: over - 1000 },
        { index: 0, length: 1000 },
      ],
      stream,
      1000,
    );
    expect(checkFont("over.woff2", tables, MB)).toEqual(refusedAsTooLarge("over.woff2", over));
  });

  it("a WOFF with a zlib table that declares 1 GiB", () => {
    const bomb = woff([{ tag: "name", data: deflateSync(Buffer.alloc(MB)), origLength: GiB }], 1000);
    expect(checkFont("bomb.woff", bomb, MB)).toEqual(refusedAsTooLarge("bomb.woff", GiB));
  });

  it("a WOFF2 that unpacks past what it declares is damaged, not read further", () => {
    // Declares 1000 bytes, holds 1 MB of zeros: fontkit's decoder stops at the declared size.
    const liar = woff2([{ index: NAME, length: 1000 }], stream);
    expect(checkFont("liar.woff2", liar, MB)).toEqual({
      ok: false,
      status: 400,
      message: "liar.woff2 is a damaged font: it could not be read.",
    });
  });

  it("still reads real fonts", () => {
    const real = readFileSync(path.join(FONTS, "TTBoxes-Italic.woff2"));
    expect(checkFont("TTBoxes-Italic.woff2", real, MB)).toMatchObject({
      ok: true,
      asset: { type: "font/woff2" },
    });
  });
});
