import {
  ASSET_EXTENSIONS,
  ASSET_MAX_BYTES,
  ASSET_NAME_PATTERN,
  type ASSET_TYPES,
  DECODE_LIMITS,
  UPLOAD_LIMIT_MESSAGES,
} from "@tt/protocol";
import { type RasterType, type SniffedImage, sniffImage } from "./images";
import { sanitizeSvg } from "./svg";

// The checks an uploaded image passes before it is stored (admin-decks-editor.md sections 5 and 9,
// DESIGN.md security model): a safe file name, an image extension that matches what the bytes really
// are, the size limit, a pixel size every browser can decode (DECODE_LIMITS, read from the headers:
// nothing is decoded here), and SVG rewritten without anything active, the images it carries inside
// held to the same pixel limits. Refusals are values with the text the admin page shows; the route
// turns them into 400 or 413 answers. It runs in an upload worker (work/uploadJobs.ts).

/** Global assets one project may hold. */
export const GLOBAL_ASSETS_MAX = 200;

export type AssetType = (typeof ASSET_TYPES)[number];

/** What projects.global_assets keeps per file name; the bytes live in storage. */
export interface AssetMetadata {
  size: number;
  type: AssetType;
  /** ISO date and time. */
  uploadedAt: string;
  width?: number;
  height?: number;
}

export interface CheckedAsset {
  name: string;
  /** The bytes to store: as uploaded, or the sanitised SVG. */
  bytes: Buffer;
  type: AssetType;
  width?: number;
  height?: number;
}

export interface AssetRefusal {
  status: 400 | 413;
  message: string;
}

export type AssetCheck = { ok: true; asset: CheckedAsset } | ({ ok: false } & AssetRefusal);

const TYPE_OF_EXTENSION: Record<(typeof ASSET_EXTENSIONS)[number], AssetType> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
};
const LABEL: Record<AssetType, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "image/svg+xml": "SVG",
};
const EXTENSION_FOR: Record<RasterType, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
};

const MB = 1024 * 1024;
export const tooBigMessage = (name: string) =>
  `${name} is larger than ${ASSET_MAX_BYTES / MB} MB, the limit for one asset.`;

/** The refusal of a file name outside ASSET_NAME_PATTERN, for images and fonts alike. */
export const badNameMessage = (name: string) =>
  `'${name}' is not an accepted file name: use letters, digits, '.', '_' and '-' only, ` +
  "start with a letter or a digit, and keep it to 120 characters. Rename the file and upload it again.";

/** The file name without any folder a browser or an OS may have put before it, trimmed. */
export function baseName(raw: string): string {
  return raw.replace(/^.*[\\/]/, "").trim();
}

export function checkAssetName(raw: string): { ok: true; name: string } | ({ ok: false } & AssetRefusal) {
  const name = baseName(raw);
  if (!name) return { ok: false, status: 400, message: "A file has no name." };
  if (!ASSET_NAME_PATTERN.test(name)) return { ok: false, status: 400, message: badNameMessage(name) };
  const ext = extensionOf(name);
  if (!ext)
    return {
      ok: false,
      status: 400,
      message: `${name}: only images can be uploaded (${ASSET_EXTENSIONS.join(", ")}).`,
    };
  return { ok: true, name };
}

/** Checks one uploaded file; `raw` is the name the browser sent. */
export function checkAsset(raw: string, bytes: Buffer): AssetCheck {
  const named = checkAssetName(raw);
  if (!named.ok) return named;
  const { name } = named;
  if (bytes.length > ASSET_MAX_BYTES) return { ok: false, status: 413, message: tooBigMessage(name) };
  if (bytes.length === 0) return { ok: false, status: 400, message: `${name} is empty.` };
  const expected = TYPE_OF_EXTENSION[extensionOf(name)!];

  if (expected === "image/svg+xml") {
    const svg = sanitizeSvg(bytes);
    if (!svg.ok) return { ok: false, status: 400, message: `${name} ${svg.message}.` };
    const { svg: clean, ok: _ok, embedded, ...size } = svg;
    for (const inner of embedded) {
      // An image whose size cannot be read cannot be decoded either: only a readable one is held to the limits.
      const image = sniffImage(inner);
      const refusal = image?.width && image.height ? sizeRefusal(`${name}'s embedded image`, image) : null;
      if (refusal) return { ok: false, ...refusal };
    }
    if (clean.length > ASSET_MAX_BYTES) return { ok: false, status: 413, message: tooBigMessage(name) };
    return { ok: true, asset: { name, bytes: clean, type: expected, ...size } };
  }

  const sniffed = sniffImage(bytes);
  if (!sniffed) return { ok: false, status: 400, message: `${name} is not a ${LABEL[expected]} image.` };
  if (sniffed.type !== expected)
    return {
      ok: false,
      status: 400,
      message: `${name} holds a ${LABEL[sniffed.type]} image: give it the ${EXTENSION_FOR[sniffed.type]} extension.`,
    };
  const refusal = sizeRefusal(name, sniffed);
  if (refusal) return { ok: false, ...refusal };
  const { type, width, height } = sniffed;
  return { ok: true, asset: { name, bytes, type, width, height } };
}

/**
 * Whether every browser that shows the image may decode it: its size read from its header, within
 * DECODE_LIMITS, and an animation's frames inside the picture and within the limit together. `what`
 * names the image in the message.
 */
export function sizeRefusal(what: string, image: SniffedImage): AssetRefusal | null {
  const { width, height, frames } = image;
  const label = LABEL[image.type];
  if (!width || !height)
    return { status: 400, message: `${what} is not a readable ${label} image: its size could not be read.` };
  const { imageSide, imagePixels, animationPixels } = DECODE_LIMITS;
  if (width > imageSide || height > imageSide || width * height > imagePixels)
    return { status: 413, message: UPLOAD_LIMIT_MESSAGES.imageTooLarge(what, width, height) };
  if (frames?.outside)
    return {
      status: 400,
      message: `${what} is not a readable ${label} image: a frame reaches outside its ${width}x${height} picture.`,
    };
  if (frames && frames.pixels > animationPixels)
    return {
      status: 413,
      message: UPLOAD_LIMIT_MESSAGES.animationTooLarge(what, frames.count, frames.pixels),
    };
  return null;
}

function extensionOf(name: string): (typeof ASSET_EXTENSIONS)[number] | null {
  const dot = name.lastIndexOf(".");
  const ext = dot >= 0 ? name.slice(dot).toLowerCase() : "";
  return (ASSET_EXTENSIONS as readonly string[]).includes(ext)
    ? (ext as (typeof ASSET_EXTENSIONS)[number])
    : null;
}

export function metadataOf(asset: CheckedAsset, now: Date): AssetMetadata {
  const meta: AssetMetadata = { size: asset.bytes.length, type: asset.type, uploadedAt: now.toISOString() };
  if (asset.width) meta.width = asset.width;
  if (asset.height) meta.height = asset.height;
  return meta;
}
