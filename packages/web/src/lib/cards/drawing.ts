import {
  type CardRow,
  fontFaceOf,
  fontFamilyList,
  type RenderableDeck,
  type RenderedLayer,
  renderCard,
  safeFontName,
} from "@tt/engine";
import { checkCss, deckImageUrl, fontFamilyCss, reactStyleKey } from "./policy.js";

/** Photoshop's auto leading: lines 120% of the font size apart. */
const AUTO_LEADING = 1.2;

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * How to draw one card side: the engine's rendered card turned into positioned layers with resolved,
 * checked image urls and safe inline styles. The html stays unsanitised here (sanitising needs a
 * DOM); CardFace sanitises it. Pure, so the viewer, print view, PDF and game table draw alike.
 */

export interface DrawOptions {
  /** The reverse side (rulesRev). */
  rev?: boolean;
  /** Screen px per card px; 1 by default. */
  scale?: number;
  /** Print keeps the bleed; screens crop it. */
  print?: boolean;
}

export type LayerStyle = Record<string, string | number>;

export interface DrawnLayer {
  /** Stable React key: the layer's index and name. */
  key: string;
  name: string;
  /** Checked url of the layer's image, or null. */
  imageUrl: string | null;
  /** Card html to sanitise before it reaches the DOM, or null. */
  html: string | null;
  /** The engine's message for the layer ('Malformed icon variable text.'), drawn on it in every view. */
  notice: string | null;
  /** Position in card px, font and the rules' css (checked), as React style keys. */
  style: LayerStyle;
  /**
   * Point text: the edge or middle of the layer its lines grow from (its alignment), as Photoshop
   * draws it; null for paragraph text and images, whose content fills the layer's box.
   */
  anchor: "left" | "center" | "right" | null;
}

export interface CardDrawing {
  /** The card canvas in card px, bleed included. */
  width: number;
  height: number;
  /** Card px cut from each side: the bleed on screen, 0 in print. */
  crop: number;
  scale: number;
  /** Size of the drawn box in screen px. */
  boxWidth: number;
  boxHeight: number;
  /** Checked url of the flat image that replaces the card, or null. */
  flatImageUrl: string | null;
  /** Visible layers, bottom to top. */
  layers: DrawnLayer[];
  /** The engine's errors, then what the web refused to draw. */
  errors: string[];
}

export function cardDrawing(deck: RenderableDeck, row: CardRow, options: DrawOptions = {}): CardDrawing {
  const card = renderCard(deck, row, { rev: options.rev === true });
  const scale = options.scale !== undefined && options.scale > 0 ? options.scale : 1;
  const crop =
    options.print === true ? 0 : Math.max(0, Math.min(card.bleed, card.width / 2, card.height / 2));
  const errors = [...card.errors];
  const imageUrl = (name: string | null, what: string): string | null => {
    if (name === null) return null;
    const url = deckImageUrl(deck.assets, name);
    if (url === null) errors.push(`Refused image "${name}" of ${what}.`);
    return url;
  };
  const layers: DrawnLayer[] = [];
  card.layers.forEach((layer, index) => {
    if (!layer.visible) return;
    layers.push({
      key: `${index}:${layer.name}`,
      name: layer.name,
      imageUrl: imageUrl(layer.image, `layer "${layer.name}"`),
      html: layer.html,
      notice: layer.notice,
      style: layerStyle(layer, errors),
      anchor: layer.font?.wrap === false ? anchorOf(layer.font.align) : null,
    });
  });
  return {
    width: card.width,
    height: card.height,
    crop,
    scale,
    boxWidth: (card.width - 2 * crop) * scale,
    boxHeight: (card.height - 2 * crop) * scale,
    flatImageUrl: imageUrl(card.flatImage, "the flat image"),
    layers,
    errors: [...new Set(errors)],
  };
}

function layerStyle(layer: RenderedLayer, errors: string[]): LayerStyle {
  const style: LayerStyle = {
    position: "absolute",
    left: layer.left,
    top: layer.top,
    width: layer.width,
    height: layer.height,
  };
  if (layer.font !== null) {
    const { font } = layer;
    // A .psd names fonts by PostScript name: family, weight and slant come out of it (engine fonts.ts).
    const face = fontFaceOf(font.family);
    // A family list or a quoted name from set_font is the designer's CSS, taken as written.
    // A name with characters no font name has is refused, not cleaned: the designer is told.
    const family = /[,"']/.test(font.family)
      ? fontFamilyCss(font.family)
      : safeFontName(font.family) === font.family.trim()
        ? fontFamilyList(face)
        : null;
    if (family !== null && checkCss("font-family", family).ok) style.fontFamily = family;
    else errors.push(`Refused font "${font.family}" on layer "${layer.name}".`);
    style.fontSize = font.size;
    style.fontWeight = font.weight ?? face.weight;
    style.fontStyle = (font.italic ?? face.italic) ? "italic" : "normal";
    if (font.underline === true) style.textDecoration = "underline";
    style.color = font.color;
    style.textAlign = font.align;
    // Photoshop justifies every line but the last, which keeps the paragraph's start.
    if (font.align === "justify") style.textAlignLast = "left";
    // Unitless, so a rule that changes the size keeps the file's proportion of leading to size.
    style.lineHeight =
      font.size > 0 ? round((font.leading ?? AUTO_LEADING * font.size) / font.size) : AUTO_LEADING;
    if (font.wrap === false) style.whiteSpace = "pre";
  }
  for (const [property, value] of Object.entries(layer.css)) {
    const verdict = checkCss(property, value);
    if (verdict.ok) style[reactStyleKey(verdict.property)] = verdict.value;
    else errors.push(`Refused css "${property}: ${value}" on layer "${layer.name}".`);
  }
  return style;
}

function anchorOf(align: "left" | "center" | "right" | "justify"): "left" | "center" | "right" {
  return align === "justify" ? "left" : align;
}
