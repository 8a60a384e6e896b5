import { type Attr, DOMParser, type Element, type Node, XMLSerializer } from "@xmldom/xmldom";

// SVG uploads are documents that a browser may run, so they are parsed strictly and rewritten with
// everything active removed (DESIGN.md, security model): scripts and embedded HTML, event handler
// attributes, links anywhere but inside the file, external style sheets and url() references.
// Served files also carry a CSP that forbids scripts (assetRoutes.ts); this is the first line.
//
// Parsing and writing XML is @xmldom/xmldom's (namespace-aware; it never expands entities declared in a
// document type, an unknown entity is an error). What is removed is decided here, in a few rules.
// DOMPurify, which the web app uses, was measured as the alternative and not taken: on the server it
// needs a DOM (jsdom: 29 MB installed, against 0.5 MB for xmldom); on a 4.2 MB drawing of 30,000 groups
// it took 5.4 s through jsdom's XML parser (this file: 0.8 s) and ran out of a 4 GB heap through its
// HTML parser; and it lets http(s) links and images through and leaves CSS url() alone, so the rules
// below would be needed beside it all the same.

export const SVG_NS = "http://www.w3.org/2000/svg";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XLINK_NS = "http://www.w3.org/1999/xlink";

export type SvgResult =
  | {
      ok: true;
      svg: Buffer;
      width?: number;
      height?: number;
      /** The raster images the file carries inside (data: links), decoded from base64, to check their size. */
      embedded: Buffer[];
    }
  | { ok: false; message: string };

/** Deeper than any drawing needs; also bounds the recursion below. */
const MAX_DEPTH = 200;
/** Elements removed with their content: script, embedded documents, HTML and event listeners. */
const REMOVED = new Set([
  "script",
  "foreignobject",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "audio",
  "video",
  "handler",
  "listener",
  "base",
  "link",
  "meta",
]);
/** Animation elements are kept unless they animate a link or an event handler into existence. */
const ANIMATIONS = new Set(["set", "animate", "animatemotion", "animatetransform", "animatecolor"]);
/** Internal references and inline raster images: nothing that leaves the file or runs. */
const SAFE_HREF = /^(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
/** Characters XML 1.0 does not allow, which xmldom lets through (`&#0;`, raw control codes, lone surrogates). */
const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

class Refusal extends Error {}

export function sanitizeSvg(bytes: Buffer): SvgResult {
  let text: string;
  try {
    // Fatal on bad UTF-8; a byte order mark is dropped.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: "is not UTF-8 text" };
  }
  try {
    const root = parseSvg(text);
    const links: string[] = [];
    cleanElement(root, links);
    const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}`;
    const embedded = links.map((link) => Buffer.from(link.slice(link.indexOf(",") + 1), "base64"));
    return { ok: true, svg: Buffer.from(svg, "utf8"), ...svgSize(root), embedded };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, message: err.message };
    throw err;
  }
}

/** The document's root element when it is an SVG document xmldom reads without a single complaint. */
function parseSvg(text: string): Element {
  let problem: string | undefined;
  const parser = new DOMParser({
    // Warnings too (an unquoted attribute value, one without a value): strict, as browsers are with SVG.
    onError: (_level, message, context: { locator?: { lineNumber?: unknown } } | undefined) => {
      const line = context?.locator?.lineNumber;
      problem ??=
        message
          .split("\n")[0]!
          .replace(/^Error constructing the DOM: \w+: /, "")
          .trim() + (typeof line === "number" ? ` (line ${line})` : "");
      throw new Refusal(problem);
    },
    // Hand-written files often use xlink:href without declaring the prefix; the declaration is written in.
    xmlns: { xlink: XLINK_NS },
  });
  let root: Element | null;
  let internalSubset: string | undefined;
  try {
    // As image/svg+xml, elements without a namespace are SVG (an SVG without its xmlns does not render in
    // an <img>: the serializer writes the declaration in rather than the file being refused).
    const document = parser.parseFromString(text, "image/svg+xml");
    root = document.documentElement;
    internalSubset = document.doctype?.internalSubset ?? undefined;
  } catch (err) {
    if (problem !== undefined) throw new Refusal(`is not well-formed XML: ${problem}`);
    throw err;
  }
  // Declarations (entities: billion laughs, external files) are never expanded by xmldom; refused anyway.
  if (internalSubset?.trim()) throw new Refusal("has a document type with declarations, which is refused");
  if (root?.localName !== "svg" || root.namespaceURI !== SVG_NS)
    throw new Refusal("has no <svg> root element");
  checkDepthAndCharacters(root);
  return root;
}

/** Without recursion, so that a file of a million nested groups is refused rather than overflowing. */
function checkDepthAndCharacters(root: Element): void {
  const stack: [Node, number][] = [[root, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (node.nodeType === ELEMENT_NODE) {
      if (depth > MAX_DEPTH) throw new Refusal("is not well-formed XML: elements nested too deeply");
      for (const a of Array.from((node as Element).attributes)) checkCharacters(a.value);
      for (const child of Array.from(node.childNodes)) stack.push([child, depth + 1]);
    } else if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      checkCharacters(node.nodeValue ?? "");
    }
  }
}

function checkCharacters(value: string): void {
  const bad = NOT_XML_CHAR.exec(value);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw new Refusal(`is not well-formed XML: the character U+${code} is not allowed`);
  }
}

/**
 * Cleans `element` in place: the caller has checked that it is an SVG element worth keeping. The
 * data: links kept are added to `links`.
 */
function cleanElement(element: Element, links: string[]): void {
  for (const a of Array.from(element.attributes)) {
    const value = cleanAttribute(a, links);
    if (value === null) element.removeAttributeNode(a);
    else if (value !== a.value) element.setAttributeNS(a.namespaceURI, a.name, value);
  }
  const document = element.ownerDocument!;
  if ((element.localName ?? "").toLowerCase() === "style") {
    // Style sheet text (CDATA included), with its references cleaned; nothing else stays inside.
    const css = cleanCss(element.textContent ?? "") ?? "";
    while (element.firstChild) element.removeChild(element.firstChild);
    if (css) element.appendChild(document.createTextNode(css));
    return;
  }
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === ELEMENT_NODE) {
      if (isKept(child as Element)) cleanElement(child as Element, links);
      else element.removeChild(child);
    } else if (child.nodeType === CDATA_SECTION_NODE) {
      element.replaceChild(document.createTextNode(child.nodeValue ?? ""), child);
    } else if (child.nodeType !== TEXT_NODE) {
      element.removeChild(child); // comments, processing instructions
    }
  }
}

function isKept(element: Element): boolean {
  const name = (element.localName ?? "").toLowerCase();
  // Only SVG elements render; anything in another namespace (HTML, editor metadata) goes.
  if (element.namespaceURI !== SVG_NS || REMOVED.has(name)) return false;
  if (!ANIMATIONS.has(name)) return true;
  const target = (element.getAttribute("attributeName") ?? "").trim();
  const targetName = target.slice(target.indexOf(":") + 1).toLowerCase();
  return targetName !== "href" && !targetName.startsWith("on");
}

/** The attribute's value to keep, or null to drop it; a kept data: link is added to `links`. */
function cleanAttribute(a: Attr, links: string[]): string | null {
  if (a.namespaceURI === XMLNS_NS) return a.value;
  const local = (a.localName ?? a.name).toLowerCase();
  if (local.startsWith("on")) return null;
  if (a.namespaceURI === XML_NS && local === "base") return null;
  // Browsers ignore control characters and spaces inside a URL scheme ('java\tscript:').
  const squashed = [...a.value]
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join("")
    .toLowerCase();
  if (/(javascript|vbscript|livescript):/.test(squashed)) return null;
  if (local === "href" || local === "src") {
    const link = a.value.trim();
    if (!SAFE_HREF.test(link)) return null;
    if (!link.startsWith("#")) links.push(link);
    return a.value;
  }
  if (local === "style" || /url\(|@import/.test(squashed)) return cleanCss(a.value);
  return a.value;
}

/**
 * CSS with only internal references: url(#id) stays, any other url() becomes none, @import goes. CSS
 * escapes could spell 'url' in disguise, so CSS holding a backslash is dropped whole.
 */
function cleanCss(css: string): string | null {
  if (css.includes("\\")) return null;
  return css
    .replace(/@import[^;]*;?/gi, "")
    .replace(/url\(\s*(['"]?)([^)]*?)\1\s*\)/gi, (match, _q: string, target: string) =>
      target.trim().startsWith("#") ? match : "none",
    );
}

/** Pixel size from width and height (plain or px numbers), else from the viewBox. */
function svgSize(root: Element): { width?: number; height?: number } {
  const attr = (n: string) => root.getAttribute(n)?.trim();
  const px = (v: string | undefined) => {
    const m = v ? /^(\d+(?:\.\d+)?)(px)?$/.exec(v) : null;
    return m ? Math.round(Number(m[1])) : undefined;
  };
  const width = px(attr("width"));
  const height = px(attr("height"));
  if (width && height) return { width, height };
  const box = attr("viewBox")
    ?.split(/[\s,]+/)
    .map(Number)
    .filter((n) => Number.isFinite(n));
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0)
    return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  return {};
}
