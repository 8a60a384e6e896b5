import { type DeckFont, safeFontName } from "@tt/engine";
import { ASSET_NAME_PATTERN, DECODE_LIMITS, FONT_EXTENSIONS, UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
import * as fontkit from "fontkit";
import { type AssetRefusal, badNameMessage, baseName } from "../storage/assetCheck";
import { unpackedFontSize } from "./fontSize";

// A designer's font, uploaded with a deck's assets (admin-decks-editor.md section 7, issue 18): the
// card layers name fonts by the PostScript name the .psd stores, so the file's own tables say which
// family, weight and slant it is and under which names every view declares it (engine fonts.ts). The
// bytes are checked to be the kind of font the extension says, what a WOFF or WOFF2 unpacks to is
// checked from its headers (fontSize.ts: fontkit allocates what they declare), and then it is read
// with fontkit; what a browser does with a font it loads (its own sanitiser) is the browser's second line.

export type FontType = "font/ttf" | "font/otf" | "font/woff" | "font/woff2";

export interface CheckedFont {
  name: string;
  bytes: Buffer;
  type: FontType;
  font: DeckFont;
}

export type FontCheck = { ok: true; asset: CheckedFont } | ({ ok: false } & AssetRefusal);

const TYPE_OF_EXTENSION: Record<(typeof FONT_EXTENSIONS)[number], FontType> = {
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

/** Whether a file name is a font's: such uploads are checked here, images by checkAsset. */
export function isFontName(name: string): boolean {
  return extensionOf(name) !== null;
}

function extensionOf(name: string): (typeof FONT_EXTENSIONS)[number] | null {
  const dot = name.lastIndexOf(".");
  const ext = dot >= 0 ? name.slice(dot).toLowerCase() : "";
  return (FONT_EXTENSIONS as readonly string[]).includes(ext)
    ? (ext as (typeof FONT_EXTENSIONS)[number])
    : null;
}

/** The container a font's first four bytes announce. */
function sniffFont(bytes: Buffer): FontType | "collection" | null {
  if (bytes.length < 12) return null;
  const tag = bytes.toString("latin1", 0, 4);
  if (tag === "wOF2") return "font/woff2";
  if (tag === "wOFF") return "font/woff";
  if (tag === "OTTO") return "font/otf";
  if (tag === "ttcf") return "collection";
  if (tag === "true" || bytes.readUInt32BE(0) === 0x00010000) return "font/ttf";
  return null;
}

const LABEL: Record<FontType, string> = {
  "font/ttf": "TrueType (.ttf)",
  "font/otf": "OpenType (.otf)",
  "font/woff": "WOFF (.woff)",
  "font/woff2": "WOFF2 (.woff2)",
};

const collectionMessage = (name: string) =>
  `${name} is a font collection: upload each font of it as its own .ttf or .otf file.`;
const damagedMessage = (name: string) => `${name} is a damaged font: it could not be read.`;

export function checkFont(raw: string, bytes: Buffer, maxBytes: number): FontCheck {
  const name = baseName(raw);
  if (!ASSET_NAME_PATTERN.test(name)) return { ok: false, status: 400, message: badNameMessage(name) };
  const ext = extensionOf(name);
  if (ext === null) return { ok: false, status: 400, message: `${name} is not a font file.` };
  if (bytes.length > maxBytes)
    return { ok: false, status: 413, message: `${name} is larger than ${maxBytes / 1024 / 1024} MB.` };
  const sniffed = sniffFont(bytes);
  if (sniffed === "collection") return { ok: false, status: 400, message: collectionMessage(name) };
  const expected = TYPE_OF_EXTENSION[ext];
  // TrueType and OpenType outlines both live in the same container; either extension is fine for either.
  const sfnt = (t: FontType | null) => t === "font/ttf" || t === "font/otf";
  if (sniffed === null || (sniffed !== expected && !(sfnt(sniffed) && sfnt(expected))))
    return { ok: false, status: 400, message: `${name} is not a ${LABEL[expected]} font.` };
  // Before fontkit decodes anything: what the headers say the tables unpack to.
  const size = unpackedFontSize(bytes);
  if (!size.ok)
    return {
      ok: false,
      status: 400,
      message: size.problem === "collection" ? collectionMessage(name) : damagedMessage(name),
    };
  if (size.unpackedBytes > DECODE_LIMITS.fontBytes)
    return { ok: false, status: 413, message: UPLOAD_LIMIT_MESSAGES.fontTooLarge(name, size.unpackedBytes) };

  let font: fontkit.Font;
  try {
    const made = fontkit.create(bytes);
    if (!("postscriptName" in made)) throw new Error("collection");
    font = made;
  } catch {
    return { ok: false, status: 400, message: damagedMessage(name) };
  }
  // fontkit reads tables lazily: a damaged table directory shows as a font without names.
  const meta = fontMetadata(font, name);
  if (meta === null) return { ok: false, status: 400, message: damagedMessage(name) };
  return { ok: true, asset: { name, bytes, type: expected, font: meta } };
}

/** Names from the font's name table (typographic family first), weight from OS/2, slant from either. */
function fontMetadata(font: fontkit.Font, fileName: string): DeckFont | null {
  const read = <T>(get: () => T): T | undefined => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
  const postScript = safeFontName(read(() => font.postscriptName) ?? "");
  const family = safeFontName(
    read(() => font.getName("preferredFamily", "en")) ?? read(() => font.familyName) ?? "",
  );
  if (postScript === "" && family === "") return null;
  const os2 = read(() => font["OS/2"]);
  const weightClass = Number(os2?.usWeightClass);
  const weight = Number.isInteger(weightClass) && weightClass >= 1 && weightClass <= 1000 ? weightClass : 400;
  const italicAngle = Number(read(() => font.italicAngle) ?? 0);
  const italic = os2?.fsSelection?.italic === true || (Number.isFinite(italicAngle) && italicAngle !== 0);
  return {
    family: family || postScript,
    postScript: postScript || safeFontName(fileName.replace(/\.[^.]+$/, "")),
    weight,
    italic,
  };
}
