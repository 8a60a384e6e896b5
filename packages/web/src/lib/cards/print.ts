import {
  type CardCopy,
  type CardInfo,
  type Deck,
  expandCards,
  PRINT_PX_PER_MM,
  printScale,
} from "@tt/engine";

/** The print preview's content, apart from the DOM: which cards, how large, and the page around them. */

export interface PrintChoice {
  /** 'Save rev': the reverse sides (rulesRev). */
  rev: boolean;
  /** 'Every card only once': one copy of each card. */
  everyCardOnce: boolean;
  /** Printed card width in mm (the full card, bleed included). */
  widthMm: number;
}

/** Every card copy to print, in deck order; cards marked _exclude = x are left out. */
export function printCopies(
  deck: Pick<Deck, "cards">,
  choice: Pick<PrintChoice, "everyCardOnce">,
): CardCopy[] {
  return expandCards(deck, { forPrint: true, everyCardOnce: choice.everyCardOnce });
}

/** Size of one printed card in CSS px (PRINT_PX_PER_MM per mm) and the CardFace scale that gives it. */
export function printCardBox(
  cardInfo: CardInfo,
  widthMm: number,
): { scale: number; width: number; height: number } {
  const scale = printScale(cardInfo, widthMm);
  return { scale, width: widthMm * PRINT_PX_PER_MM, height: cardInfo.h * scale };
}

/** Zero page margins; cards side by side with no gap (the bleed is the cutting margin), never split. */
export const PRINT_STYLESHEET = [
  "@page { margin: 0; }",
  "html, body { margin: 0; padding: 0; background: #fff; }",
  ".print-sheet { display: flex; flex-wrap: wrap; align-content: flex-start; }",
  ".print-card { break-inside: avoid; page-break-inside: avoid; }",
  "img { -webkit-print-color-adjust: exact; print-color-adjust: exact; }",
].join("\n");

/** The print window's whole document around the cards' markup. */
export function printDocumentHtml(title: string, bodyMarkup: string, fontCss = ""): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    // fontCss is deckFontCss's: names and urls are checked there and cannot close the element.
    `<style>${PRINT_STYLESHEET}${fontCss === "" ? "" : `\n${fontCss.replace(/<\//g, "<\\/")}`}</style>`,
    `</head><body>${bodyMarkup}</body></html>`,
  ].join("");
}

export function printTitle(deckName: string, slug?: string): string {
  return slug === undefined || slug === "" ? deckName : `${slug} - ${deckName}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
