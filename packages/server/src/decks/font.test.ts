import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkFont, isFontName } from "./font";

const FONTS = path.join(import.meta.dirname, "../../test/fixtures/fonts");
const font = (name: string) => readFileSync(path.join(FONTS, name));
const MB = 1024 * 1024;

describe("checkFont", () => {
  it("reads the family, PostScript name, weight and slant from the font's own tables", () => {
    const bold = checkFont("TTBoxes-Bold.otf", font("TTBoxes-Bold.otf"), MB);
    expect(bold).toMatchObject({
      ok: true,
      asset: {
        name: "TTBoxes-Bold.otf",
        type: "font/otf",
        font: { family: "TT Boxes", postScript: "TTBoxes-Bold", weight: 700, italic: false },
      },
    });
    const italic = checkFont("TTBoxes-Italic.woff2", font("TTBoxes-Italic.woff2"), MB);
    expect(italic).toMatchObject({
      ok: true,
      asset: {
        type: "font/woff2",
        font: { family: "TT Boxes", postScript: "TTBoxes-Italic", weight: 400, italic: true },
      },
    });
    // TrueType and OpenType share a container: either extension takes either.
    expect(checkFont("boxes.ttf", font("TTBoxes-Bold.otf"), MB)).toMatchObject({
      ok: true,
      asset: { type: "font/ttf" },
    });
  });

  it("refuses what is not the font its extension says, damaged fonts, collections and oversized files", () => {
    expect(checkFont("a.woff2", font("TTBoxes-Bold.otf"), MB)).toEqual({
      ok: false,
      status: 400,
      message: "a.woff2 is not a WOFF2 (.woff2) font.",
    });
    expect(checkFont("a.ttf", Buffer.from("<svg onload=alert(1)></svg>"), MB)).toMatchObject({
      ok: false,
      message: "a.ttf is not a TrueType (.ttf) font.",
    });
    const damaged = Buffer.from(font("TTBoxes-Bold.otf"));
    damaged.fill(0xff, 12);
    expect(checkFont("a.otf", damaged, MB)).toMatchObject({
      ok: false,
      message: "a.otf is a damaged font: it could not be read.",
    });
    const collection = Buffer.concat([Buffer.from("ttcf"), Buffer.alloc(20)]);
    expect(checkFont("set.ttf", collection, MB)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/collection/),
    });
    expect(checkFont("big.otf", font("TTBoxes-Bold.otf"), 1000)).toMatchObject({ ok: false, status: 413 });
    expect(checkFont("../x.otf", font("TTBoxes-Bold.otf"), MB)).toMatchObject({
      ok: true,
      asset: { name: "x.otf" },
    });
    expect(checkFont("bad name.otf", font("TTBoxes-Bold.otf"), MB)).toMatchObject({ ok: false, status: 400 });
  });

  it("tells font names from image names", () => {
    expect(["a.ttf", "a.OTF", "a.woff", "a.woff2"].map(isFontName)).toEqual([true, true, true, true]);
    expect(["a.png", "a.svg", "ttf"].map(isFontName)).toEqual([false, false, false]);
  });
});
