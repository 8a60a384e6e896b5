import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildPdf, mmToPt, pdfPlan, rasterSize } from "./pdf.js";
import { sampleDeck, TINY_PNG } from "./testkit.js";

const MM_PER_PT = 25.4 / 72;

/** The decoded content stream(s) of a page, as text. */
function pageContent(pdf: PDFDocument, index: number): string {
  const contents = pdf.getPages()[index]?.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  return streams
    .map((stream) =>
      stream instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(stream).decode()) : "",
    )
    .join("\n");
}

describe("pdf plan", () => {
  it("converts mm to PDF points", () => {
    expect(mmToPt(25.4)).toBeCloseTo(72);
    expect(mmToPt(64)).toBeCloseTo(181.417, 3);
  });

  it("renders 300 dpi images, with no side longer than 3000 px", () => {
    expect(rasterSize(25.4, 50.8)).toEqual({ width: 300, height: 600 });
    expect(rasterSize(64, 89.6)).toEqual({ width: 756, height: 1058 });
    expect(rasterSize(300, 150)).toEqual({ width: 3000, height: 1500 });
    expect(rasterSize(0.001, 0.001)).toEqual({ width: 1, height: 1 });
  });

  it("makes one page per printed copy, rasterising each card once", () => {
    const plan = pdfPlan(sampleDeck(), { rev: false, everyCardOnce: false, widthMm: 64 });
    expect(plan?.cards.map((c) => [c.row.ID, c.index])).toEqual([
      ["fox", 0],
      ["elk", 2],
    ]);
    expect(plan?.pages).toEqual([0, 0, 1, 1, 1]);
    expect(plan?.widthMm).toBe(64);
    expect(plan?.heightMm).toBeCloseTo(89.6);
    const once = pdfPlan(sampleDeck(), { rev: true, everyCardOnce: true, widthMm: 64 });
    expect(once?.pages).toEqual([0, 1]);
  });

  it("has no plan without a card size or a width", () => {
    expect(
      pdfPlan(sampleDeck({ cardInfo: null }), { rev: false, everyCardOnce: false, widthMm: 64 }),
    ).toBeNull();
    expect(pdfPlan(sampleDeck(), { rev: false, everyCardOnce: false, widthMm: 0 })).toBeNull();
  });
});

describe("buildPdf", () => {
  it("makes one page per card, sized in mm, with the image covering the page", async () => {
    const other = TINY_PNG.slice();
    const bytes = await buildPdf(
      [
        { png: TINY_PNG, widthMm: 64, heightMm: 89.6 },
        { png: TINY_PNG, widthMm: 64, heightMm: 89.6 },
        { png: other, widthMm: 50, heightMm: 70 },
      ],
      "Goods",
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Goods");
    const sizes = pdf.getPages().map((p) => {
      const { width, height } = p.getSize();
      return [Math.round(width * MM_PER_PT * 100) / 100, Math.round(height * MM_PER_PT * 100) / 100];
    });
    expect(sizes).toEqual([
      [64, 89.6],
      [64, 89.6],
      [50, 70],
    ]);
    // Copies share one embedded image.
    const drawn = new Set(
      pdf.getPages().flatMap((page) => {
        const xObjects = page.node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
        return xObjects === undefined ? [] : xObjects.values().map(String);
      }),
    );
    expect(drawn.size).toBe(2);
    // The page draws the image scaled to the full page from the origin.
    const content = pageContent(pdf, 0);
    expect(content).toMatch(/181\.417\d* 0 0 253\.984\d* 0 0 cm/);
  });

  it("makes an empty document from no pages", async () => {
    const pdf = await PDFDocument.load(await buildPdf([]));
    expect(pdf.getPageCount()).toBe(0);
  });
});
