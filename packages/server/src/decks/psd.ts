import { deckLayerTextSchema } from "@tt/engine";
import {
  type Color,
  getCompositeImageData,
  getLayerImageData,
  initializeCanvas,
  type Layer,
  type PixelData,
  type Psd,
  readPsd,
  type TextStyle,
} from "ag-psd";
import { supportedColorModes } from "ag-psd/dist/psdReader.js";
import { PNG } from "pngjs";
import { z } from "zod";
import { megabytes, type Parsed, refuse } from "./parsed";

// A deck's card template arrives as a Photoshop file (admin-decks-editor.md sections 2, 3 and 7:
// 'a source .psd upload', cardInfo {w, h}, layers, assets). This turns the file into the card size, a
// flat bottom-to-top list of layers with their boxes, and one PNG per image layer. Text layers keep
// their text and style instead of pixels, because the deck's rules replace the text on every card.
// Pure: bytes in, value out; every problem with the file is a refusal value, never a throw.

/** A text layer's text and style: the engine's schema, so what is stored is what every view draws. */
export const deckTextSchema = deckLayerTextSchema;
export type DeckText = z.infer<typeof deckTextSchema>;

export const ASSET_NAME = /^[a-z0-9_.-]+\.png$/;

export const deckLayerSchema = z.object({
  /** The path through the groups: 'Frame/Corners/Top left'. */
  name: z.string(),
  kind: z.enum(["image", "text"]),
  left: z.number().int().nonnegative(),
  top: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Hidden in the file, by itself or by a hidden group; rules may still show it. */
  hidden: z.boolean(),
  /** Image layers: the PNG's file name among the template's images. */
  asset: z.string().regex(ASSET_NAME).optional(),
  text: deckTextSchema.optional(),
});
export type DeckLayer = z.infer<typeof deckLayerSchema>;

export const cardInfoSchema = z.object({ w: z.number().int().positive(), h: z.number().int().positive() });
export type CardInfo = z.infer<typeof cardInfoSchema>;

export interface PsdTemplate {
  cardInfo: CardInfo;
  /** Bottom to top. */
  layers: DeckLayer[];
  /** Asset file name to PNG bytes, one per image layer. */
  images: Record<string, Buffer>;
  /**
   * What could not be kept as the file has it (the upload's warnings, kept with the deck): colours
   * converted, warped text drawn flat.
   */
  notes: string[];
}

export interface PsdLimits {
  maxFileBytes: number;
  /** The canvas's longer side. */
  maxSide: number;
  maxCanvasPixels: number;
  /** Layers and groups together. */
  maxLayers: number;
  /** Groups inside groups. */
  maxDepth: number;
  /** One layer's stored box, which may reach far past the canvas and is decoded whole. */
  maxLayerPixels: number;
  /** All image layers' stored boxes together: the decoding work for the whole file. */
  maxDecodedPixels: number;
}

// DESIGN.md 'Security model': parsers run with caps on pixels. A layer's box is only a claim in the
// header; decoding it allocates width x height x 4 bytes, so every box is checked before any pixel is
// decoded (the structure is read with useRawData, as ag-psd's README advises for untrusted files).
export const PSD_LIMITS: PsdLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxSide: 8_000,
  maxCanvasPixels: 40_000_000,
  maxLayers: 500,
  maxDepth: 20,
  maxLayerPixels: 40_000_000,
  maxDecodedPixels: 200_000_000,
};

export const NOT_PSD = "The file is not a readable .psd file.";
/** Photoshop's own default when a text style leaves the size out (12 pt at 72 dpi). */
const DEFAULT_FONT_SIZE = 12;
const DEFAULT_FONT = "sans-serif";
// Photoshop's placeholder in a text style's font slot; the real font is elsewhere or not recorded.
const PLACEHOLDER_FONTS = new Set(["AdobeInvisFont"]);
const COLOR_MODES: Record<number, string> = {
  0: "Bitmap",
  1: "Grayscale",
  2: "Indexed Color",
  3: "RGB Color",
  4: "CMYK Color",
  7: "Multichannel",
  8: "Duotone",
  9: "Lab Color",
};
const CMYK = 4;
/** Bits per channel each readable colour mode may have (ag-psd decodes CMYK at 8 bits only). */
const READABLE_DEPTHS: Record<number, number[]> = {
  0: [1],
  1: [8, 16, 32],
  2: [8],
  3: [8, 16, 32],
  [CMYK]: [8],
};
export const CMYK_NOTE =
  "The .psd is in CMYK Color mode: its colours were converted to RGB and are approximate; save it in RGB Color (Image > Mode) for exact screen colours.";
export const depthNote = (bits: number) =>
  `The .psd has ${bits} bits per channel: it was reduced to 8 bits, so colours are approximate.`;
export const warpNote = (layer: string) => `Layer '${layer}': warped text is drawn flat.`;

let canvasReady = false;

/**
 * Runs an ag-psd call with console.log silenced. ag-psd prints a line per bad byte of damaged text
 * data straight to console.log, so one crafted upload could write millions of lines to the server's
 * log. The calls are synchronous, so nothing else runs while the log is swapped out.
 */
function quietly<T>(call: () => T): T {
  const log = console.log;
  console.log = () => {};
  try {
    return call();
  } finally {
    console.log = log;
  }
}

/**
 * ag-psd allocates every bitmap through a canvas hook even when asked for plain image data. The server
 * has no canvas: plain RGBA buffers suffice, and anything that really needs a canvas fails loudly.
 * The hook is process-wide, and this one is correct for any other ag-psd user in the process too.
 */
function prepareAgPsd(): void {
  if (canvasReady) return;
  // ag-psd decodes CMYK layers and composites (converting them to RGB) but its reader refuses the mode
  // up front; print designers work in CMYK, so the mode is let in. Process-wide, like the canvas hook.
  if (!supportedColorModes.includes(CMYK)) supportedColorModes.push(CMYK);
  initializeCanvas(
    () => {
      throw new Error("No canvas on the server.");
    },
    (width, height) => ({
      width,
      height,
      data: new Uint8ClampedArray(width * height * 4),
      colorSpace: "srgb",
    }),
  );
  canvasReady = true;
}

/**
 * Reads a card template. Layers of zero size and the groups themselves are left out; a layer reaching
 * past the canvas is clipped to it, and one entirely outside it is left out. A file without any layer
 * (Photoshop saves a lone 'Background' that way) gives its flattened image as one 'background' layer.
 * Layer opacity (the layer's and its groups') is baked into the PNG's alpha; blend modes, masks, clipping
 * and effects are not applied.
 */
export function parsePsd(buffer: Buffer, limits: Partial<PsdLimits> = {}): Parsed<PsdTemplate> {
  try {
    return readTemplate(buffer, { ...PSD_LIMITS, ...limits });
  } catch {
    // A damaged file can give ag-psd's structure shapes its types do not admit; that is a damaged file.
    return refuse(NOT_PSD);
  }
}

function readTemplate(buffer: Buffer, lim: PsdLimits): Parsed<PsdTemplate> {
  if (buffer.length > lim.maxFileBytes)
    return refuse(`The .psd file is larger than ${megabytes(lim.maxFileBytes)}.`);
  const header = headerProblem(buffer, lim);
  if (header) return refuse(header);
  const notes: string[] = [];
  if (buffer.readUInt16BE(24) === CMYK) notes.push(CMYK_NOTE);
  const depth = buffer.readUInt16BE(22);
  if (depth > 8) notes.push(depthNote(depth));

  prepareAgPsd();
  let psd: Psd;
  try {
    // Structure only: pixel data stays compressed until each layer has passed the limits below.
    psd = quietly(() =>
      readPsd(buffer, { useRawData: true, skipThumbnail: true, skipLinkedFilesData: true }),
    );
  } catch {
    return refuse(NOT_PSD);
  }
  const cardInfo = { w: psd.width, h: psd.height };

  const found: Found[] = [];
  const problem = collect(psd.children ?? [], { path: "", hidden: false, opacity: 1, depth: 0 }, found, lim);
  if (problem) return refuse(problem);

  const layers: DeckLayer[] = [];
  const images: Record<string, Buffer> = {};
  for (const item of found) {
    const warp = item.layer.text?.warp?.style;
    if (warp !== undefined && warp !== "none") notes.push(warpNote(item.name));
    const made = templateLayer(item, cardInfo, layers.length);
    if (!made.ok) return made;
    if (!made.value) continue;
    layers.push(made.value.layer);
    if (made.value.png && made.value.layer.asset) images[made.value.layer.asset] = made.value.png;
  }

  if (layers.length === 0) {
    if (found.length > 0 || (psd.children?.length ?? 0) > 0) {
      return refuse("The .psd has no layer with any pixels or text inside the canvas.");
    }
    const composite = compositeTemplate(psd, cardInfo);
    return composite.ok ? { ok: true, value: { ...composite.value, notes } } : composite;
  }
  return { ok: true, value: { cardInfo, layers, images, notes } };
}

/** Checks the fixed 26-byte header before ag-psd reads anything else. */
function headerProblem(buffer: Buffer, lim: PsdLimits): string | undefined {
  if (buffer.length < 26 || buffer.toString("latin1", 0, 4) !== "8BPS") return NOT_PSD;
  const version = buffer.readUInt16BE(4);
  if (version === 2) return "Large Document Format (.psb) files are not supported; save the file as .psd.";
  if (version !== 1) return NOT_PSD;
  const height = buffer.readUInt32BE(14);
  const width = buffer.readUInt32BE(18);
  const depth = buffer.readUInt16BE(22);
  const mode = buffer.readUInt16BE(24);
  if (width === 0 || height === 0) return NOT_PSD;
  if (width > lim.maxSide || height > lim.maxSide || width * height > lim.maxCanvasPixels) {
    return `The canvas is ${width}x${height} pixels; the limit is ${lim.maxSide} pixels a side and ${lim.maxCanvasPixels} pixels in all.`;
  }
  const depths = READABLE_DEPTHS[mode];
  if (!depths) {
    const name = COLOR_MODES[mode];
    if (!name) return NOT_PSD;
    return `The .psd is in ${name} mode; convert it to RGB Color (Image > Mode) and save it again.`;
  }
  if (!depths.includes(depth)) {
    return `The .psd has ${depth} bits per channel; convert it to 8 Bits/Channel (Image > Mode) and save it again.`;
  }
  return undefined;
}

interface Context {
  path: string;
  hidden: boolean;
  opacity: number;
  depth: number;
}

interface Found {
  layer: Layer;
  name: string;
  hidden: boolean;
  opacity: number;
}

/** Flattens the group tree (bottom to top), checking counts, nesting and pixel boxes on the way. */
function collect(
  children: Layer[],
  ctx: Context,
  out: Found[],
  lim: PsdLimits,
  count = { nodes: 0, pixels: 0 },
): string | undefined {
  for (const layer of children) {
    if (++count.nodes > lim.maxLayers) return `The .psd has more than ${lim.maxLayers} layers and groups.`;
    const name = ctx.path ? `${ctx.path}/${layer.name || "Layer"}` : layer.name || "Layer";
    const hidden = ctx.hidden || !!layer.hidden;
    const opacity = ctx.opacity * (layer.opacity ?? 1);
    if (layer.children) {
      if (ctx.depth + 1 > lim.maxDepth)
        return `Groups are nested more than ${lim.maxDepth} deep in the .psd.`;
      const problem = collect(
        layer.children,
        { path: name, hidden, opacity, depth: ctx.depth + 1 },
        out,
        lim,
        count,
      );
      if (problem) return problem;
      continue;
    }
    if (!layer.text) {
      const pixels = boxWidth(layer) * boxHeight(layer);
      if (pixels > lim.maxLayerPixels) return `Layer '${name}' is larger than ${lim.maxLayerPixels} pixels.`;
      count.pixels += pixels;
      if (count.pixels > lim.maxDecodedPixels) {
        return `The .psd's layers hold more than ${lim.maxDecodedPixels} pixels in all.`;
      }
    }
    out.push({ layer, name, hidden, opacity });
  }
  return undefined;
}

function boxWidth(box: { left?: number; right?: number }): number {
  return Math.max(0, (box.right ?? 0) - (box.left ?? 0));
}

function boxHeight(box: { top?: number; bottom?: number }): number {
  return Math.max(0, (box.bottom ?? 0) - (box.top ?? 0));
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function clip(rect: Rect, card: CardInfo): Rect | undefined {
  const left = Math.max(0, rect.left);
  const top = Math.max(0, rect.top);
  const right = Math.min(card.w, rect.right);
  const bottom = Math.min(card.h, rect.bottom);
  return right > left && bottom > top ? { left, top, right, bottom } : undefined;
}

/** One template layer, undefined for a layer left out (empty, or entirely outside the canvas). */
function templateLayer(
  item: Found,
  card: CardInfo,
  index: number,
): Parsed<{ layer: DeckLayer; png?: Buffer } | undefined> {
  const { layer } = item;
  const stored = {
    left: layer.left ?? 0,
    top: layer.top ?? 0,
    right: layer.right ?? 0,
    bottom: layer.bottom ?? 0,
  };
  if (stored.right <= stored.left || stored.bottom <= stored.top) return { ok: true, value: undefined };

  if (layer.text) {
    const text = textOf(layer);
    const box = clip(
      (text.kind === "point" ? pointBox(layer, text, stored) : textBox(layer)) ?? stored,
      card,
    );
    if (!box) return { ok: true, value: undefined };
    return {
      ok: true,
      value: {
        layer: { name: item.name, kind: "text", ...placed(box), hidden: item.hidden, text },
      },
    };
  }

  const box = clip(stored, card);
  if (!box) return { ok: true, value: undefined };
  let pixels: PixelData | undefined;
  try {
    pixels = quietly(() => getLayerImageData(layer));
  } catch {
    return refuse(`Layer '${item.name}' of the .psd could not be read.`);
  } finally {
    // The compressed bytes are no longer needed; nothing keeps a decoded layer beyond its PNG.
    delete layer.rawData;
  }
  if (!pixels) return { ok: true, value: undefined };
  const png = encodePng(
    pixels,
    { left: box.left - stored.left, top: box.top - stored.top },
    box,
    item.opacity,
  );
  if (!png) return refuse(`Layer '${item.name}' of the .psd could not be read.`);
  const asset = assetName(index, item.name);
  return {
    ok: true,
    value: { layer: { name: item.name, kind: "image", ...placed(box), hidden: item.hidden, asset }, png },
  };
}

function placed(box: Rect) {
  return { left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top };
}

function compositeTemplate(psd: Psd, card: CardInfo): Parsed<PsdTemplate> {
  let pixels: PixelData | undefined;
  try {
    pixels = psd.rawCompositeData ? quietly(() => getCompositeImageData(psd)) : undefined;
  } catch {
    return refuse(NOT_PSD);
  }
  const full = { left: 0, top: 0, right: card.w, bottom: card.h };
  const png = pixels && encodePng(pixels, { left: 0, top: 0 }, full, 1);
  if (!png) return refuse("The .psd has no layers and no image.");
  const asset = assetName(0, "background");
  const layer: DeckLayer = { name: "background", kind: "image", ...placed(full), hidden: false, asset };
  return { ok: true, value: { cardInfo: card, layers: [layer], images: { [asset]: png }, notes: [] } };
}

/**
 * The part of the decoded pixels inside the canvas as a PNG, alpha scaled by the opacity; undefined
 * when the decoded data is not the 8-bit RGBA the rest of the code expects.
 */
function encodePng(
  pixels: PixelData,
  offset: { left: number; top: number },
  box: Rect,
  opacity: number,
): Buffer | undefined {
  const data = eightBit(pixels.data);
  if (!data) return undefined;
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  if (offset.left + width > pixels.width || offset.top + height > pixels.height) return undefined;
  if (data.length < pixels.width * pixels.height * 4) return undefined;
  const png = new PNG({ width, height });
  const alpha = Math.min(1, Math.max(0, opacity));
  for (let y = 0; y < height; y++) {
    const from = ((offset.top + y) * pixels.width + offset.left) * 4;
    png.data.set(data.subarray(from, from + width * 4), y * width * 4);
  }
  if (alpha < 1) {
    for (let i = 3; i < png.data.length; i += 4) png.data[i] = Math.round(png.data[i]! * alpha);
  }
  return PNG.sync.write(png);
}

/**
 * Decoded samples as 8-bit RGBA. 16-bit files keep the high byte of each sample; 32-bit files store
 * linear light from 0 to 1, which is brought to sRGB's curve (alpha stays linear). Undefined for
 * anything else.
 */
function eightBit(data: PixelData["data"]): Uint8ClampedArray | Uint8Array | undefined {
  if (data instanceof Uint8ClampedArray || data instanceof Uint8Array) return data;
  if (data instanceof Uint16Array) {
    const out = new Uint8ClampedArray(data.length);
    for (let i = 0; i < data.length; i++) out[i] = data[i]! >> 8;
    return out;
  }
  if (data instanceof Float32Array) {
    const out = new Uint8ClampedArray(data.length);
    for (let i = 0; i < data.length; i++) {
      const v = Math.min(1, Math.max(0, data[i]!));
      out[i] = Math.round(
        255 * (i % 4 === 3 ? v : v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055),
      );
    }
    return out;
  }
  return undefined;
}

/** 'layer-3-frame-art.png': the layer's index keeps it unique, the rest is only a readable hint. */
export function assetName(index: number, name: string): string {
  const hint = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .slice(0, 60)
    .replace(/^[-.]+|[-.]+$/g, "");
  return hint ? `layer-${index}-${hint}.png` : `layer-${index}.png`;
}

/**
 * A paragraph ('box') text layer's box: the frame the designer drew, which is where replaced text
 * must fit; the pixels only cover the sample text. A point text layer has no frame: its pixels are it.
 */
function textBox(layer: Layer): Rect | undefined {
  const text = layer.text;
  const bounds = text?.boxBounds;
  if (text?.shapeType !== "box" || !bounds || bounds.length < 4) return undefined;
  const [xx = 1, xy = 0, yx = 0, yy = 1, tx = 0, ty = 0] = text.transform ?? [];
  const [l = 0, t = 0, r = 0, b = 0] = bounds;
  const corners = [
    [l, t],
    [r, t],
    [l, b],
    [r, b],
  ].map(([x = 0, y = 0]) => [xx * x + yx * y + tx, xy * x + yy * y + ty] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  // Rounded, not floored and ceiled: frames are drawn on whole pixels, and the stored floats carry
  // noise (36.0065 + 128.9935) that would otherwise widen the frame by a pixel.
  const rect = {
    left: Math.round(Math.min(...xs)),
    top: Math.round(Math.min(...ys)),
    right: Math.round(Math.max(...xs)),
    bottom: Math.round(Math.max(...ys)),
  };
  return Object.values(rect).every(Number.isFinite) && rect.right > rect.left && rect.bottom > rect.top
    ? rect
    : undefined;
}

/**
 * Where a point text layer is drawn: from its anchor (the transform's origin: the first line's
 * baseline, at the line's start, middle or end by its alignment), as wide as the sample text's pixels
 * and as tall as its lines. The box is only a starting place: the text never wraps, and a longer text
 * on a card grows from the anchor the way Photoshop grows it.
 */
function pointBox(layer: Layer, text: DeckText, stored: Rect): Rect | undefined {
  const [, , , , tx, ty] = layer.text?.transform ?? [];
  if (tx === undefined || ty === undefined || !Number.isFinite(tx) || !Number.isFinite(ty)) return undefined;
  const width = Math.max(1, stored.right - stored.left);
  const leading = text.leading ?? AUTO_LEADING * text.size;
  const lines = text.value.split("\n");
  const left = text.align === "center" ? tx - width / 2 : text.align === "right" ? tx - width : tx;
  // The CSS line box puts the baseline half the line height plus about a third of the size below its
  // top (ascent less half the ascent-plus-descent, for the usual Latin fonts), and the largest run on
  // the line decides both: the anchor stays on the baseline Photoshop drew.
  const ratio = leading / text.size;
  const largest = largestSize(text, (lines[0] ?? "").length);
  const top = ty - largest * (ratio / 2 + BASELINE_BELOW_MIDDLE);
  const rect = {
    left: Math.round(left),
    top: Math.round(top),
    right: Math.round(left + width),
    bottom: Math.round(top + lines.length * leading),
  };
  return rect.right > rect.left && rect.bottom > rect.top ? rect : undefined;
}

/** The largest size among the runs that cover the first `length` characters (the layer's own if none). */
function largestSize(text: DeckText, length: number): number {
  let largest = text.size;
  let at = 0;
  for (const run of text.runs ?? []) {
    if (at >= Math.max(1, length)) break;
    if (run.length > 0 && run.size !== undefined) largest = Math.max(largest, run.size);
    at += run.length;
  }
  return largest;
}

/** Photoshop's auto leading: 120% of the size. */
const AUTO_LEADING = 1.2;
const BASELINE_BELOW_MIDDLE = 0.345;

/**
 * The text with its style: the first character's as the layer's own (a card rule restyles the whole
 * text anyway), and the style runs after it where they differ (multi-colour, bold words...).
 */
function textOf(layer: Layer): DeckText {
  const text = layer.text!;
  const styleRuns = text.styleRuns ?? [];
  const base = { ...text.style, ...styleRuns[0]?.style };
  const paragraph = { ...text.paragraphStyle, ...text.paragraphStyleRuns?.[0]?.style };
  const [xx = 1, xy = 0, yx = 0, yy = 1] = text.transform ?? [];
  // A scaled text layer keeps its nominal sizes and stores the scale in its transform.
  const det = Math.sqrt(Math.abs(xx * yy - xy * yx));
  const scale = Number.isFinite(det) && det > 0 ? det : 1;
  const sizeOf = (style: TextStyle) => Math.round((style.fontSize ?? DEFAULT_FONT_SIZE) * scale * 100) / 100;
  const font = fontName([
    base.font?.name,
    text.style?.font?.name,
    ...styleRuns.map((r) => r.style.font?.name),
  ]);
  const raw = String(text.text ?? "");
  const out: DeckText = {
    // Photoshop ends lines with '\r'.
    value: lineBreaks(raw),
    font,
    size: sizeOf(base) || DEFAULT_FONT_SIZE,
    color: hexColor(base.fillColor) ?? "#000000",
    align: alignOf(paragraph.justification),
    kind: text.shapeType === "box" ? "box" : "point",
  };
  if (base.autoLeading === false && base.leading !== undefined && base.leading > 0)
    out.leading = Math.round(base.leading * scale * 100) / 100;
  if (base.fauxBold === true) out.bold = true;
  if (base.fauxItalic === true) out.italic = true;
  if (base.underline === true) out.underline = true;

  const runs: NonNullable<DeckText["runs"]> = [];
  let at = 0;
  for (const run of styleRuns.slice(0, MAX_STYLE_RUNS)) {
    if (at >= raw.length) break;
    const part = raw.slice(at, at + Math.max(0, run.length));
    at += part.length;
    const style = { ...text.style, ...run.style };
    const runFont = fontName([style.font?.name]);
    runs.push({
      length: lineBreaks(part).length,
      font: runFont === DEFAULT_FONT ? font : runFont,
      size: sizeOf(style) || out.size,
      color: hexColor(style.fillColor) ?? out.color,
      bold: style.fauxBold === true,
      italic: style.fauxItalic === true,
      underline: style.underline === true,
    });
  }
  // One style throughout (the usual case) needs no runs: the layer's style is the text's.
  const first = runs[0];
  if (first !== undefined && runs.some((r) => !sameStyle(r, first))) out.runs = runs;
  return out;
}

/** More runs than this are drawn in the last run's style: a crafted file cannot make a card huge. */
const MAX_STYLE_RUNS = 500;

function sameStyle(
  a: NonNullable<DeckText["runs"]>[number],
  b: NonNullable<DeckText["runs"]>[number],
): boolean {
  return (
    a.font === b.font &&
    a.size === b.size &&
    a.color === b.color &&
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline
  );
}

function lineBreaks(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** Photoshop's justifications: 'justify-left' and the others justify all lines but the last. */
function alignOf(justification: string | undefined): DeckText["align"] {
  if (justification === undefined) return "left";
  if (justification.startsWith("justify")) return "justify";
  if (justification === "right") return "right";
  if (justification === "center") return "center";
  return "left";
}

function fontName(candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    // The name ends up in CSS: PostScript names are plain ASCII, anything else is dropped.
    const name = candidate
      ?.replace(/[^\w .+-]/g, "")
      .trim()
      .slice(0, 100);
    if (name && !PLACEHOLDER_FONTS.has(name)) return name;
  }
  return DEFAULT_FONT;
}

/** Text colours as ag-psd decodes them: RGB 0-255, float RGB 0-1, CMYK 0-255, or gray as black ink 0-255. */
function hexColor(color: Color | undefined): string | undefined {
  if (!color) return undefined;
  let rgb: [number, number, number];
  if ("r" in color) rgb = [color.r, color.g, color.b];
  else if ("fr" in color) rgb = [color.fr * 255, color.fg * 255, color.fb * 255];
  else if ("c" in color) {
    const k = 1 - color.k / 255;
    rgb = [(1 - color.c / 255) * k * 255, (1 - color.m / 255) * k * 255, (1 - color.y / 255) * k * 255];
  } else if ("k" in color) rgb = [255 - color.k, 255 - color.k, 255 - color.k];
  else return undefined;
  if (!rgb.every(Number.isFinite)) return undefined;
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
