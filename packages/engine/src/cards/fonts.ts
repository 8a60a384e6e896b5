/**
 * Fonts as a .psd names them. Photoshop stores a text style's font by its PostScript name
 * ('ArialMT', 'Arial-BoldItalicMT', 'TimesNewRomanPS-BoldMT', 'OpenSans-SemiBold'), which no browser
 * matches as a font-family: the family, the weight and the style are all in that one name. This reads
 * them out, so a card draws 'Arial' at weight 700 in italics instead of the browser's default serif,
 * and says which generic family to fall back to when the font is neither installed nor uploaded.
 * Pure: the renderer of every view (viewer, table, print, PDF) uses the same answer.
 */

export type GenericFamily = "serif" | "sans-serif" | "monospace" | "cursive";

export interface FontFace {
  /** The family a stylesheet names ('Times New Roman'); the name itself when it has no style part. */
  family: string;
  /** The name as given, when it differs from the family: an uploaded font is also declared under it. */
  postScript: string | null;
  /** CSS weight, 100-900. */
  weight: number;
  italic: boolean;
  generic: GenericFamily;
}

// Style words, longest first so 'ExtraBold' is not read as 'Bold'. The numbers are CSS's named weights.
const WEIGHT_WORDS: [string, number][] = [
  ["extralight", 200],
  ["ultralight", 200],
  ["extrabold", 800],
  ["ultrabold", 800],
  ["semibold", 600],
  ["demibold", 600],
  ["hairline", 100],
  ["regular", 400],
  ["medium", 500],
  ["normal", 400],
  ["heavy", 800],
  ["black", 900],
  ["light", 300],
  ["thin", 100],
  ["book", 400],
  ["roman", 400],
  ["bold", 700],
  ["demi", 600],
  ["plain", 400],
];
const ITALIC_WORDS = ["italic", "oblique", "ital", "it"];
// Vendor suffixes of PostScript names that are not part of the family: Monotype's 'MT' and 'PSMT',
// Adobe's 'PS' ('TimesNewRomanPS-BoldMT').
const VENDOR_SUFFIX = /(PSMT|MT|PS)$/;
// Words a camel-case split would cut in two.
const KEPT_WORDS = ["DejaVu", "McLaren", "FontAwesome"];
const SERIF_HINTS =
  /serif|times|georgia|garamond|minion|baskerville|palatino|cambria|bodoni|caslon|didot|book ?antiqua|century|constantia|merriweather|playfair|lora|crimson|cinzel|trajan|rockwell|courier new/i;
const SANS_HINT = /sans/i;
const MONO_HINTS = /mono|courier|consolas|menlo|inconsolata|code/i;
const SCRIPT_HINTS = /script|brush|hand|comic|marker/i;

/** CSS generic families: never quoted, never split into family and style. */
export const GENERIC_FONT_FAMILIES: ReadonlySet<string> = new Set([
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "ui-serif",
  "ui-sans-serif",
  "ui-monospace",
  "ui-rounded",
]);

/**
 * Family, weight and style of a font name. A PostScript name is split at its hyphen into family and
 * style ('Georgia-BoldItalic'); a name with spaces or a generic name is taken as a family as it is
 * ('Open Sans', 'serif'), at weight 400, upright.
 */
export function fontFaceOf(name: string): FontFace {
  const given = name.trim();
  if (given === "" || GENERIC_FONT_FAMILIES.has(given.toLowerCase())) {
    const generic = (given.toLowerCase() || "sans-serif") as GenericFamily;
    return {
      family: given || "sans-serif",
      postScript: null,
      weight: 400,
      italic: false,
      generic: ["serif", "monospace", "cursive"].includes(generic) ? generic : "sans-serif",
    };
  }
  if (/\s/.test(given) || given.includes(",")) {
    return { family: given, postScript: null, weight: 400, italic: false, generic: genericOf(given) };
  }
  const hyphen = given.indexOf("-");
  const familyPart = (hyphen < 0 ? given : given.slice(0, hyphen)).replace(VENDOR_SUFFIX, "");
  const stylePart = hyphen < 0 ? "" : given.slice(hyphen + 1).replace(VENDOR_SUFFIX, "");
  const style = readStyle(stylePart);
  const family = spaced(familyPart || given);
  return {
    family,
    postScript: family === given ? null : given,
    weight: style.weight,
    italic: style.italic,
    generic: genericOf(family),
  };
}

/**
 * Weight and style from a style part ('BoldItalic', 'SemiBoldIt', 'Black', 'Condensed Bold'). Words it
 * does not know (widths such as 'Condensed', optical sizes) are ignored.
 */
function readStyle(part: string): { weight: number; italic: boolean } {
  let rest = part.toLowerCase().replace(/[\s_]/g, "");
  let weight = 400;
  let italic = false;
  // Italic words end the style part ('BoldItalic', 'LightIt'), so they are read from the end.
  for (const word of ITALIC_WORDS) {
    if (rest.endsWith(word)) {
      italic = true;
      rest = rest.slice(0, -word.length);
      break;
    }
  }
  for (const [word, value] of WEIGHT_WORDS) {
    if (rest.includes(word)) {
      weight = value;
      break;
    }
  }
  return { weight, italic };
}

/** 'TimesNewRoman' -> 'Times New Roman', 'PTSans' -> 'PT Sans', 'DejaVuSerif' -> 'DejaVu Serif'. */
function spaced(name: string): string {
  const kept = new RegExp(`(${KEPT_WORDS.join("|")})`);
  return name
    .split(kept)
    .map((part) =>
      KEPT_WORDS.includes(part)
        ? part
        : part.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2"),
    )
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

function genericOf(family: string): GenericFamily {
  if (MONO_HINTS.test(family)) return "monospace";
  if (SANS_HINT.test(family)) return "sans-serif";
  if (SERIF_HINTS.test(family)) return "serif";
  if (SCRIPT_HINTS.test(family)) return "cursive";
  return "sans-serif";
}

/**
 * The names a stylesheet tries, in order: the PostScript name first (an uploaded font is declared
 * under it too, so it wins over a look-alike installed family), the family, then the generic family.
 * Names are cut to what font names hold, so the list is safe inside a style attribute.
 */
export function fontFamilyList(face: FontFace): string {
  const names = [face.postScript, face.family]
    .filter((n): n is string => n !== null && n !== "" && !GENERIC_FONT_FAMILIES.has(n.toLowerCase()))
    .map((n) => `"${safeFontName(n)}"`);
  return [...new Set(names), face.generic].join(", ");
}

/** A font name with only the characters font names use; quotes, semicolons and braces are dropped. */
export function safeFontName(name: string): string {
  return name
    .replace(/[^\p{L}\p{N} ._+&'-]/gu, "")
    .replace(/'/g, "")
    .trim()
    .slice(0, 100);
}
