import type { CardInfo } from "./deck.js";

/** Print and PDF export of a deck (admin-decks-editor.md section 9). */

/** Millimetres per .psd pixel used for the default PDF card width (300 dpi: 25.4 / 300). */
export const MM_PER_PX = 0.08467;
/** Print scale of the print preview window. */
export const PRINT_PX_PER_MM = 5.6705;
/** Printing starts this long after the print window has loaded, so its images can decode. */
export const PRINT_DELAY_MS = 1000;
/** Step of the PDF card width input, in mm. */
export const PDF_WIDTH_STEP_MM = 0.1;

/**
 * Default PDF card width in mm: pixel width x 0.08467, halved, rounded, doubled, i.e. the nearest
 * even whole millimetre. 750 px: 63.5025 -> 31.75 -> 32 -> 64 mm.
 */
export function defaultPdfCardWidthMm(pixelWidth: number): number {
  return Math.round((pixelWidth * MM_PER_PX) / 2) * 2;
}

/** PDF page size in mm: the card width, and a height that keeps the card's ratio (no margins). */
export function pdfPageSizeMm(cardInfo: CardInfo, widthMm: number): { width: number; height: number } {
  return { width: widthMm, height: (widthMm * cardInfo.h) / cardInfo.w };
}

/** Scale from .psd pixels to print pixels for a card printed widthMm wide. */
export function printScale(cardInfo: CardInfo, widthMm: number): number {
  return (widthMm * PRINT_PX_PER_MM) / cardInfo.w;
}
