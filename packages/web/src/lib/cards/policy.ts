import { assetUrl, type DeckAsset, GENERIC_FONT_FAMILIES, ICON_CLASS } from "@tt/engine";

/**
 * What a card may put on the page. Card html and css come from a spreadsheet that any designer of the
 * project can edit, and cards are shown to every player, so they are treated as untrusted: these
 * pure checks decide, and sanitize.ts applies them with DOMPurify.
 */

/** Formatting tags a card text may use; everything else is dropped (its text is kept). */
export const CARD_HTML_TAGS = [
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "br",
  "hr",
  "p",
  "div",
  "span",
  "font",
  "center",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tr",
  "td",
  "th",
  "img",
] as const;

/** Attributes kept on those tags; class and src are checked further (only icons keep them). */
export const CARD_HTML_ATTRIBUTES = [
  "style",
  "class",
  "src",
  "alt",
  "data-icon",
  "color",
  "face",
  "size",
  "colspan",
  "rowspan",
] as const;

/** Inline icons are as tall as the text around them. */
export const ICON_STYLE = "height:1em;width:auto;vertical-align:-0.15em";

const PROPERTY_NAME = /^(--[A-Za-z0-9_-]+|-?[a-z][a-z0-9-]*)$/;
/** Properties that run code or bind behaviour in some browser. */
const BLOCKED_PROPERTIES = new Set(["behavior", "-ms-behavior", "-moz-binding"]);
/**
 * Values that load something (url(), image-set(), @import), run code (expression(), javascript:),
 * or could hide one of those (backslash escapes, comments, control characters), or break out of a
 * declaration (; { } < >).
 */
const BLOCKED_VALUE =
  /url\s*\(|image-set\s*\(|(?:^|[^a-z-])image\s*\(|element\s*\(|expression\s*\(|javascript:|vbscript:|@import|\\|\/\*|[;{}<>]/i;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export type CssVerdict = { ok: true; property: string; value: string } | { ok: false; reason: string };

/** Whether one css declaration may be applied, with its property in kebab case and its value trimmed. */
export function checkCss(property: string, value: string): CssVerdict {
  const name = property.trim();
  const text = value.trim();
  if (!PROPERTY_NAME.test(name)) return { ok: false, reason: "bad property" };
  if (BLOCKED_PROPERTIES.has(name.toLowerCase())) return { ok: false, reason: "blocked property" };
  if (BLOCKED_VALUE.test(text) || hasControlCharacter(text) || !quotesBalanced(text))
    return { ok: false, reason: "blocked value" };
  // A fixed or sticky layer could cover the page around the card.
  if (name === "position" && /^(fixed|sticky)$/i.test(text)) return { ok: false, reason: "blocked value" };
  return { ok: true, property: name, value: text };
}

/**
 * A style attribute from card html with only the declarations checkCss accepts. Declarations are
 * split here, not by the browser, so a shorthand carrying a url() is dropped whole instead of
 * leaving its other longhands behind. Every kept value is free of ; { } and quotes are balanced,
 * so joining them cannot make the browser read anything else.
 */
export function filterStyleAttribute(text: string): string {
  const kept: string[] = [];
  for (const declaration of splitDeclarations(text)) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const verdict = checkCss(declaration.slice(0, colon), declaration.slice(colon + 1));
    if (verdict.ok && verdict.value !== "") kept.push(`${verdict.property}:${verdict.value}`);
  }
  return kept.join(";");
}

/** Splits at the semicolons that are outside quotes and parentheses. */
function splitDeclarations(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: string | null = null;
  let depth = 0;
  for (const ch of text) {
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "(") {
      depth++;
    } else if (ch === ")") {
      depth = Math.max(0, depth - 1);
    } else if (ch === ";" && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

function quotesBalanced(text: string): boolean {
  return (text.split('"').length - 1) % 2 === 0 && (text.split("'").length - 1) % 2 === 0;
}

/** React's style key for a kebab-case property: font-weight -> fontWeight, -webkit-x -> WebkitX. */
export function reactStyleKey(property: string): string {
  if (property.startsWith("--")) return property;
  const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  if (property.startsWith("-ms-")) return `ms${camel(property.slice(3))}`;
  if (property.startsWith("-")) {
    const rest = camel(property.slice(1));
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return camel(property);
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/** An image url from deck data, if it may go into an <img src>: http(s), blob:, data:image/, or a path. */
export function safeImageUrl(url: string): string | null {
  const text = url.trim();
  if (text === "") return null;
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return text;
  if (scheme === "http" || scheme === "https" || scheme === "blob") return text;
  if (scheme === "data" && IMAGE_DATA_URL.test(text)) return text;
  return null;
}

/** The url of a deck asset (layer image, flat image or icon file name), if it is safe to show. */
export function deckImageUrl(assets: Record<string, DeckAsset>, name: string): string | null {
  const url = assetUrl(assets, name);
  return url === null ? null : safeImageUrl(url);
}

/** Whether an <img>'s class attribute marks it as an inline card icon (the only images card html keeps). */
export function isIconClass(classAttribute: string | null): boolean {
  return (classAttribute ?? "").split(/\s+/).includes(ICON_CLASS);
}

/** A .psd or set_font family as a css font-family: quoted unless generic or already a list. */
export function fontFamilyCss(family: string): string {
  const name = family.trim();
  if (name === "" || GENERIC_FONT_FAMILIES.has(name.toLowerCase())) return name || "sans-serif";
  if (name.includes(",") || /^["'].*["']$/.test(name)) return name;
  return `"${name.replace(/["\\]/g, "")}"`;
}
