import { describe, expect, it } from "vitest";
import {
  defaultPdfCardWidthMm,
  MM_PER_PX,
  PDF_WIDTH_STEP_MM,
  PRINT_DELAY_MS,
  PRINT_PX_PER_MM,
  pdfPageSizeMm,
  printScale,
} from "./pdf.js";

describe("print and PDF", () => {
  it("has the spec's constants", () => {
    expect(MM_PER_PX).toBe(0.08467);
    expect(PRINT_PX_PER_MM).toBe(5.6705);
    expect(PRINT_DELAY_MS).toBe(1000);
    expect(PDF_WIDTH_STEP_MM).toBe(0.1);
  });

  it("defaults the card width to pixels x 0.08467, halved, rounded and doubled", () => {
    // 750 x 0.08467 = 63.5025; / 2 = 31.75; round 32; x 2 = 64.
    expect(defaultPdfCardWidthMm(750)).toBe(64);
    // 822 x 0.08467 = 69.6; / 2 = 34.8; round 35; x 2 = 70 (an odd mm is never the default).
    expect(defaultPdfCardWidthMm(822)).toBe(70);
    // 744 x 0.08467 = 62.99; / 2 = 31.497; round 31; x 2 = 62.
    expect(defaultPdfCardWidthMm(744)).toBe(62);
    expect(defaultPdfCardWidthMm(0)).toBe(0);
  });

  it("sizes the page to the card width and the card's ratio", () => {
    expect(pdfPageSizeMm({ w: 750, h: 1050 }, 64)).toEqual({ width: 64, height: 89.6 });
    expect(pdfPageSizeMm({ w: 100, h: 200 }, 63.5)).toEqual({ width: 63.5, height: 127 });
  });

  it("scales .psd pixels to print pixels", () => {
    expect(printScale({ w: 750, h: 1050 }, 64)).toBeCloseTo((64 * 5.6705) / 750);
  });
});
