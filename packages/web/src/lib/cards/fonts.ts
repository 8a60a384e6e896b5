import { type DeckAsset, safeFontName } from "@tt/engine";
import { useEffect, useMemo } from "react";

/**
 * A deck's uploaded fonts as @font-face rules, for every view that draws its cards: the viewer and the
 * table (one <style> in the page per deck, useDeckFonts), the print window (in its head) and the PDF
 * (inside each card's SVG, with the fonts inlined). Each font is declared under its family, weight and
 * slant, which is how a card's font list asks for it ('"Arial-BoldMT", "Arial", sans-serif' at 700),
 * and under its PostScript name, which is how a .psd names it, so a font named however the designer
 * likes is still the one the .psd means.
 */

const FORMAT: Record<string, string> = {
  ttf: "truetype",
  otf: "opentype",
  woff: "woff",
  woff2: "woff2",
};

/** A font url that may go inside url("..."): a path, http(s), blob: or a data: font; nothing that ends the string. */
function safeFontUrl(url: string): string | null {
  const text = url.trim();
  if (text === "" || /["'\\()<>\s]/.test(text)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === "http" || scheme === "https" || scheme === "blob") return text;
  if (
    scheme === "data" &&
    /^data:(font\/|application\/(font|x-font|octet-stream|vnd\.ms-opentype))/i.test(text)
  )
    return text;
  return null;
}

/**
 * The rules, in asset-name order. `urlOf` maps a stored url to the one to use (the PDF passes data:
 * URLs); an asset whose url it refuses is left out.
 */
export function deckFontCss(
  assets: Record<string, DeckAsset>,
  urlOf: (name: string, url: string) => string | null = (_, url) => url,
): string {
  const rules: string[] = [];
  for (const name of Object.keys(assets).sort()) {
    const asset = assets[name];
    const font = asset?.font;
    if (asset === undefined || font === undefined) continue;
    const mapped = urlOf(name, asset.url);
    const url = mapped === null ? null : safeFontUrl(mapped);
    if (url === null) continue;
    const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
    const format = FORMAT[ext] === undefined ? "" : ` format("${FORMAT[ext]}")`;
    const weight =
      Number.isInteger(font.weight) && font.weight >= 1 && font.weight <= 1000 ? font.weight : 400;
    const descriptors = `src:url("${url}")${format};font-weight:${weight};font-style:${font.italic ? "italic" : "normal"};font-display:block`;
    for (const family of new Set([font.family, font.postScript].map(safeFontName))) {
      if (family !== "") rules.push(`@font-face{font-family:"${family}";${descriptors}}`);
    }
  }
  return rules.join("\n");
}

const adopted = new Map<string, { element: HTMLStyleElement; users: number }>();

/** Puts the rules in the page's head once, however many cards use them, and takes them out after the last. */
function adoptFontCss(css: string): () => void {
  let entry = adopted.get(css);
  if (entry === undefined) {
    const element = document.createElement("style");
    element.dataset.deckFonts = "";
    element.textContent = css;
    document.head.append(element);
    entry = { element, users: 0 };
    adopted.set(css, entry);
  }
  entry.users++;
  const held = entry;
  return () => {
    held.users--;
    if (held.users === 0) {
      held.element.remove();
      adopted.delete(css);
    }
  };
}

/** Declares a deck's fonts in the page while a card of it is shown. */
export function useDeckFonts(assets: Record<string, DeckAsset>): void {
  const css = useMemo(() => deckFontCss(assets), [assets]);
  useEffect(() => (css === "" ? undefined : adoptFontCss(css)), [css]);
}
