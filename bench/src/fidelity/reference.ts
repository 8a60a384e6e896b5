import type { FixtureSpec, FontSpec, Rgb, TextLayerSpec } from "./specs";

// The reference renderer: runs inside Chromium (bundled by referenceBundle.ts) and draws each text
// layer of a FixtureSpec with canvas 2D fillText, as Photoshop lays text out, and nothing of our card
// renderer: point text from its anchor (the first baseline's origin), one line per paragraph; box text
// wrapped word by word into its frame, the first baseline one ascent below the frame's top; lines
// 120% of the line's largest size apart (Photoshop's auto leading); justified lines but a paragraph's
// last stretched over their spaces. Runs are drawn piece by piece, so alignment is done here (the
// line's measured width against the anchor or frame) rather than by the canvas's textAlign.
// The bench package is compiled without the DOM's types: the few canvas members used are declared.

interface Metrics {
  width: number;
  fontBoundingBoxAscent: number;
  fontBoundingBoxDescent: number;
}

interface Context2D {
  font: string;
  fillStyle: string;
  textAlign: string;
  textBaseline: string;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): Metrics;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: Canvas, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}

interface Canvas {
  width: number;
  height: number;
  getContext(kind: "2d"): Context2D | null;
}

interface Page {
  document: {
    createElement(tag: "canvas"): Canvas;
    fonts: { load(font: string): Promise<unknown> };
  };
  btoa(binary: string): string;
}

const page = globalThis as unknown as Page;

/** Photoshop's auto leading. */
const AUTO_LEADING = 1.2;

interface Style {
  font: FontSpec;
  size: number;
  color: Rgb;
}

interface Piece {
  text: string;
  style: Style;
  width: number;
  space: boolean;
}

interface Line {
  pieces: Piece[];
  /** Last line of its paragraph: never justified. */
  last: boolean;
  /** Style of the paragraph's first character, for an empty line's height. */
  fallback: Style;
}

export interface DrawnLayer {
  name: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** RGBA, base64. */
  rgba: string;
}

export interface DrawnFixture {
  layers: DrawnLayer[];
  /** The flattened card, RGBA base64, width x height of the spec. */
  composite: string;
}

const cssFont = (s: Style) =>
  `${s.font.italic ? "italic " : ""}${s.font.weight} ${s.size}px "${s.font.family}"`;
const cssColor = (c: Rgb) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;

/** The style of every character: the layer's, replaced run by run. */
function stylesOf(layer: TextLayerSpec): Style[] {
  const base: Style = { font: layer.font, size: layer.size, color: layer.color };
  const styles: Style[] = [];
  for (const run of layer.runs ?? [{ length: layer.text.length }]) {
    const style = {
      font: run.font ?? base.font,
      size: run.size ?? base.size,
      color: run.color ?? base.color,
    };
    for (let i = 0; i < run.length; i++) styles.push(style);
  }
  while (styles.length < layer.text.length) styles.push(base);
  return styles;
}

function canvas(width: number, height: number): { canvas: Canvas; ctx: Context2D } {
  const c = page.document.createElement("canvas");
  c.width = width;
  c.height = height;
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  return { canvas: c, ctx };
}

/** Words and the spaces between them as pieces of one style each, measured. */
function tokens(ctx: Context2D, text: string, styles: Style[], from: number, to: number): Piece[][] {
  const out: Piece[][] = [];
  let i = from;
  while (i < to) {
    const space = text[i] === " ";
    let end = i;
    while (end < to && (text[end] === " ") === space) end++;
    const token: Piece[] = [];
    for (let p = i; p < end; ) {
      const style = styles[p]!;
      let q = p;
      while (q < end && styles[q] === style) q++;
      ctx.font = cssFont(style);
      const part = text.slice(p, q);
      token.push({ text: part, style, width: ctx.measureText(part).width, space });
      p = q;
    }
    out.push(token);
    i = end;
  }
  return out;
}

const widthOf = (pieces: Piece[]) => pieces.reduce((sum, p) => sum + p.width, 0);

function trimEnd(pieces: Piece[]): Piece[] {
  const out = [...pieces];
  while (out.length > 0 && out[out.length - 1]!.space) out.pop();
  return out;
}

/** Point text: a line per paragraph. Box text: words added while the line fits the frame. */
function layout(ctx: Context2D, layer: TextLayerSpec, styles: Style[]): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const paragraph of layer.text.split("\n")) {
    const end = start + paragraph.length;
    const fallback = styles[start] ?? { font: layer.font, size: layer.size, color: layer.color };
    const words = tokens(ctx, layer.text, styles, start, end);
    if (layer.kind === "point" || !layer.box) {
      lines.push({ pieces: trimEnd(words.flat()), last: true, fallback });
    } else {
      let current: Piece[] = [];
      for (const word of words) {
        // A word that would end past the frame starts the next line; the spaces before it end this
        // one and are dropped with its end.
        const wraps =
          word[0]?.space !== true &&
          trimEnd(current).length > 0 &&
          widthOf(current) + widthOf(word) > layer.box.width;
        if (wraps) {
          lines.push({ pieces: trimEnd(current), last: false, fallback });
          current = [...word];
        } else current.push(...word);
      }
      lines.push({ pieces: trimEnd(current), last: true, fallback });
    }
    start = end + 1;
  }
  return lines;
}

function lineMetrics(ctx: Context2D, line: Line): { size: number; ascent: number; descent: number } {
  const styles = line.pieces.length > 0 ? line.pieces.map((p) => p.style) : [line.fallback];
  let size = 0;
  let ascent = 0;
  let descent = 0;
  for (const style of styles) {
    ctx.font = cssFont(style);
    const m = ctx.measureText("Hg");
    size = Math.max(size, style.size);
    ascent = Math.max(ascent, m.fontBoundingBoxAscent);
    descent = Math.max(descent, m.fontBoundingBoxDescent);
  }
  return { size, ascent, descent };
}

function drawLayer(ctx: Context2D, layer: TextLayerSpec): void {
  const styles = stylesOf(layer);
  const lines = layout(ctx, layer, styles);
  const box = layer.kind === "box" ? layer.box : undefined;
  let baseline = layer.y;
  lines.forEach((line, index) => {
    const m = lineMetrics(ctx, line);
    if (index === 0) baseline = box ? layer.y + m.ascent : layer.y;
    else baseline += AUTO_LEADING * m.size;
    // Photoshop does not show a line of a frame that does not fit in it.
    if (box && baseline + m.descent > layer.y + box.height) return;
    const width = widthOf(line.pieces);
    let x: number;
    if (box) {
      const free = box.width - width;
      x = layer.align === "center" ? layer.x + free / 2 : layer.align === "right" ? layer.x + free : layer.x;
    } else {
      x =
        layer.align === "center" ? layer.x - width / 2 : layer.align === "right" ? layer.x - width : layer.x;
    }
    const spaces = line.pieces.filter((p) => p.space).reduce((n, p) => n + p.text.length, 0);
    const stretch =
      box && layer.align === "justify" && !line.last && spaces > 0 ? (box.width - width) / spaces : 0;
    for (const piece of line.pieces) {
      if (piece.space) {
        x += piece.width + stretch * piece.text.length;
        continue;
      }
      ctx.font = cssFont(piece.style);
      ctx.fillStyle = cssColor(piece.style.color);
      ctx.fillText(piece.text, x, baseline);
      x += piece.width;
    }
  });
}

function base64(bytes: Uint8ClampedArray): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return page.btoa(binary);
}

/** The pixels' box (alpha above 0) and its RGBA; undefined for a layer that drew nothing. */
function cropped(ctx: Context2D, name: string, width: number, height: number): DrawnLayer | undefined {
  const { data } = ctx.getImageData(0, 0, width, height);
  let left = width;
  let top = height;
  let right = 0;
  let bottom = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + 1);
      bottom = Math.max(bottom, y + 1);
    }
  }
  if (right <= left) return undefined;
  const w = right - left;
  const h = bottom - top;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const from = ((top + y) * width + left) * 4;
    out.set(data.subarray(from, from + w * 4), y * w * 4);
  }
  return { name, left, top, width: w, height: h, rgba: base64(out) };
}

/** Every text layer on its own transparent canvas, and the card flattened over its background. */
export async function drawFixture(spec: FixtureSpec): Promise<DrawnFixture> {
  const all = spec.layers.flatMap((layer) => stylesOf(layer));
  await Promise.all([...new Set(all.map(cssFont))].map((f) => page.document.fonts.load(f)));
  const flat = canvas(spec.width, spec.height);
  flat.ctx.fillStyle = cssColor(spec.background);
  flat.ctx.fillRect(0, 0, spec.width, spec.height);
  const layers: DrawnLayer[] = [];
  for (const layer of spec.layers) {
    const own = canvas(spec.width, spec.height);
    drawLayer(own.ctx, layer);
    const drawn = cropped(own.ctx, layer.name, spec.width, spec.height);
    if (!drawn) throw new Error(`${spec.file}: layer '${layer.name}' drew nothing`);
    layers.push(drawn);
    flat.ctx.drawImage(own.canvas, 0, 0);
  }
  return { layers, composite: base64(flat.ctx.getImageData(0, 0, spec.width, spec.height).data) };
}
