import { readFileSync } from "node:fs";
import { createDeflateRaw, deflateSync } from "node:zlib";
import { UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_PSD } from "../../src/decks/psd";
import { NOT_XLSX } from "../../src/decks/xlsx";
import { woff, woff2Bomb } from "../fixtures/fontBombs";
import { buildPsd } from "../fixtures/psdFixture";
import { buildWorkbook } from "../fixtures/xlsxFixture";
import type { Client } from "../harness";
import { GAME, member, png, postForm, type SecurityServer, startSecurityServer } from "./world";

// Uploads (DESIGN.md 'Security model': size and type limits; the xlsx and psd parsers run with caps
// on cells and pixels). The server runs in this process, so its resident memory is this process's:
// a refused bomb must leave it about where it was.

const MB = 1024 * 1024;
const GiB = 1024 * MB;
let server: SecurityServer;
let admin: Client;
let deckId: string;

beforeAll(async () => {
  server = await startSecurityServer();
  admin = await member(server, "uploader", "admin");
  const deck = await admin.post(`/api/projects/create-deck/${GAME}`, { deckName: "uploads" });
  deckId = (deck.json() as { id: string }).id;
}, 120_000);
afterAll(() => server?.close());

const upload = (
  path: string,
  field: string,
  bytes: Buffer,
  filename: string,
  fields: Record<string, string> = {},
) => postForm(admin, path, fields, { [field]: [bytes, filename] });
const dataSheet = (bytes: Buffer, filename = "data.xlsx") =>
  upload(`/api/projects/upload-data-sheet/${GAME}`, "file", bytes, filename);
const psd = (bytes: Buffer) =>
  upload(`/api/update-deck-source-psd/${GAME}`, "psdfile", bytes, "card.psd", { deckId });

/** The server still answers, promptly. */
async function healthy() {
  const started = Date.now();
  expect((await admin.get("/api/pingLogin")).status).toBe(200);
  expect(Date.now() - started).toBeLessThan(2000);
}

/** Resident memory growth while `work` runs, after a collection where the runtime allows one. */
async function rssGrowth(work: () => Promise<void>): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

/** A zip whose one worksheet really inflates to `size` bytes of zeros (deflated streaming, never held). */
async function zipBomb(size: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => deflater.on("end", r));
  const zeros = Buffer.alloc(MB);
  for (let written = 0; written < size; written += MB) {
    if (!deflater.write(zeros)) await new Promise((r) => deflater.once("drain", r));
  }
  deflater.end();
  await done;
  const entries = [
    { name: "xl/workbook.xml", data: Buffer.from("<workbook/>"), stored: true, size: 11 },
    { name: "xl/worksheets/sheet1.xml", data: Buffer.concat(chunks), stored: false, size },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.stored ? 0 : 8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.stored ? 0 : 8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The fixture card template with its header claiming another canvas size. */
function psdClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(buildPsd());
  bytes.writeUInt32BE(height, 14);
  bytes.writeUInt32BE(width, 18);
  return bytes;
}

describe("size limits", () => {
  it("refuses a spreadsheet over 10 MB with the limit in words", async () => {
    const big = Buffer.concat([await buildWorkbook({ data: [["ID"], ["a"]] }), Buffer.alloc(10 * MB + 1)]);
    expect(await dataSheet(big)).toMatchObject({ status: 413, text: "The file is larger than 10 MB." });
    await healthy();
  });

  it("refuses deck images over 10 MB each and 50 MB in one upload", async () => {
    const huge = Buffer.concat([png(), Buffer.alloc(10 * MB)]);
    const one = await upload(`/api/update-deck-assets/${GAME}`, "additional-assets", huge, "huge.png", {
      targetId: deckId,
    });
    expect(one).toMatchObject({ status: 413, text: "The file is larger than 10 MB." });
    const nine = Buffer.concat([png(), Buffer.alloc(9 * MB)]);
    const files = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [
        `additional-assets-${i}`,
        [nine, `part${i}.png`] as [Buffer, string],
      ]),
    );
    const many = await postForm(admin, `/api/update-deck-assets/${GAME}`, { targetId: deckId }, files);
    expect(many).toMatchObject({ status: 413, text: "One upload may hold at most 50 MB: send fewer files." });
    await healthy();
  });

  it("refuses a JSON body over 1 MB", async () => {
    const res = await admin.post(`/api/projects/update-project-info/${GAME}?name=description`, {
      newValue: "x".repeat(MB + 10),
    });
    expect(res.status).toBe(413);
    await healthy();
  });
});

describe("type limits", () => {
  it("refuses files that are not what the route reads, saying what was expected", async () => {
    expect(await dataSheet(png(), "data.xlsx")).toMatchObject({ status: 400, text: NOT_XLSX });
    expect(await dataSheet(Buffer.from("ID,title\nc1,One\n"), "data.csv")).toMatchObject({
      status: 400,
      text: NOT_XLSX,
    });
    expect(await psd(await buildWorkbook({ data: [["ID"]] }))).toMatchObject({ status: 400, text: NOT_PSD });
    const page = Buffer.from("<html><script>alert(1)</script></html>");
    const asset = await postForm(
      admin,
      `/api/projects/${GAME}/upload-assets`,
      {},
      { assets: [page, "page.html"] },
    );
    expect(asset.status).toBe(400);
    expect(asset.text).toMatch(/^page\.html: only images can be uploaded/);
    const disguised = await postForm(
      admin,
      `/api/projects/${GAME}/upload-assets`,
      {},
      { assets: [page, "page.png"] },
    );
    expect(disguised).toMatchObject({ status: 400, text: "page.png is not a PNG image." });
    const deckPage = await upload(`/api/update-deck-assets/${GAME}`, "additional-assets", page, "x.png", {
      targetId: deckId,
    });
    expect(deckPage).toMatchObject({ status: 400, text: "x.png is not a PNG image." });
    await healthy();
  });
});

describe("decompression and pixel bombs", () => {
  it("refuses an .xlsx that inflates to 200 MB without inflating it", async () => {
    const bomb = await zipBomb(200 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    let res: { status: number; text: string } | undefined;
    const growth = await rssGrowth(async () => {
      res = await dataSheet(bomb);
    });
    expect(res).toMatchObject({ status: 400, text: "The file unpacks to more than 50 MB." });
    expect(growth).toBeLessThan(64 * MB);
    // The deck's source sheet takes the same parser through another route.
    const viaDeck = await upload(`/api/update-deck-source-sheet/${GAME}`, "file", bomb, "deck.xlsx", {
      deckId,
      deckName: "uploads",
    });
    expect(viaDeck).toMatchObject({ status: 400, text: "The file unpacks to more than 50 MB." });
    await healthy();
  });

  it("refuses a .psd claiming a 30000 x 30000 canvas before decoding a pixel", async () => {
    let res: { status: number; text: string } | undefined;
    const growth = await rssGrowth(async () => {
      res = await psd(psdClaiming(30_000, 30_000));
    });
    expect(res).toMatchObject({
      status: 400,
      text: "The canvas is 30000x30000 pixels; the limit is 8000 pixels a side and 40000000 pixels in all.",
    });
    expect(growth).toBeLessThan(64 * MB);
    // Within each side but not in all: 7000 x 7000 is 49 million pixels.
    expect((await psd(psdClaiming(7000, 7000))).text).toMatch(/^The canvas is 7000x7000 pixels/);
    await healthy();
  });

  it("refuses font bombs from their headers, in a worker, without unpacking them (issue 36 point 5)", async () => {
    const assets = (bytes: Buffer, name: string) =>
      upload(`/api/update-deck-assets/${GAME}`, "additional-assets", bytes, name, { targetId: deckId });
    // Under 1 kB, and really unpacking to 1 GiB: what the server once decoded on its own thread.
    const bomb = await woff2Bomb(GiB);
    expect(bomb.length).toBeLessThan(1000);
    const zlibTable = woff([{ tag: "name", data: deflateSync(Buffer.alloc(MB)), origLength: GiB }], 1000);
    // A real font first, so the worker has started (and loaded its readers) before memory is measured.
    const font = readFileSync(new URL("../fixtures/fonts/TTBoxes-Italic.woff2", import.meta.url));
    expect((await assets(font, "TTBoxes-Italic.woff2")).status).toBe(200);
    const answers: { status: number; text: string }[] = [];
    const growth = await rssGrowth(async () => {
      answers.push(await assets(bomb, "bomb.woff2"), await assets(zlibTable, "bomb.woff"));
    });
    expect(answers.map(({ status, text }) => ({ status, text }))).toEqual([
      { status: 413, text: UPLOAD_LIMIT_MESSAGES.fontTooLarge("bomb.woff2", GiB) },
      { status: 413, text: UPLOAD_LIMIT_MESSAGES.fontTooLarge("bomb.woff", GiB) },
    ]);
    expect(growth).toBeLessThan(64 * MB);
    await healthy();
  });

  it("refuses images whose headers claim more pixels than the limit, on either asset route", async () => {
    const huge = png();
    huge.writeUInt32BE(100_000, 16); // IHDR width and height: the pixels are never decoded to find out
    huge.writeUInt32BE(100_000, 20);
    const refusal = { status: 413, text: UPLOAD_LIMIT_MESSAGES.imageTooLarge("huge.png", 100_000, 100_000) };
    const global = await postForm(
      admin,
      `/api/projects/${GAME}/upload-assets`,
      {},
      { assets: [huge, "huge.png"] },
    );
    expect(global).toMatchObject(refusal);
    const deck = await upload(`/api/update-deck-assets/${GAME}`, "additional-assets", huge, "huge.png", {
      targetId: deckId,
    });
    expect(deck).toMatchObject(refusal);
    await healthy();
  });

  it("still takes a real card template after the bombs", async () => {
    const ok = await psd(buildPsd());
    expect(ok.status).toBe(200);
  });
});
