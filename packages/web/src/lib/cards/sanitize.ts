import { ICON_CLASS } from "@tt/engine";
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import {
  CARD_HTML_ATTRIBUTES,
  CARD_HTML_TAGS,
  filterStyleAttribute,
  ICON_STYLE,
  isIconClass,
} from "./policy.js";

/**
 * Card html through DOMPurify with the card policy (policy.ts): formatting tags only, no scripts or
 * handlers, style attributes filtered declaration by declaration, and <img> kept only as an inline
 * icon whose src (an asset file name, see the engine's iconHtml) resolves to a deck asset url.
 * A separate DOMPurify instance, because hooks are global to an instance and other pages use the default.
 */

/** Maps an icon's src (a deck asset file name) to the url to show, or null to drop the icon. */
export type IconResolver = (src: string) => string | null;

let purifier: Purifier | null = null;
/** The resolver of the sanitize call in progress; sanitize is synchronous, so one slot is enough. */
let currentResolver: IconResolver = () => null;

function cardPurifier(): Purifier | null {
  if (purifier !== null) return purifier;
  if (typeof window === "undefined") return null;
  const instance = DOMPurify(window);
  if (!instance.isSupported) return null;
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (!(node instanceof Element)) return;
    if (node.tagName === "IMG") {
      const url = isIconClass(node.getAttribute("class"))
        ? currentResolver(node.getAttribute("src") ?? "")
        : null;
      if (url === null) {
        node.remove();
        return;
      }
      node.setAttribute("src", url);
      node.setAttribute("class", ICON_CLASS);
      node.setAttribute("style", ICON_STYLE);
      node.setAttribute("draggable", "false");
      return;
    }
    node.removeAttribute("class");
    const style = node.getAttribute("style");
    if (style === null) return;
    const kept = filterStyleAttribute(style);
    if (kept === "") node.removeAttribute("style");
    else node.setAttribute("style", kept);
  });
  purifier = instance;
  return instance;
}

/** Safe html for a card layer. Without a DOM (node) it degrades to the text, escaped. */
export function sanitizeCardHtml(html: string, resolveIcon: IconResolver): string {
  const instance = cardPurifier();
  if (instance === null) return escapeText(html.replace(/<[^>]*>/g, ""));
  currentResolver = resolveIcon;
  try {
    return instance.sanitize(html, {
      ALLOWED_TAGS: [...CARD_HTML_TAGS],
      ALLOWED_ATTR: [...CARD_HTML_ATTRIBUTES],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
    });
  } finally {
    currentResolver = () => null;
  }
}

function escapeText(text: string): string {
  // Entities already in the text stay as they are; only markup characters are escaped.
  return text
    .replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z]+);)/gi, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
