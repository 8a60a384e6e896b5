import type { Deck } from "@tt/engine";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { CardFace } from "./CardFace.js";
import { deckFontCss } from "./fonts.js";
import { buildPdf, type PdfPage, pdfPlan, rasterSize } from "./pdf.js";
import type { PrintChoice } from "./print.js";
import { createInliner, rasterizeCard } from "./raster.js";

/**
 * The whole PDF export in the browser: plan the pages, rasterise each distinct card once, assemble.
 * Loaded on demand (pdf-lib and react-dom/server are large), so the admin page stays light.
 */

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportResult {
  pdf: Uint8Array;
  pageCount: number;
  /** Image urls that could not be loaded. */
  missing: string[];
}

/** Throws an AbortError when `signal` is aborted between two cards. */
export async function exportDeckPdf(
  deck: Deck,
  deckName: string,
  choice: PrintChoice,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportResult> {
  const plan = pdfPlan(deck, choice);
  if (plan === null || deck.cardInfo === null) throw new Error("the deck has no card size");
  const size = rasterSize(plan.widthMm, plan.heightMm);
  const scale = size.width / deck.cardInfo.w;
  const inline = createInliner();
  // An SVG drawn as an image loads nothing from outside: the deck's fonts go in as data: URLs too.
  const fontData = new Map<string, string | null>();
  for (const [name, asset] of Object.entries(deck.assets)) {
    if (asset.font !== undefined) fontData.set(name, await inline(asset.url));
  }
  const fontCss = deckFontCss(deck.assets, (name) => fontData.get(name) ?? null);
  const images: Uint8Array[] = [];
  // Cards that draw the same markup (the backs, most often) share one image and one embedded PNG.
  const byMarkup = new Map<string, Uint8Array>();
  const missing = new Set<string>();
  onProgress({ done: 0, total: plan.cards.length });
  for (const card of plan.cards) {
    signal.throwIfAborted();
    const markup = renderToStaticMarkup(
      createElement(CardFace, { deck, row: card.row, rev: choice.rev, scale, print: true }),
    );
    let png = byMarkup.get(markup);
    if (png === undefined) {
      const raster = await rasterizeCard(markup, size.width, size.height, inline, fontCss);
      for (const url of raster.missing) missing.add(url);
      png = raster.png;
      byMarkup.set(markup, png);
    }
    images.push(png);
    onProgress({ done: images.length, total: plan.cards.length });
  }
  signal.throwIfAborted();
  const pages: PdfPage[] = plan.pages.map((card) => ({
    png: images[card] as Uint8Array,
    widthMm: plan.widthMm,
    heightMm: plan.heightMm,
  }));
  return { pdf: await buildPdf(pages, deckName), pageCount: pages.length, missing: [...missing] };
}

/** Saves bytes as a file through a temporary blob URL. */
export function download(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
