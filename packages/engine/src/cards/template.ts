import type { CardRow, DeckAsset, DeckLayerText, DeckTextRun } from "./deck.js";
import { type CardErrorCode, MAX_TEMPLATE_OUTPUT } from "./errors.js";
import { fontFaceOf, fontFamilyList } from "./fonts.js";
import { cellText } from "./rows.js";

/**
 * Templates in rule arguments. {column} is replaced by the card row's cell (a missing column reads
 * as ""); in html (set_innerHTML) [icon] also becomes an inline icon of the deck asset of that
 * name. Cells are inserted as written, so a designer may put html in a cell; the web sanitises.
 *
 * Columns are filled first and icons replaced after, so icons typed in a cell ("Gain 2 [coin]")
 * work. Text is malformed when a brace or bracket is unbalanced, nested, empty ("{}") or a stray
 * closer. Malformed text is left unexpanded at the step that failed: the template as written when
 * its own braces are wrong, the filled text without icons when the brackets are wrong. There is no
 * escape for a literal brace: the spec treats every brace and bracket as variable syntax.
 */

/** Class of inline icon markers, for renderers that style or resolve them. */
export const ICON_CLASS = "card-icon";

export interface TemplateProblem {
  code: CardErrorCode;
  value?: string;
}

export interface TemplateOutcome {
  text: string;
  malformed: boolean;
  problems: TemplateProblem[];
}

type Part = { text: string } | { open: "{" | "["; name: string };

const CLOSER = { "{": "}", "[": "]" } as const;

/** Fills {column} only: for arguments that are not html (css values, asset names, sizes...). */
export function fillTemplate(template: string, row: CardRow): TemplateOutcome {
  const parts = splitVariables(template, "{");
  if (parts === null) return malformed(template);
  return capped(join(parts, (p) => cellText(row[p.name])));
}

/** Fills {column}, then turns [icon] into icon markers using the deck's assets. */
export function fillHtml(template: string, row: CardRow, assets: Record<string, DeckAsset>): TemplateOutcome {
  const parts = splitVariables(template, "{[");
  if (parts === null) return malformed(template);
  // Icons stay as "[name]" in the first pass; the second pass also sees icons typed in cells.
  // A line break typed in a cell is a line break on the card, as it is in the sheet.
  const filled = join(parts, (p) => (p.open === "{" ? lineBreaks(cellText(row[p.name])) : `[${p.name}]`));
  const icons = splitVariables(filled, "[");
  if (icons === null) return malformed(filled);
  const problems: TemplateProblem[] = [];
  const html = join(icons, (p) => {
    const file = findAsset(assets, p.name);
    if (file !== null) return iconHtml(p.name, file);
    problems.push({ code: "card/unknown-icon", value: p.name });
    return `[${p.name}]`;
  });
  const outcome = capped(html);
  return { ...outcome, problems: [...problems, ...outcome.problems] };
}

function lineBreaks(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "<br>");
}

/** The inline marker for an icon; src is the asset file name, which renderers map to its url. */
export function iconHtml(name: string, file: string): string {
  return `<img class="${ICON_CLASS}" data-icon="${escapeHtml(name)}" src="${escapeHtml(file)}" alt="${escapeHtml(name)}">`;
}

/**
 * The key of the deck asset a rule names: exact, else with ".png" added, else ignoring case and
 * extension, because sheets name icons "coin" while uploads are "Coin.png".
 */
export function findAsset(assets: Record<string, DeckAsset>, name: string): string | null {
  if (Object.hasOwn(assets, name)) return name;
  if (Object.hasOwn(assets, `${name}.png`)) return `${name}.png`;
  const wanted = name.toLowerCase();
  for (const key of Object.keys(assets)) {
    const lower = key.toLowerCase();
    if (lower === wanted || lower.replace(/\.[a-z0-9]+$/, "") === wanted) return key;
  }
  return null;
}

/** The url of a deck asset named by a rendered layer, flat image or icon marker, or null. */
export function assetUrl(assets: Record<string, DeckAsset>, name: string): string | null {
  const key = findAsset(assets, name);
  return key === null ? null : (assets[key]?.url ?? null);
}

/** Plain text (a .psd text layer) as html: escaped, Photoshop's \r line breaks as <br>. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, "<br>");
}

/**
 * A .psd text with its style runs as html: each run that differs from the layer's own style becomes a
 * <span> with only what differs (font, size, colour, bold, italic, underline), so a rule that restyles
 * the layer still reaches the rest. Runs past the text's end are ignored; text past the last run is
 * in the layer's style.
 */
export function styledTextToHtml(text: DeckLayerText): string {
  const runs = text.runs ?? [];
  if (runs.length <= 1) return textToHtml(text.value);
  let html = "";
  let at = 0;
  for (const run of runs) {
    if (at >= text.value.length) break;
    const part = text.value.slice(at, at + run.length);
    at += run.length;
    if (part === "") continue;
    const style = runStyle(run, text);
    html += style === "" ? textToHtml(part) : `<span style="${escapeHtml(style)}">${textToHtml(part)}</span>`;
  }
  return html + textToHtml(text.value.slice(at));
}

function runStyle(run: DeckTextRun, base: DeckLayerText): string {
  const css: string[] = [];
  if (run.font !== undefined && run.font !== base.font) {
    const face = fontFaceOf(run.font);
    css.push(`font-family:${fontFamilyList(face)}`);
    css.push(`font-weight:${run.bold === true ? 700 : face.weight}`);
    css.push(`font-style:${run.italic === true || face.italic ? "italic" : "normal"}`);
  } else {
    if (run.bold !== undefined && run.bold !== (base.bold ?? false))
      css.push(`font-weight:${run.bold ? 700 : fontFaceOf(base.font).weight}`);
    if (run.italic !== undefined && run.italic !== (base.italic ?? false))
      css.push(`font-style:${run.italic ? "italic" : "normal"}`);
  }
  if (run.size !== undefined && run.size !== base.size) css.push(`font-size:${run.size}px`);
  if (run.color !== undefined && run.color.toLowerCase() !== base.color.toLowerCase())
    css.push(`color:${run.color}`);
  if (run.underline !== undefined && run.underline !== (base.underline ?? false))
    css.push(`text-decoration:${run.underline ? "underline" : "none"}`);
  return css.join(";");
}

/** Characters a reader sees: tags dropped, an icon or an entity counts as one. */
export function textLength(html: string): number {
  return html
    .replace(/<img\b[^>]*>/gi, "i")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, "e").length;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Splits text into literals and variables of the given openers; null when malformed. */
function splitVariables(text: string, openers: "{" | "[" | "{["): Part[] | null {
  const parts: Part[] = [];
  let literal = "";
  let open: "{" | "[" | null = null;
  let name = "";
  for (const ch of text) {
    if (ch === "{" || ch === "[") {
      if (!openers.includes(ch)) {
        if (open === null) literal += ch;
        else name += ch;
        continue;
      }
      if (open !== null) return null;
      if (literal !== "") parts.push({ text: literal });
      literal = "";
      open = ch;
      name = "";
    } else if (ch === "}" || ch === "]") {
      const opener = ch === "}" ? "{" : "[";
      if (!openers.includes(opener)) {
        if (open === null) literal += ch;
        else name += ch;
        continue;
      }
      if (open === null || CLOSER[open] !== ch || name.trim() === "") return null;
      parts.push({ open, name: name.trim() });
      open = null;
    } else if (open === null) {
      literal += ch;
    } else {
      name += ch;
    }
  }
  if (open !== null) return null;
  if (literal !== "") parts.push({ text: literal });
  return parts;
}

function join(parts: Part[], variable: (p: { open: "{" | "["; name: string }) => string): string {
  let out = "";
  for (const part of parts) {
    out += "text" in part ? part.text : variable(part);
    // Stop early: the result is cut to the limit anyway, and a huge string costs memory.
    if (out.length > MAX_TEMPLATE_OUTPUT) break;
  }
  return out;
}

function capped(text: string): TemplateOutcome {
  if (text.length <= MAX_TEMPLATE_OUTPUT) return { text, malformed: false, problems: [] };
  return {
    text: text.slice(0, MAX_TEMPLATE_OUTPUT),
    malformed: false,
    problems: [{ code: "card/too-long" }],
  };
}

/** Malformed text is kept as it stands (still capped), with the spec's message first. */
function malformed(text: string): TemplateOutcome {
  const outcome = capped(text);
  return {
    text: outcome.text,
    malformed: true,
    problems: [{ code: "card/malformed-text" }, ...outcome.problems],
  };
}
