import { localName, parseXml, serializeXml, type XmlElement, XmlError, type XmlNode } from "./xml";

// SVG uploads are documents that a browser may run, so they are parsed strictly and rewritten with
// everything active removed (DESIGN.md, security model): scripts and embedded HTML, event handler
// attributes, links anywhere but inside the file, external style sheets and url() references.
// Served files also carry a CSP that forbids scripts (assetRoutes.ts); this is the first line.

export const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";

export type SvgResult =
  | { ok: true; svg: Buffer; width?: number; height?: number }
  | { ok: false; message: string };

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

export function sanitizeSvg(bytes: Buffer): SvgResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: "is not UTF-8 text" };
  }
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    if (err instanceof XmlError) return { ok: false, message: `is not well-formed XML: ${err.message}` };
    throw err;
  }
  const rootNs = namespacesOf(root, new Map([["", SVG_NS]]));
  const rootPrefix = prefixOf(root.name);
  const rootUri = rootNs.get(rootPrefix);
  if (localName(root.name) !== "svg" || (rootUri !== undefined && rootUri !== SVG_NS))
    return { ok: false, message: "has no <svg> root element" };
  // Without its namespace an SVG does not render in an <img>; add it rather than refuse the file.
  if (!rootPrefix && !root.attributes.some((a) => a.name === "xmlns"))
    root.attributes.unshift({ name: "xmlns", value: SVG_NS });
  const clean = cleanElement(
    root,
    new Map([
      ["", SVG_NS],
      ["xlink", XLINK_NS],
    ]),
  );
  if (!clean) return { ok: false, message: "has no <svg> root element" };
  return { ok: true, svg: Buffer.from(serializeXml(clean), "utf8"), ...svgSize(clean) };
}

function cleanElement(element: XmlElement, scope: Map<string, string>): XmlElement | null {
  const ns = namespacesOf(element, scope);
  const name = localName(element.name).toLowerCase();
  // Only SVG elements render; anything in another namespace (HTML, editor metadata) goes.
  if (ns.get(prefixOf(element.name)) !== SVG_NS) return null;
  if (REMOVED.has(name)) return null;
  if (ANIMATIONS.has(name)) {
    const target = element.attributes.find((a) => a.name === "attributeName")?.value ?? "";
    const targetName = localName(target.trim()).toLowerCase();
    if (targetName === "href" || targetName.startsWith("on")) return null;
  }
  const attributes = element.attributes.flatMap((a) => {
    const value = cleanAttribute(a.name, a.value);
    return value === null ? [] : [{ name: a.name, value }];
  });
  const children: XmlNode[] = [];
  for (const child of element.children) {
    if (child.type === "text") {
      children.push(name === "style" ? { type: "text", text: cleanCss(child.text) ?? "" } : child);
    } else if (name !== "style") {
      const kept = cleanElement(child, ns);
      if (kept) children.push(kept);
    }
  }
  return { type: "element", name: element.name, attributes, children };
}

/** The attribute's value to keep, or null to drop it. */
function cleanAttribute(name: string, value: string): string | null {
  const local = localName(name).toLowerCase();
  if (local.startsWith("on")) return null;
  if (name === "xml:base") return null;
  // Browsers ignore control characters and spaces inside a URL scheme ('java\tscript:').
  const squashed = [...value]
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join("")
    .toLowerCase();
  if (/(javascript|vbscript|livescript):/.test(squashed)) return null;
  if (local === "href" || local === "src") return SAFE_HREF.test(value.trim()) ? value : null;
  if (local === "style" || /url\(|@import/.test(squashed)) return cleanCss(value);
  return value;
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

const prefixOf = (name: string) => (name.includes(":") ? name.slice(0, name.indexOf(":")) : "");

/** The namespace bindings in force inside `element`: the parent's plus its own xmlns declarations. */
function namespacesOf(element: XmlElement, parent: Map<string, string>): Map<string, string> {
  let scope = parent;
  for (const a of element.attributes) {
    if (a.name !== "xmlns" && !a.name.startsWith("xmlns:")) continue;
    if (scope === parent) scope = new Map(parent);
    scope.set(a.name === "xmlns" ? "" : a.name.slice(6), a.value);
  }
  return scope;
}

/** Pixel size from width and height (plain or px numbers), else from the viewBox. */
function svgSize(root: XmlElement): { width?: number; height?: number } {
  const attr = (n: string) => root.attributes.find((a) => a.name === n)?.value.trim();
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
