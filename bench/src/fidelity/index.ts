import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readPsd } from "ag-psd";
import { type CardInput, shootCards } from "./app";
import {
  type Difference,
  decodePng,
  difference,
  encodePng,
  OFF_THRESHOLD,
  onWhite,
  psdComposite,
} from "./compare";
import { makeFixtures, OWN_FIXTURE_DIR } from "./makeFixtures";
import { FIXTURES } from "./specs";

// `npm run bench -- fidelity`: how close our card renderer comes to what the .psd shows. Each file is
// uploaded as a deck's template (one card, no rules) to the real app, its card screenshotted in the
// viewer at scale 1, and compared with the composite image stored in the file. Inputs: the shared
// Photoshop fixtures (text-*.psd first; the others for reference) and the bench's own files
// (makeFixtures.ts: point, box, justified and multi-style text in fonts this machine has, drawn by a
// canvas reference renderer). Prints a table; asserts nothing. See docs/fidelity.md.

const root = path.resolve(import.meta.dirname, "../../..");
const SHARED_DIR = path.join(root, "packages/server/test/fixtures/psd");

interface Input extends CardInput {
  from: "shared" | "ours";
  /** 'point 2, box 1'; empty when the file has no text layer. */
  texts: string;
}

export async function fidelityReport(): Promise<void> {
  const dist = process.env.WEB_DIST ?? path.join(root, "packages/web/dist");
  const browserPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path.join(dist, "index.html"))) {
    console.log(`fidelity: skipped, the web app is not built in ${dist} (npm run build, or set WEB_DIST)`);
    return;
  }
  if (!existsSync(browserPath)) {
    console.log(
      `fidelity: skipped, no Chromium at ${browserPath} (apt-get install chromium, or CHROMIUM_PATH)`,
    );
    return;
  }
  if (FIXTURES.some((f) => !existsSync(path.join(OWN_FIXTURE_DIR, f.file)))) {
    console.log(`fidelity: writing the bench's own .psd files into ${path.relative(root, OWN_FIXTURE_DIR)}`);
    await makeFixtures(browserPath);
  }
  const missing = missingFonts();
  if (missing.length > 0) {
    console.log(
      `fidelity: this machine lacks ${missing.join(", ")}: the bench's own files were drawn with them, so ` +
        "their rows measure the fallback font too (apt-get install fonts-liberation fonts-dejavu-core)",
    );
  }
  // The server process inherits this: it serves that build.
  process.env.WEB_DIST = dist;
  const inputs = [
    ...sharedFiles().map((file) => input(file, "shared" as const)),
    ...FIXTURES.map((f) => input(path.join(OWN_FIXTURE_DIR, f.file), "ours" as const)),
  ];
  const shots = await shootCards(inputs, browserPath);

  const out = process.env.FIDELITY_OUT ?? mkdtempSync(path.join(tmpdir(), "tt-fidelity-"));
  mkdirSync(out, { recursive: true });
  const rows: Row[] = inputs.map((inp, i) => {
    const shot = shots[i]!;
    if (!shot.ok) return { input: inp, note: `upload refused: ${shot.reason}` };
    const expected = psdComposite(inp.bytes);
    const actual = decodePng(shot.png);
    const diff = difference(expected, actual);
    writeFileSync(path.join(out, `${inp.name}.psd.png`), encodePng(onWhite(expected)));
    writeFileSync(path.join(out, `${inp.name}.ours.png`), shot.png);
    writeFileSync(path.join(out, `${inp.name}.diff.png`), encodePng(diff.map));
    const notes: string[] = [];
    if (actual.width !== expected.width || actual.height !== expected.height) {
      notes.push(`drawn ${actual.width}x${actual.height}, compared the overlap`);
    }
    if (shot.problems.length > 0) notes.push(`deck report: ${shot.problems.join(" ")}`);
    return { input: inp, diff, note: notes.join("; ") };
  });
  print(rows, out);
}

/** Families the bench's own files use that fontconfig does not know here. */
function missingFonts(): string[] {
  const listed = spawnSync("fc-list", [":", "family"], { encoding: "utf8" });
  if (listed.status !== 0) return [];
  const have = new Set(listed.stdout.split(/[\n,]/).map((f) => f.trim()));
  const used = FIXTURES.flatMap((f) =>
    f.layers.flatMap((l) => [
      l.font.family,
      ...(l.runs ?? []).flatMap((r) => (r.font ? [r.font.family] : [])),
    ]),
  );
  return [...new Set(used)].filter((family) => !have.has(family));
}

function sharedFiles(): string[] {
  const files = readdirSync(SHARED_DIR).filter((f) => f.endsWith(".psd"));
  // Text first: what the figures are about; the rest show how image layers alone fare.
  const text = files.filter((f) => f.startsWith("text-")).sort();
  return [...text, ...files.filter((f) => !f.startsWith("text-")).sort()].map((f) =>
    path.join(SHARED_DIR, f),
  );
}

function input(file: string, from: Input["from"]): Input {
  const bytes = readFileSync(file);
  const psd = readPsd(bytes, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true });
  const kinds = new Map<string, number>();
  const walk = (layers: typeof psd.children) => {
    for (const layer of layers ?? []) {
      if (layer.children) walk(layer.children);
      else if (layer.text) {
        const kind = layer.text.shapeType === "box" ? "box" : "point";
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
    }
  };
  walk(psd.children);
  return {
    name: path.basename(file, ".psd"),
    bytes,
    width: psd.width,
    height: psd.height,
    from,
    texts: [...kinds].map(([kind, n]) => `${kind} ${n}`).join(", "),
  };
}

interface Row {
  input: Input;
  diff?: Difference;
  note: string;
}

function print(rows: Row[], out: string): void {
  console.log(
    "fidelity: each .psd uploaded as a deck template (1 card, no rules) to the real app; its card shot in the\n" +
      "  admin page's card viewer (scale 1, device scale 1, headless Chromium) against the file's own composite.\n" +
      "  mean |diff|: mean absolute difference over R, G, B of all pixels (0-255), both composited onto white.\n" +
      `  off>${OFF_THRESHOLD}: share of pixels with any channel off by more than ${OFF_THRESHOLD}. Lower is closer; 0 is identical.\n` +
      "  'shared': Photoshop's files (packages/server/test/fixtures/psd); 'ours': bench/fixtures/fidelity, drawn by\n" +
      "  canvas fillText (bench/src/fidelity/reference.ts) in fonts of this machine.",
  );
  const header = ["file", "from", "card", "text layers", "mean |diff|", `off>${OFF_THRESHOLD}`, "note"];
  const cells = rows.map((r) => [
    `${r.input.name}.psd`,
    r.input.from,
    `${r.input.width}x${r.input.height}`,
    r.input.texts || "-",
    r.diff ? r.diff.mean.toFixed(2) : "-",
    r.diff ? `${(100 * r.diff.offShare).toFixed(2)}%` : "-",
    r.note,
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === 4 || c === 5 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  for (const row of cells) console.log(line(row));
  const text = rows.filter((r) => r.diff && r.input.texts !== "");
  if (text.length > 0) {
    const avg = (f: (d: Difference) => number) => text.reduce((s, r) => s + f(r.diff!), 0) / text.length;
    console.log(
      `files with text (${text.length}): mean of mean |diff| ${avg((d) => d.mean).toFixed(2)}, ` +
        `mean off>${OFF_THRESHOLD} ${(100 * avg((d) => d.offShare)).toFixed(2)}%`,
    );
  }
  console.log("the bench's own files:");
  for (const f of FIXTURES) console.log(`  ${f.file}: ${f.about}`);
  console.log(`images per file (<name>.psd.png, .ours.png, .diff.png: darker is further off) in ${out}`);
}
