// A small, strict XML reader and writer: enough for SVG uploads and S3's list answers, and strict on
// purpose. Anything it does not understand is refused rather than guessed at: document type
// declarations with an internal subset (entity expansion attacks), entities other than the five
// predefined ones and character references, mismatched or unclosed tags, duplicate attributes.
// Comments and processing instructions are read and dropped.

export interface XmlAttribute {
  name: string;
  value: string;
}

export interface XmlElement {
  type: "element";
  name: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
}

export interface XmlText {
  type: "text";
  text: string;
}

export type XmlNode = XmlElement | XmlText;

export class XmlError extends Error {}

const MAX_DEPTH = 200;
const NAME = /[A-Za-z_:\u00C0-\uFFFF][A-Za-z0-9_:.\-\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Parses a whole document and returns its root element; throws XmlError when it is not well-formed. */
export function parseXml(source: string): XmlElement {
  return new Reader(source).document();
}

class Reader {
  private pos = 0;
  constructor(private readonly src: string) {
    if (src.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  document(): XmlElement {
    this.misc(true);
    if (this.src[this.pos] !== "<") this.fail("expected the root element");
    const root = this.elementTree();
    this.misc(false);
    if (this.pos < this.src.length) this.fail("content after the root element");
    return root;
  }

  /** Whitespace, comments, processing instructions and (before the root only) a document type. */
  private misc(prolog: boolean): void {
    for (;;) {
      this.space();
      if (this.startsWith("<!--")) this.comment();
      else if (this.startsWith("<?")) this.instruction();
      else if (prolog && this.startsWith("<!DOCTYPE")) this.doctype();
      else return;
    }
  }

  /** Elements without recursion, so a deeply nested file cannot overflow the stack. */
  private elementTree(): XmlElement {
    const root = this.openTag();
    if (root.selfClosed) return root.element;
    const stack: XmlElement[] = [root.element];
    while (stack.length > 0) {
      const current = stack[stack.length - 1]!;
      if (this.pos >= this.src.length) this.fail(`<${current.name}> is not closed`);
      if (this.startsWith("</")) {
        this.pos += 2;
        const name = this.name();
        this.space();
        this.expect(">");
        if (name !== current.name) this.fail(`</${name}> closes <${current.name}>`);
        stack.pop();
      } else if (this.startsWith("<!--")) this.comment();
      else if (this.startsWith("<?")) this.instruction();
      else if (this.startsWith("<![CDATA[")) {
        const end = this.src.indexOf("]]>", this.pos + 9);
        if (end < 0) this.fail("unclosed CDATA section");
        addText(current, this.src.slice(this.pos + 9, end));
        this.pos = end + 3;
      } else if (this.startsWith("<!")) this.fail("unexpected declaration");
      else if (this.src[this.pos] === "<") {
        if (stack.length >= MAX_DEPTH) this.fail("elements nested too deeply");
        const child = this.openTag();
        current.children.push(child.element);
        if (!child.selfClosed) stack.push(child.element);
      } else {
        let end = this.src.indexOf("<", this.pos);
        if (end < 0) end = this.src.length;
        addText(current, this.decode(this.src.slice(this.pos, end)));
        this.pos = end;
      }
    }
    return root.element;
  }

  private openTag(): { element: XmlElement; selfClosed: boolean } {
    this.expect("<");
    const element: XmlElement = { type: "element", name: this.name(), attributes: [], children: [] };
    for (;;) {
      const before = this.pos;
      this.space();
      if (this.startsWith("/>")) {
        this.pos += 2;
        return { element, selfClosed: true };
      }
      if (this.startsWith(">")) {
        this.pos += 1;
        return { element, selfClosed: false };
      }
      if (this.pos === before) this.fail(`expected an attribute or the end of <${element.name}>`);
      const name = this.name();
      this.space();
      this.expect("=");
      this.space();
      const quote = this.src[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`the value of ${name} is not quoted`);
      const end = this.src.indexOf(quote, this.pos + 1);
      if (end < 0) this.fail(`the value of ${name} is not closed`);
      const raw = this.src.slice(this.pos + 1, end);
      if (raw.includes("<")) this.fail(`'<' in the value of ${name}`);
      if (element.attributes.some((a) => a.name === name)) this.fail(`${name} appears twice`);
      element.attributes.push({ name, value: this.decode(raw) });
      this.pos = end + 1;
    }
  }

  private comment(): void {
    const end = this.src.indexOf("-->", this.pos + 4);
    if (end < 0) this.fail("unclosed comment");
    this.pos = end + 3;
  }

  private instruction(): void {
    const end = this.src.indexOf("?>", this.pos + 2);
    if (end < 0) this.fail("unclosed processing instruction");
    this.pos = end + 2;
  }

  private doctype(): void {
    const end = this.src.indexOf(">", this.pos);
    if (end < 0) this.fail("unclosed document type");
    // An internal subset may declare entities (billion laughs, external files): refused outright.
    if (this.src.slice(this.pos, end).includes("[")) this.fail("document types with declarations");
    this.pos = end + 1;
  }

  private decode(raw: string): string {
    return raw.replace(/&([^;&<\s]*);?/g, (match, ref: string) => {
      if (!match.endsWith(";")) this.fail("a bare '&'");
      if (ref in PREDEFINED) return PREDEFINED[ref]!;
      const code = /^#x[0-9a-fA-F]{1,6}$/.test(ref)
        ? Number.parseInt(ref.slice(2), 16)
        : /^#[0-9]{1,7}$/.test(ref)
          ? Number.parseInt(ref.slice(1), 10)
          : Number.NaN;
      if (Number.isNaN(code)) this.fail(`the entity &${ref}; is not defined`);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        this.fail(`&${ref}; is not a character`);
      return String.fromCodePoint(code);
    });
  }

  private name(): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.src);
    if (!m) this.fail("expected a name");
    this.pos += m[0].length;
    return m[0];
  }

  private space(): void {
    SPACE.lastIndex = this.pos;
    this.pos += SPACE.exec(this.src)?.[0].length ?? 0;
  }

  private expect(text: string): void {
    if (!this.startsWith(text)) this.fail(`expected '${text}'`);
    this.pos += text.length;
  }

  private startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  private fail(why: string): never {
    const line = this.src.slice(0, this.pos).split("\n").length;
    throw new XmlError(`${why} (line ${line})`);
  }
}

function addText(parent: XmlElement, text: string): void {
  if (!text) return;
  const last = parent.children[parent.children.length - 1];
  if (last?.type === "text") last.text += text;
  else parent.children.push({ type: "text", text });
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s: string) =>
  escapeText(s)
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");

/** Writes an element tree back as XML (UTF-8, with a declaration). */
export function serializeXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (node: XmlNode): void => {
    if (node.type === "text") {
      out.push(escapeText(node.text));
      return;
    }
    const attributes = node.attributes.map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`).join("");
    if (node.children.length === 0) {
      out.push(`<${node.name}${attributes}/>`);
      return;
    }
    out.push(`<${node.name}${attributes}>`);
    for (const child of node.children) write(child);
    out.push(`</${node.name}>`);
  };
  write(root);
  return out.join("");
}

/** The local part of a qualified name: 'xlink:href' -> 'href'. */
export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** Direct child elements, optionally with a given (local) name. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (c): c is XmlElement => c.type === "element" && (name === undefined || localName(c.name) === name),
  );
}

/** The concatenated text inside an element (its descendants' text too). */
export function textOf(element: XmlElement): string {
  return element.children.map((c) => (c.type === "text" ? c.text : textOf(c))).join("");
}
