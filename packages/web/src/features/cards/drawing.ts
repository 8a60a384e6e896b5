import { type CardRow, type RenderableDeck, type RenderedLayer, renderCard } from "@tt/engine";
import { checkCss, deckImageUrl, fontFamilyCss, reactStyleKey } from "./policy.js";

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
    const family = fontFamilyCss(layer.font.family);
    if (checkCss("font-family", family).ok) style.fontFamily = family;
    else errors.push(`Refused font "${layer.font.family}" on layer "${layer.name}".`);
    style.fontSize = layer.font.size;
    style.color = layer.font.color;
    style.textAlign = layer.font.align;
  }
  for (const [property, value] of Object.entries(layer.css)) {
    const verdict = checkCss(property, value);
    if (verdict.ok) style[reactStyleKey(verdict.property)] = verdict.value;
    else errors.push(`Refused css "${property}: ${value}" on layer "${layer.name}".`);
  }
  return style;
}
