// What an uploaded image really is, read from its first bytes (magic numbers) rather than from its name
// or the browser's claim, with its pixel size when the header gives it.

export type RasterType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export interface SniffedImage {
  type: RasterType;
  width?: number;
  height?: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImage(b: Buffer): SniffedImage | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const hasHeader = b.length >= 24 && b.toString("latin1", 12, 16) === "IHDR";
    return hasHeader
      ? { type: "image/png", width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
      : { type: "image/png" };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { type: "image/jpeg", ...jpegSize(b) };
  const head = b.toString("latin1", 0, 6);
  if (head === "GIF87a" || head === "GIF89a")
    return b.length >= 10
      ? { type: "image/gif", width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
      : { type: "image/gif" };
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return { type: "image/webp", ...webpSize(b) };
  return null;
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
