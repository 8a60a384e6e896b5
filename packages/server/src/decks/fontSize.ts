// What a WOFF or WOFF2 font unpacks to, read from its headers alone (issue 36 point 5). fontkit
// allocates what those headers declare and decodes into it: a WOFF table's origLength (each table
// inflated into a buffer of that size), a WOFF2's table data (the sum of its tables' lengths, one
// brotli stream decoded into one buffer). An 895-byte WOFF2 declaring 1 GiB had the server allocate
// and decode 1 GiB. This walks the header and the table directory (a few bytes per table, nothing
// decompressed), so checkFont can refuse a font that claims too much before fontkit reads a table.
// A directory that does not fit the file, or numbers that cannot be read, make the font damaged.

export type FontSize = { ok: true; unpackedBytes: number } | { ok: false; problem: "damaged" | "collection" };

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const WOFF2_HEADER = 48;
/** WOFF2's known-tag indexes of 'glyf' and 'loca', whose transform flag reads the other way round. */
const GLYF = 10;
const LOCA = 11;
const CUSTOM_TAG = 0x3f;

const damaged: FontSize = { ok: false, problem: "damaged" };

/**
 * The most the font's own numbers say it unpacks to, in bytes: the largest of its totalSfntSize, its
 * tables' unpacked lengths with its metadata, and (WOFF2) the brotli stream fontkit decodes. A plain
 * TrueType or OpenType file is not packed: its size is its length.
 */
export function unpackedFontSize(bytes: Buffer): FontSize {
  const tag = bytes.length >= 4 ? bytes.toString("latin1", 0, 4) : "";
  if (tag === "wOFF") return woffSize(bytes);
  if (tag === "wOF2") return woff2Size(bytes);
  return { ok: true, unpackedBytes: bytes.length };
}

function woffSize(b: Buffer): FontSize {
  if (b.length < WOFF_HEADER) return damaged;
  // WOFF 1 has no collections; a 'ttcf' flavour is a file fontkit cannot read as one font.
  if (b.toString("latin1", 4, 8) === "ttcf") return { ok: false, problem: "collection" };
  const numTables = b.readUInt16BE(12);
  const totalSfntSize = b.readUInt32BE(16);
  const metaOrigLength = b.readUInt32BE(32);
  if (WOFF_HEADER + numTables * WOFF_ENTRY > b.length) return damaged;
  let tables = 0;
  for (let i = 0; i < numTables; i++) {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = b.readUInt32BE(at + 4);
    const compLength = b.readUInt32BE(at + 8);
    const origLength = b.readUInt32BE(at + 12);
    // The format's own rule: a table is stored as is or smaller, never larger than it unpacks to.
    if (offset + compLength > b.length || compLength > origLength) return damaged;
    tables += origLength;
  }
  return { ok: true, unpackedBytes: Math.max(totalSfntSize, tables + metaOrigLength) };
}

function woff2Size(b: Buffer): FontSize {
  if (b.length < WOFF2_HEADER) return damaged;
  if (b.toString("latin1", 4, 8) === "ttcf") return { ok: false, problem: "collection" };
  const numTables = b.readUInt16BE(12);
  const totalSfntSize = b.readUInt32BE(16);
  const totalCompressedSize = b.readUInt32BE(20);
  const metaOrigLength = b.readUInt32BE(36);
  const at = { pos: WOFF2_HEADER };
  let tables = 0;
  let stream = 0;
  for (let i = 0; i < numTables; i++) {
    if (at.pos >= b.length) return damaged;
    const flags = b[at.pos++]!;
    const index = flags & CUSTOM_TAG;
    let custom = "";
    if (index === CUSTOM_TAG) {
      if (at.pos + 4 > b.length) return damaged;
      custom = b.toString("latin1", at.pos, at.pos + 4);
      at.pos += 4;
    }
    const origLength = base128(b, at);
    if (origLength === null) return damaged;
    // As fontkit (and the format) reads it: glyf and loca are transformed at version 0, others at 1-3.
    const glyfOrLoca = index === GLYF || index === LOCA || custom === "glyf" || custom === "loca";
    const version = flags >>> 6;
    const transformed = glyfOrLoca ? version === 0 : version !== 0;
    const transformLength = transformed ? base128(b, at) : origLength;
    if (transformLength === null) return damaged;
    tables += origLength;
    stream += transformLength;
  }
  if (at.pos + totalCompressedSize > b.length) return damaged;
  return { ok: true, unpackedBytes: Math.max(totalSfntSize, tables + metaOrigLength, stream) };
}

/**
 * WOFF2's UIntBase128 at `at.pos` (moved past it): seven bits a byte, high bit 'more follows', at most
 * five bytes and 32 bits; null when it is longer, overflows or runs past the file.
 */
function base128(b: Buffer, at: { pos: number }): number | null {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (at.pos >= b.length || value >= 2 ** 25) return null;
    const byte = b[at.pos++]!;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return null;
}
