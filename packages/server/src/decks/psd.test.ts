import { readFileSync } from "node:fs";
import path from "node:path";
import { type Layer, type PixelData, writePsdBuffer } from "ag-psd";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { buildPsd, FIXTURE_CARD } from "../../test/fixtures/psdFixture";
import { buildWorkbook } from "../../test/fixtures/xlsxFixture";
import { rawPsd } from "../../test/psdBytes";
import {
  assetName,
  CMYK_NOTE,
  deckLayerSchema,
  depthNote,
  NOT_PSD,
  PSD_LIMITS,
  type PsdTemplate,
  parsePsd,
  warpNote,
} from "./psd";

function template(buffer: Buffer, limits = {}): PsdTemplate {
  const result = parsePsd(buffer, limits);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  for (const layer of result.value.layers) deckLayerSchema.parse(layer);
  return result.value;
}

function refusal(buffer: Buffer, limits = {}): string {
  const result = parsePsd(buffer, limits);
  if (result.ok) throw new Error("expected a refusal");
  return result.message;
}

/** Every image layer has its PNG, of the layer's size, and nothing else is in images. */
function expectImagesMatch(t: PsdTemplate) {
  const assets = t.layers.flatMap((l) => (l.asset ? [l.asset] : []));
  expect(Object.keys(t.images).sort()).toEqual([...assets].sort());
  expect(new Set(assets).size).toBe(assets.length);
  for (const layer of t.layers) {
    if (layer.kind === "text") {
      expect(layer.asset).toBeUndefined();
      continue;
    }
    const png = PNG.sync.read(t.images[layer.asset!]!);
    expect([png.width, png.height], layer.name).toEqual([layer.width, layer.height]);
  }
}

function solid(width: number, height: number, rgba: [number, number, number, number]): PixelData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

function psdOf(width: number, height: number, children: Layer[]): Buffer {
  return writePsdBuffer({ width, height, imageData: solid(width, height, [255, 255, 255, 255]), children });
}

function pixel(png: Buffer, x: number, y: number): number[] {
  const image = PNG.sync.read(png);
  const at = (y * image.width + x) * 4;
  return [...image.data.subarray(at, at + 4)];
}

describe("parsePsd on the fixture template", () => {
  it("gives the card size, layers bottom to top, text styles and one PNG per image layer", () => {
    const t = template(buildPsd());
    expect(t.cardInfo).toEqual(FIXTURE_CARD);
    expect(t.layers).toEqual([
      {
        name: "background",
        kind: "image",
        left: 0,
        top: 0,
        width: 250,
        height: 350,
        hidden: false,
        asset: "layer-0-background.png",
      },
      {
        name: "art",
        kind: "image",
        left: 25,
        top: 40,
        width: 200,
        height: 150,
        hidden: false,
        asset: "layer-1-art.png",
      },
      {
        // Point text: centred on its anchor (125, baseline 30), as wide as its sample, one 28.8 px line.
        name: "title",
        kind: "text",
        left: 60,
        top: 7,
        width: 130,
        height: 29,
        hidden: false,
        text: {
          value: "Card title",
          font: "ArialMT",
          size: 24,
          color: "#202060",
          align: "center",
          kind: "point",
        },
      },
      {
        // A paragraph text layer is its frame (25,220 200x100), not the pixels of its sample text.
        name: "text",
        kind: "text",
        left: 25,
        top: 220,
        width: 200,
        height: 100,
        hidden: false,
        text: {
          value: "Card text\nsecond line",
          font: "Georgia",
          size: 21,
          color: "#000000",
          align: "left",
          kind: "box",
        },
      },
    ]);
    expectImagesMatch(t);
    expect(pixel(t.images["layer-0-background.png"]!, 10, 10)).toEqual([240, 230, 210, 255]);
    expect(pixel(t.images["layer-1-art.png"]!, 0, 0)).toEqual([0, 0, 128, 255]);
    expect(pixel(t.images["layer-1-art.png"]!, 199, 149)).toEqual([254, 253, 128, 255]);
  });

  it("flattens groups into paths, inherits hidden, bakes opacity and clips to the canvas", () => {
    const red: [number, number, number, number] = [255, 0, 0, 255];
    const t = template(
      psdOf(100, 80, [
        { name: "bleed", left: -10, top: -5, imageData: solid(120, 90, red) },
        { name: "outside", left: 200, top: 0, imageData: solid(10, 10, red) },
        { name: "empty" },
        {
          name: "Frame",
          opacity: 0.5,
          children: [
            { name: "Corner", left: 90, top: 70, imageData: solid(20, 20, red), opacity: 0.5 },
            {
              name: "Off",
              hidden: true,
              children: [{ name: "Dot", left: 1, top: 2, imageData: solid(3, 4, red) }],
            },
          ],
        },
        { name: "Ünïcode / Name!", left: 0, top: 0, imageData: solid(2, 2, red), hidden: true },
      ]),
    );
    expect(
      t.layers.map(({ name, left, top, width, height, hidden, asset }) => ({
        name,
        left,
        top,
        width,
        height,
        hidden,
        asset,
      })),
    ).toEqual([
      { name: "bleed", left: 0, top: 0, width: 100, height: 80, hidden: false, asset: "layer-0-bleed.png" },
      {
        name: "Frame/Corner",
        left: 90,
        top: 70,
        width: 10,
        height: 10,
        hidden: false,
        asset: "layer-1-frame-corner.png",
      },
      {
        name: "Frame/Off/Dot",
        left: 1,
        top: 2,
        width: 3,
        height: 4,
        hidden: true,
        asset: "layer-2-frame-off-dot.png",
      },
      {
        name: "Ünïcode / Name!",
        left: 0,
        top: 0,
        width: 2,
        height: 2,
        hidden: true,
        asset: "layer-3-unicode-name.png",
      },
    ]);
    expectImagesMatch(t);
    expect(pixel(t.images["layer-0-bleed.png"]!, 0, 0)).toEqual(red);
    // The group's 50% and the layer's 50%: a quarter of the alpha.
    expect(pixel(t.images["layer-1-frame-corner.png"]!, 0, 0)).toEqual([255, 0, 0, 64]);
  });

  it("makes safe, unique asset names", () => {
    expect(assetName(3, "Art")).toBe("layer-3-art.png");
    expect(assetName(0, "../../etc/passwd")).toBe("layer-0-etc-passwd.png");
    expect(assetName(7, "★")).toBe("layer-7.png");
    expect(assetName(2, "Frame/Crème brûlée.v2")).toBe("layer-2-frame-creme-brulee.v2.png");
  });
});

// Real Photoshop files from the project's shared fixtures, kept in the repository so every run reads them.
const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/psd");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

describe(`parsePsd on Photoshop's own files (${FIXTURES})`, () => {
  const summary = (t: PsdTemplate) =>
    t.layers.map((l) => [l.name, l.kind, l.left, l.top, l.width, l.height, l.hidden]);

  it("grayscale.psd: the gray background becomes RGB; the empty layer is left out", () => {
    const t = template(fixture("grayscale.psd"));
    expect(t.cardInfo).toEqual({ w: 300, h: 200 });
    expect(summary(t)).toEqual([["Background", "image", 0, 0, 300, 200, false]]);
    expectImagesMatch(t);
    const [r, g, b, a] = pixel(t.images["layer-0-background.png"]!, 0, 0);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(a).toBe(255);
  });

  it("groups.psd: layers inside a group carry its name; the empty hidden group adds nothing", () => {
    const t = template(fixture("groups.psd"));
    expect(t.cardInfo).toEqual({ w: 300, h: 200 });
    expect(summary(t)).toEqual([
      ["Layer 0", "image", 36, 0, 243, 200, false],
      ["Group 1/Layer 3", "image", 0, 15, 273, 185, false],
      ["Group 1/Layer 1", "image", 24, 11, 244, 157, false],
    ]);
    expectImagesMatch(t);
  });

  it("just-bg.psd: no layers, so its flattened image is the background", () => {
    const t = template(fixture("just-bg.psd"));
    expect(t.cardInfo).toEqual({ w: 100, h: 100 });
    expect(t.layers).toEqual([
      {
        name: "background",
        kind: "image",
        left: 0,
        top: 0,
        width: 100,
        height: 100,
        hidden: false,
        asset: "layer-0-background.png",
      },
    ]);
    expectImagesMatch(t);
  });

  it("layer-larger-than-drawing.psd: the layer starting above the canvas is clipped", () => {
    const t = template(fixture("layer-larger-than-drawing.psd"));
    expect(t.cardInfo).toEqual({ w: 48, h: 58 });
    expect(summary(t)).toEqual([["bg", "image", 0, 0, 48, 58, false]]);
    expectImagesMatch(t);
  });

  it("layers.psd: two full-canvas layers; the empty one between them is left out", () => {
    const t = template(fixture("layers.psd"));
    expect(summary(t)).toEqual([
      ["Layer 0", "image", 0, 0, 300, 200, false],
      ["Layer 1", "image", 0, 0, 300, 200, false],
    ]);
    expectImagesMatch(t);
    expect(pixel(t.images["layer-0-layer-0.png"]!, 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it("nested.psd: ten nested folders are allowed, and refused under a lower depth limit", () => {
    const t = template(fixture("nested.psd"));
    expect(t.cardInfo).toEqual({ w: 1, h: 1 });
    const folders = Array.from({ length: 10 }, (_, i) => `Folder${i + 1}`).join("/");
    expect(summary(t)).toEqual([
      ["Layer1 (#ff)", "image", 0, 0, 1, 1, false],
      [`${folders}/Layer10 (#00)`, "image", 0, 0, 1, 1, false],
    ]);
    expectImagesMatch(t);
    expect(pixel(t.images[t.layers[0]!.asset!]!, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(t.images[t.layers[1]!.asset!]!, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(refusal(fixture("nested.psd"), { maxDepth: 9 })).toBe(
      "Groups are nested more than 9 deep in the .psd.",
    );
  });

  it("text-box.psd: a paragraph text layer is its frame, centred, with its colour", () => {
    const t = template(fixture("text-box.psd"));
    expect(t.cardInfo).toEqual({ w: 200, h: 200 });
    expect(t.layers).toEqual([
      {
        name: "TEST",
        kind: "text",
        left: 36,
        top: 86,
        width: 129,
        height: 49,
        hidden: false,
        // The file names only Photoshop's placeholder font.
        text: { value: "TEST", font: "sans-serif", size: 30, color: "#1eff00", align: "center", kind: "box" },
      },
    ]);
    expect(t.images).toEqual({});
  });

  it("text-layer.psd: a background and a point text layer without a stored size", () => {
    const t = template(fixture("text-layer.psd"));
    expect(t.cardInfo).toEqual({ w: 100, h: 50 });
    expect(summary(t)).toEqual([
      ["Background", "image", 0, 0, 100, 50, false],
      // From its anchor (17, baseline 28): one line of 12 px text with 14.4 px leading.
      ["Test text", "text", 17, 17, 43, 14, false],
    ]);
    expect(t.layers[1]!.text).toEqual({
      value: "Test text",
      font: "sans-serif",
      size: 12,
      color: "#ff0000",
      align: "left",
      kind: "point",
    });
    expectImagesMatch(t);
  });

  it("text-simple.psd: 'Hello' keeps its letters' colours as style runs", () => {
    const t = template(fixture("text-simple.psd"));
    expect(t.cardInfo).toEqual({ w: 200, h: 100 });
    const run = (length: number, color: string) => ({
      length,
      font: "sans-serif",
      size: 60,
      color,
      bold: false,
      italic: false,
      underline: false,
    });
    expect(t.layers).toEqual([
      {
        name: "Hello",
        kind: "text",
        left: 34,
        top: 13,
        width: 124,
        height: 72,
        hidden: false,
        text: {
          value: "Hello",
          font: "sans-serif",
          size: 60,
          color: "#d870df",
          align: "left",
          kind: "point",
          runs: [run(1, "#d870df"), run(1, "#708ddf"), run(3, "#d870df")],
        },
      },
    ]);
    expect(t.notes).toEqual([]);
  });
});

describe("parsePsd text as Photoshop draws it", () => {
  const layer = (text: Layer["text"]): Layer => ({
    name: "words",
    left: 20,
    top: 20,
    imageData: solid(100, 20, [0, 0, 0, 255]),
    text,
  });

  it("keeps style runs (font, size, colour, faux bold and italic), justification and fixed leading", () => {
    const t = template(
      psdOf(200, 100, [
        layer({
          text: "Deal 3 damage\rto any target",
          transform: [1, 0, 0, 1, 20, 20],
          shapeType: "box",
          boxBounds: [0, 0, 160, 60],
          style: { font: { name: "ArialMT" }, fontSize: 14, leading: 20, autoLeading: false },
          styleRuns: [
            { length: 5, style: { font: { name: "ArialMT" }, fontSize: 14 } },
            {
              length: 8,
              style: { font: { name: "Arial-BoldMT" }, fontSize: 18, fillColor: { r: 200, g: 0, b: 0 } },
            },
            { length: 1, style: { font: { name: "ArialMT" }, fontSize: 14 } },
            {
              length: 13,
              style: { font: { name: "ArialMT" }, fontSize: 14, fauxItalic: true, underline: true },
            },
          ],
          paragraphStyle: { justification: "justify-left" },
        }),
      ]),
    );
    const text = t.layers[0]!.text!;
    expect(text).toMatchObject({
      value: "Deal 3 damage\nto any target",
      font: "ArialMT",
      size: 14,
      leading: 20,
      align: "justify",
      kind: "box",
    });
    expect(text.runs?.map((r) => [r.length, r.font, r.size, r.color, r.italic, r.underline])).toEqual([
      [5, "ArialMT", 14, "#000000", false, false],
      [8, "Arial-BoldMT", 18, "#c80000", false, false],
      [1, "ArialMT", 14, "#000000", false, false],
      [13, "ArialMT", 14, "#000000", true, true],
    ]);
    expect(t.notes).toEqual([]);
  });

  it("grows right-aligned point text leftwards from its anchor; says that warped text is drawn flat", () => {
    const t = template(
      psdOf(200, 100, [
        layer({
          text: "Cost",
          transform: [1, 0, 0, 1, 180, 50],
          style: { font: { name: "Georgia-Bold" }, fontSize: 20 },
          paragraphStyle: { justification: "right" },
          warp: { style: "arc", value: 50, perspective: 0, perspectiveOther: 0, rotate: "horizontal" },
        }),
      ]),
    );
    // The box ends at the anchor's x (180) and is as wide as the sample pixels (100).
    expect(t.layers[0]).toMatchObject({ left: 80, width: 100, text: { kind: "point", align: "right" } });
    expect(t.notes).toEqual([warpNote("words")]);
  });
});

describe("parsePsd point text with a larger run", () => {
  it("keeps the first baseline on the anchor: the largest run on the line decides the line's top", () => {
    const words = (runs: { length: number; style: { fontSize: number } }[]) =>
      template(
        psdOf(200, 100, [
          {
            name: "cost",
            left: 20,
            top: 20,
            imageData: solid(60, 30, [0, 0, 0, 255]),
            text: {
              text: "3 gold",
              transform: [1, 0, 0, 1, 20, 60],
              style: { fontSize: 10 },
              styleRuns: runs,
            },
          },
        ]),
      ).layers[0]!;
    // One size: 60 - 10 x (0.6 + 0.345) = 50.55.
    expect(words([{ length: 6, style: { fontSize: 10 } }]).top).toBe(51);
    // A 30 px '3' first: 60 - 30 x (0.6 + 0.345) = 31.65.
    const larger = words([
      { length: 1, style: { fontSize: 30 } },
      { length: 5, style: { fontSize: 10 } },
    ]);
    expect(larger.top).toBe(32);
  });
});

describe("parsePsd colour modes and depths", () => {
  const layer = (paint: (x: number, y: number) => number[]) => ({
    name: "Art",
    left: 2,
    top: 1,
    width: 4,
    height: 3,
    paint,
  });

  it("converts CMYK to RGB with a note that colours are approximate", () => {
    // Full cyan ink, no black: cyan on screen; half transparent where x = 0.
    const t = template(
      rawPsd({
        mode: "cmyk",
        depth: 8,
        width: 8,
        height: 6,
        layers: [layer((x) => [255, 0, 0, 0, x === 0 ? 128 : 255])],
        composite: () => [0, 0, 0, 0],
      }),
    );
    expect(t.layers.map((l) => [l.name, l.left, l.top, l.width, l.height])).toEqual([["Art", 2, 1, 4, 3]]);
    expect(pixel(t.images[t.layers[0]!.asset!]!, 1, 1)).toEqual([0, 255, 255, 255]);
    expect(pixel(t.images[t.layers[0]!.asset!]!, 0, 1)).toEqual([0, 255, 255, 128]);
    expect(t.notes).toEqual([CMYK_NOTE]);
  });

  it("reduces 16 and 32 bits per channel to 8, with a note", () => {
    for (const depth of [16, 32] as const) {
      const t = template(
        rawPsd({
          mode: "rgb",
          depth,
          width: 8,
          height: 6,
          layers: [layer(() => [200, 100, 50, 255])],
          composite: () => [255, 255, 255],
        }),
      );
      const [r, g, b, a] = pixel(t.images[t.layers[0]!.asset!]!, 2, 2);
      expect(
        [r, g, b, a].map((v, i) => Math.abs(v! - [200, 100, 50, 255][i]!) <= 1),
        `${depth} bits`,
      ).toEqual([true, true, true, true]);
      expect(t.notes).toEqual([depthNote(depth)]);
    }
  });

  it("reads a 16-bit grayscale file and a Bitmap file (its flattened image)", () => {
    const gray = template(
      rawPsd({
        mode: "gray",
        depth: 16,
        width: 8,
        height: 6,
        layers: [layer(() => [90, 255])],
        composite: () => [255],
      }),
    );
    expect(pixel(gray.images[gray.layers[0]!.asset!]!, 0, 0)).toEqual([90, 90, 90, 255]);
    const bitmap = template(
      rawPsd({ mode: "bitmap", depth: 1, width: 10, height: 4, composite: (x) => [x < 5 ? 1 : 0] }),
    );
    expect(bitmap.layers.map((l) => l.name)).toEqual(["background"]);
    const png = bitmap.images[bitmap.layers[0]!.asset!]!;
    expect(pixel(png, 1, 1)).toEqual([0, 0, 0, 255]);
    expect(pixel(png, 8, 1)).toEqual([255, 255, 255, 255]);
  });
});

describe("parsePsd refusals", () => {
  const card = buildPsd();
  const patched = (offset: number, write: (b: Buffer) => void) => {
    const copy = Buffer.from(card);
    write(copy.subarray(offset));
    return copy;
  };

  it("has the documented default limits", () => {
    expect(PSD_LIMITS).toMatchObject({
      maxFileBytes: 50 * 1024 * 1024,
      maxSide: 8000,
      maxCanvasPixels: 40_000_000,
    });
    expect(PSD_LIMITS).toMatchObject({ maxLayers: 500, maxDepth: 20 });
  });

  it("refuses files past the size, canvas, layer and pixel limits", () => {
    expect(refusal(card, { maxFileBytes: card.length - 1 })).toMatch(/^The \.psd file is larger than/);
    expect(refusal(patched(18, (b) => b.writeUInt32BE(8001)))).toBe(
      "The canvas is 8001x350 pixels; the limit is 8000 pixels a side and 40000000 pixels in all.",
    );
    expect(refusal(card, { maxCanvasPixels: 250 * 350 - 1 })).toMatch(/^The canvas is 250x350 pixels/);
    expect(refusal(card, { maxLayers: 3 })).toBe("The .psd has more than 3 layers and groups.");
    expect(refusal(card, { maxLayerPixels: 250 * 350 - 1 })).toBe(
      "Layer 'background' is larger than 87499 pixels.",
    );
    expect(refusal(card, { maxDecodedPixels: 250 * 350 + 200 * 150 - 1 })).toBe(
      "The .psd's layers hold more than 117499 pixels in all.",
    );
    // Text layers are not decoded, so they do not count towards the pixels.
    expect(template(card, { maxLayers: 4, maxDecodedPixels: 250 * 350 + 200 * 150 }).layers).toHaveLength(4);
  });

  it("names what to change for formats it cannot read", () => {
    expect(refusal(patched(22, (b) => b.writeUInt16BE(7)))).toBe(
      "The .psd has 7 bits per channel; convert it to 8 Bits/Channel (Image > Mode) and save it again.",
    );
    // ag-psd decodes CMYK at 8 bits only.
    expect(refusal(patched(22, (b) => b.writeUInt32BE((16 << 16) | 4)))).toBe(
      "The .psd has 16 bits per channel; convert it to 8 Bits/Channel (Image > Mode) and save it again.",
    );
    expect(refusal(patched(24, (b) => b.writeUInt16BE(9)))).toBe(
      "The .psd is in Lab Color mode; convert it to RGB Color (Image > Mode) and save it again.",
    );
    expect(refusal(patched(24, (b) => b.writeUInt16BE(8)))).toBe(
      "The .psd is in Duotone mode; convert it to RGB Color (Image > Mode) and save it again.",
    );
    expect(refusal(patched(4, (b) => b.writeUInt16BE(2)))).toMatch(/\(\.psb\) files are not supported/);
  });

  it("refuses a file whose layers hold nothing", () => {
    expect(refusal(psdOf(10, 10, [{ name: "empty" }, { name: "group", children: [] }]))).toBe(
      "The .psd has no layer with any pixels or text inside the canvas.",
    );
  });

  it("refuses what is not a .psd, and never throws on damaged files", async () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from("8BPS"),
      Buffer.from("not a psd at all, just some text that is long enough"),
      await buildWorkbook({ a: [["x"]] }),
      patched(18, (b) => b.writeUInt32BE(0)),
      patched(24, (b) => b.writeUInt16BE(5)),
    ]) {
      expect(refusal(bytes)).toBe(NOT_PSD);
    }
    expect(refusal(card.subarray(0, 200))).toBe(NOT_PSD);

    // Truncations and flipped bytes anywhere past the header: a template or a refusal, never a throw.
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const outcomes = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const copy = Buffer.from(
        card.subarray(0, i % 3 === 0 ? 26 + Math.floor(random() * (card.length - 26)) : card.length),
      );
      for (let k = 0; k < 4; k++) {
        const at = 26 + Math.floor(random() * (copy.length - 26));
        copy[at] = Math.floor(random() * 256);
      }
      const result = parsePsd(copy);
      outcomes.add(
        result.ok
          ? "ok"
          : result.message.startsWith("The") || result.message.startsWith("Layer")
            ? "refused"
            : result.message,
      );
    }
    expect([...outcomes].sort()).toEqual(["ok", "refused"]);
  });
});
