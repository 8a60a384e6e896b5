import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Layer, type LayerTextData, readPsd, type TextStyle, writePsdBuffer } from "ag-psd";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";
import type { DrawnFixture } from "./reference";
import { FIXTURES, type FixtureSpec, type Rgb, type TextLayerSpec } from "./specs";

// Writes the fidelity bench's own card templates (specs.ts) as .psd files in bench/fixtures/fidelity:
// a coloured background layer and one text layer per spec layer, each with the text data Photoshop
// stores (text, transform, style, style runs, paragraph style, point or box with its frame) and the
// pixels the reference renderer (reference.ts, canvas 2D in Chromium) drew for it; the composite is
// the reference's flattened card. Our card renderer plays no part in them.
//
//   node --import tsx bench/src/fidelity/makeFixtures.ts     (CHROMIUM_PATH, default /usr/bin/chromium)

export const OWN_FIXTURE_DIR = path.resolve(import.meta.dirname, "../../fixtures/fidelity");

/** reference.ts as one script for the page: its helpers keep no names a bundler would have to add. */
async function referenceScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, "reference.ts")],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "fidelityReference",
    target: "chrome120",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const color = ([r, g, b]: Rgb) => ({ r, g, b });

function textStyle(font: string, size: number, fill: Rgb): TextStyle {
  return {
    font: { name: font },
    fontSize: size,
    fillColor: color(fill),
    autoLeading: true,
    autoKerning: true,
  };
}

/** The layer's text data as Photoshop writes it: every run carries its whole style. */
function textData(layer: TextLayerSpec): LayerTextData {
  const base = textStyle(layer.font.postScript, layer.size, layer.color);
  const data: LayerTextData = {
    text: layer.text,
    transform: [1, 0, 0, 1, layer.x, layer.y],
    antiAlias: "smooth",
    style: base,
    paragraphStyle: { justification: layer.align === "justify" ? "justify-left" : layer.align },
  };
  if (layer.kind === "box" && layer.box) {
    data.shapeType = "box";
    data.boxBounds = [0, 0, layer.box.width, layer.box.height];
  } else {
    data.shapeType = "point";
    data.pointBase = [0, 0];
  }
  if (layer.runs) {
    data.styleRuns = layer.runs.map((run) => ({
      length: run.length,
      style: textStyle((run.font ?? layer.font).postScript, run.size ?? layer.size, run.color ?? layer.color),
    }));
  }
  return data;
}

function solid(width: number, height: number, [r, g, b]: Rgb) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return { width, height, data };
}

const pixels = (width: number, height: number, rgba: string) => ({
  width,
  height,
  data: new Uint8ClampedArray(Buffer.from(rgba, "base64")),
});

export function psdOf(spec: FixtureSpec, drawn: DrawnFixture): Buffer {
  const children: Layer[] = [
    { name: "background", left: 0, top: 0, imageData: solid(spec.width, spec.height, spec.background) },
  ];
  spec.layers.forEach((layer, i) => {
    const d = drawn.layers[i]!;
    children.push({
      name: layer.name,
      left: d.left,
      top: d.top,
      imageData: pixels(d.width, d.height, d.rgba),
      text: textData(layer),
    });
  });
  return writePsdBuffer({
    width: spec.width,
    height: spec.height,
    imageData: pixels(spec.width, spec.height, drawn.composite),
    children,
  });
}

/** What ag-psd reads back differs from what was written: a problem in this script, said loudly. */
function checkRoundTrip(spec: FixtureSpec, bytes: Buffer): void {
  const psd = readPsd(bytes, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true });
  const texts = (psd.children ?? []).filter((l) => l.text);
  spec.layers.forEach((layer, i) => {
    const text = texts[i]?.text;
    const problem =
      text === undefined
        ? "missing"
        : text.text !== layer.text
          ? `text ${JSON.stringify(text.text)}`
          : text.shapeType !== layer.kind
            ? `shape ${text.shapeType}`
            : layer.runs && (text.styleRuns ?? []).reduce((n, r) => n + r.length, 0) < layer.text.length
              ? "style runs shorter than the text"
              : undefined;
    if (problem) throw new Error(`${spec.file}, layer '${layer.name}' read back wrong: ${problem}`);
  });
}

/** Draws every spec in Chromium and writes its .psd; returns the paths written. */
export async function makeFixtures(browserPath: string, dir = OWN_FIXTURE_DIR): Promise<string[]> {
  const script = await referenceScript();
  let browser: Browser | undefined;
  const written: string[] = [];
  try {
    browser = await chromium.launch({ executablePath: browserPath, headless: true });
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    await page.setContent("<!doctype html><title>fidelity reference</title>");
    await page.addScriptTag({ content: script });
    mkdirSync(dir, { recursive: true });
    for (const spec of FIXTURES) {
      const drawn = await page.evaluate(
        (s) => (globalThis as unknown as Reference).fidelityReference.drawFixture(s),
        spec,
      );
      const bytes = psdOf(spec, drawn);
      checkRoundTrip(spec, bytes);
      const file = path.join(dir, spec.file);
      writeFileSync(file, bytes);
      written.push(file);
    }
  } finally {
    await browser?.close();
  }
  return written;
}

interface Reference {
  fidelityReference: { drawFixture(spec: FixtureSpec): Promise<DrawnFixture> };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const files = await makeFixtures(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
  for (const f of files) console.log(`wrote ${path.relative(process.cwd(), f)}`);
}
