import { svgDataUrl, svgDocument } from "./svg.js";

/**
 * Card markup -> PNG in the browser: the markup goes into an SVG <foreignObject>, the SVG is drawn
 * onto a canvas, the canvas is encoded as PNG. An SVG drawn as an image may load nothing from
 * outside, and a canvas that drew a cross-origin image cannot be read back, so every image is
 * first inlined as a data: URL. Page web fonts are not available inside the SVG either: the deck's
 * uploaded fonts come in as @font-face rules with data: URLs.
 */

/** Turns an image url into a data: URL (null when it cannot be loaded). */
export type Inliner = (url: string) => Promise<string | null>;

/** An inliner that fetches each url once; a deck reuses its backgrounds and icons on every card. */
export function createInliner(): Inliner {
  const cache = new Map<string, Promise<string | null>>();
  return (url) => {
    let pending = cache.get(url);
    if (pending === undefined) {
      pending = toDataUrl(url);
      cache.set(url, pending);
    }
    return pending;
  };
}

async function toDataUrl(url: string): Promise<string | null> {
  if (url.startsWith("data:")) return url;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const blob = await response.blob();
    return await new Promise<string | null>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
      reader.onerror = () => resolve(null);
      reader.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
}

export interface Raster {
  png: Uint8Array;
  /** Image urls that could not be inlined (left blank on the card). */
  missing: string[];
}

/** Draws a card's static markup (CardFace at the target scale) as a width x height PNG. */
export async function rasterizeCard(
  markup: string,
  width: number,
  height: number,
  inline: Inliner,
  /** @font-face rules with data: URLs (deckFontCss), or "". */
  fontCss = "",
): Promise<Raster> {
  // A document without a browsing context: its images do not load and nothing in it runs.
  const doc = document.implementation.createHTMLDocument("");
  const root = doc.createElement("div");
  root.setAttribute("style", `width:${width}px;height:${height}px;overflow:hidden;margin:0`);
  root.innerHTML = markup;
  if (fontCss !== "") {
    const style = doc.createElement("style");
    style.textContent = fontCss;
    root.prepend(style);
  }
  const missing: string[] = [];
  await Promise.all(
    Array.from(root.querySelectorAll("img"), async (img) => {
      const src = img.getAttribute("src") ?? "";
      const data = src === "" ? null : await inline(src);
      if (data === null) {
        missing.push(src);
        img.removeAttribute("src");
      } else {
        img.setAttribute("src", data);
      }
    }),
  );
  const svg = svgDocument(new XMLSerializer().serializeToString(root), width, height);
  const image = await loadImage(svgDataUrl(svg));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("no 2d canvas");
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (blob === null) throw new Error("the card image could not be encoded");
  return { png: new Uint8Array(await blob.arrayBuffer()), missing: [...new Set(missing)] };
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("the card could not be drawn"));
    image.src = url;
  });
}
