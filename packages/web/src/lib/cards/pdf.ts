import { type CardRow, type Deck, pdfPageSizeMm } from "@tt/engine";
import { PDFDocument, type PDFImage } from "pdf-lib";
import { type PrintChoice, printCopies } from "./print.js";

/**
 * The PDF export, apart from rasterising: which cards become which pages, the pixel size of a card
 * image, and the PDF itself (one page per card, the card image filling the page, no margins).
 */

export const PT_PER_MM = 72 / 25.4;
/** Card images are rendered for 300 dpi print... */
export const RASTER_DPI = 300;
/** ...but no side longer than this, so a big card does not exhaust memory or canvas limits. */
export const RASTER_MAX_SIDE = 3000;

export function mmToPt(mm: number): number {
  return mm * PT_PER_MM;
}

/** Pixel size of a card image for a page of that size in mm. */
export function rasterSize(
  widthMm: number,
  heightMm: number,
  dpi = RASTER_DPI,
  maxSide = RASTER_MAX_SIDE,
): { width: number; height: number } {
  const width = (widthMm / 25.4) * dpi;
  const height = (heightMm / 25.4) * dpi;
  const shrink = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * shrink)),
    height: Math.max(1, Math.round(height * shrink)),
  };
}

export interface PdfPlan {
  widthMm: number;
  heightMm: number;
  /** The distinct cards to rasterise, in deck order. */
  cards: { row: CardRow; index: number }[];
  /** One entry per page: an index into cards (copies share one image). */
  pages: number[];
}

/** The pages of a deck's PDF, or null when the deck has no card size yet (no .psd). */
export function pdfPlan(deck: Pick<Deck, "cards" | "cardInfo">, choice: PrintChoice): PdfPlan | null {
  if (deck.cardInfo === null || !(choice.widthMm > 0)) return null;
  const size = pdfPageSizeMm(deck.cardInfo, choice.widthMm);
  const cards: PdfPlan["cards"] = [];
  const byRow = new Map<number, number>();
  const pages = printCopies(deck, choice).map((copy) => {
    let card = byRow.get(copy.index);
    if (card === undefined) {
      card = cards.length;
      cards.push({ row: copy.row, index: copy.index });
      byRow.set(copy.index, card);
    }
    return card;
  });
  return { widthMm: size.width, heightMm: size.height, cards, pages };
}

export interface PdfPage {
  /** A PNG; pages given the same array share one embedded image. */
  png: Uint8Array;
  widthMm: number;
  heightMm: number;
}

/** Assembles the PDF: one page per entry, sized in mm, the image stretched over the whole page. */
export async function buildPdf(pages: PdfPage[], title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (title !== undefined) pdf.setTitle(title);
  const embedded = new Map<Uint8Array, PDFImage>();
  for (const page of pages) {
    let image = embedded.get(page.png);
    if (image === undefined) {
      image = await pdf.embedPng(page.png);
      embedded.set(page.png, image);
    }
    const width = mmToPt(page.widthMm);
    const height = mmToPt(page.heightMm);
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  // pdf-lib would add a blank page to an empty document; no cards means no pages.
  return pdf.save({ addDefaultPage: false });
}
