// What an uploaded image really is, read from its first bytes (magic numbers) rather than from its name
// or the browser's claim, with its pixel size when the header gives it, and for an animation its
// frames, read from the chunks or blocks that frame them (their pixel data is never decoded). Every
// browser that shows the image decodes what these numbers say, so the size limits are checked on them
// (assetCheck.ts); this runs in an upload worker, and each walk is linear in the file's bytes.

export type RasterType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export interface SniffedImage {
  type: RasterType;
  width?: number;
  height?: number;
  /** An animation's (or a GIF's) frames: how many, all their pixels together. */
  frames?: Frames;
}

export interface Frames {
  count: number;
  pixels: number;
  /** A GIF frame reaches outside the picture's own size (decoders then grow the picture to it). */
  outside: boolean;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImage(b: Buffer): SniffedImage | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const hasHeader = b.length >= 24 && b.toString("latin1", 12, 16) === "IHDR";
    if (!hasHeader) return { type: "image/png" };
    const frames = apngFrames(b);
    return {
      type: "image/png",
      width: b.readUInt32BE(16),
      height: b.readUInt32BE(20),
      ...(frames ? { frames } : {}),
    };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { type: "image/jpeg", ...jpegSize(b) };
  const head = b.toString("latin1", 0, 6);
  if (head === "GIF87a" || head === "GIF89a") {
    if (b.length < 10) return { type: "image/gif" };
    const width = b.readUInt16LE(6);
    const height = b.readUInt16LE(8);
    const frames = gifFrames(b, width, height);
    return { type: "image/gif", width, height, ...(frames ? { frames } : {}) };
  }
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") {
    const frames = webpFrames(b);
    return { type: "image/webp", ...webpSize(b), ...(frames ? { frames } : {}) };
  }
  return null;
}

/** An APNG's frames, from its fcTL chunks (each frame lies within the IHDR size, or decoders refuse it). */
function apngFrames(b: Buffer): Frames | undefined {
  let count = 0;
  let pixels = 0;
  for (let at = 8; at + 8 <= b.length; ) {
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    if (type === "IEND") break;
    if (type === "fcTL" && at + 20 <= b.length) {
      count++;
      pixels += b.readUInt32BE(at + 12) * b.readUInt32BE(at + 16);
    }
    at += 12 + length; // length, type, data, CRC
  }
  return count > 0 ? { count, pixels, outside: false } : undefined;
}

/** An animated WebP's frames, from its ANMF chunks (each lies within the canvas, or decoders refuse it). */
function webpFrames(b: Buffer): Frames | undefined {
  let count = 0;
  let pixels = 0;
  for (let at = 12; at + 8 <= b.length; ) {
    const size = b.readUInt32LE(at + 4);
    if (b.toString("latin1", at, at + 4) === "ANMF" && at + 20 <= b.length) {
      count++;
      pixels += (b.readUIntLE(at + 14, 3) + 1) * (b.readUIntLE(at + 17, 3) + 1);
    }
    at += 8 + size + (size & 1); // chunks are padded to an even size
  }
  return count > 0 ? { count, pixels, outside: false } : undefined;
}

/**
 * A GIF's frames, from its image descriptors. A GIF frame has a size and place of its own, which may
 * reach past the logical screen; walking stops where the blocks stop making sense, as decoders do.
 */
function gifFrames(b: Buffer, width: number, height: number): Frames | undefined {
  const frames: Frames = { count: 0, pixels: 0, outside: false };
  let at = 13 + colourTable(b[10] ?? 0);
  while (at < b.length) {
    const block = b[at];
    if (block === 0x21) {
      at = afterSubBlocks(b, at + 2); // extension: introducer, label, data
      continue;
    }
    if (block !== 0x2c || at + 10 > b.length) break; // the trailer (0x3b), or not a block
    const [left, top] = [b.readUInt16LE(at + 1), b.readUInt16LE(at + 3)];
    const [w, h] = [b.readUInt16LE(at + 5), b.readUInt16LE(at + 7)];
    frames.count++;
    frames.pixels += w * h;
    if (left + w > width || top + h > height) frames.outside = true;
    at = afterSubBlocks(b, at + 10 + colourTable(b[at + 9]!) + 1); // then the LZW code size, then data
  }
  return frames.count > 0 ? frames : undefined;
}

/** The bytes of the colour table a GIF's flags announce. */
const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);

/** Past a chain of GIF data sub-blocks (each a length byte then that many bytes; 0 ends the chain). */
function afterSubBlocks(b: Buffer, at: number): number {
  let i = at;
  while (i < b.length) {
    const n = b[i]!;
    i += 1 + n;
    if (n === 0) break;
  }
  return i;
}

/** Start-of-frame markers carry the size: C0-CF except C4 (Huffman tables), C8 (reserved), CC (arithmetic). */
function jpegSize(b: Buffer): { width?: number; height?: number } {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return {};
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return {};
}

function webpSize(b: Buffer): { width?: number; height?: number } {
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 " && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && b.length >= 30)
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return {};
}
