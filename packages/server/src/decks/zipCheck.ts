import { inflateRawSync } from "node:zlib";
import { megabytes, type Parsed, refuse } from "./parsed";

// An .xlsx is a zip. The spreadsheet library inflates every entry in memory before we could count a
// single cell, and a zip's declared sizes are only claims: a few MB of deflate can expand ~1000-fold.
// So before handing the file over we walk the zip's central directory ourselves: first every entry's
// declared size, added up and checked against the limit before a single byte is inflated; then each
// entry inflated with Node's zlib capped at the size the directory declares. Afterwards the declared
// total is a true bound on what the library will allocate, and the caller has seen every entry's
// real bytes. (It runs in an upload worker: work/uploadJobs.ts.)

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_ZIP_COMMENT = 0xffff;

export interface ZipLimits {
  maxEntries: number;
  /** The sum of the entries' inflated sizes. */
  maxTotalBytes: number;
}

interface Entry {
  name: string;
  method: number;
  /** Inflated size, as the directory declares it. */
  size: number;
  data: Buffer;
}

/**
 * Checks the zip and calls visit with each file entry's inflated bytes, in directory order; visit may
 * answer a refusal message to stop early. Anything malformed (no directory, encryption, an unknown
 * compression method, an entry inflating past its declared size) gives the unreadable message.
 */
export function checkZip(
  buffer: Buffer,
  limits: ZipLimits,
  unreadable: string,
  visit: (name: string, data: Buffer) => string | undefined,
): Parsed<null> {
  const entries = directory(buffer, limits, unreadable);
  if (!entries.ok) return entries;
  for (const { name, method, size, data: raw } of entries.value) {
    let data: Buffer;
    if (method === 0) data = raw;
    else {
      try {
        // maxOutputLength makes zlib stop (and throw) as soon as the entry outgrows its claim.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, size) });
      } catch {
        return refuse(unreadable);
      }
    }
    const problem = visit(name, data);
    if (problem) return refuse(problem);
  }
  return { ok: true, value: null };
}

/** Every file entry of the central directory, its declared sizes checked; nothing inflated. */
function directory(buffer: Buffer, limits: ZipLimits, unreadable: string): Parsed<Entry[]> {
  const eocd = findEndOfCentralDirectory(buffer);
  if (eocd < 0) return refuse(unreadable);
  const entryCount = buffer.readUInt16LE(eocd + 10);
  const directorySize = buffer.readUInt32LE(eocd + 12);
  const directoryStart = buffer.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff mean a zip64 directory, which a workbook under our size limit never needs.
  if (entryCount === 0xffff || directoryStart === 0xffffffff) return refuse(unreadable);
  if (directoryStart + directorySize > eocd) return refuse(unreadable);
  if (entryCount > limits.maxEntries) {
    return refuse(`The file holds more than ${limits.maxEntries} parts; it is not a plain workbook.`);
  }

  const entries: Entry[] = [];
  let total = 0;
  let p = directoryStart;
  for (let i = 0; i < entryCount; i++) {
    if (p + 46 > eocd || buffer.readUInt32LE(p) !== CENTRAL_SIGNATURE) return refuse(unreadable);
    const flags = buffer.readUInt16LE(p + 8);
    const method = buffer.readUInt16LE(p + 10);
    const compressedSize = buffer.readUInt32LE(p + 20);
    const size = buffer.readUInt32LE(p + 24);
    const nameLength = buffer.readUInt16LE(p + 28);
    const extraLength = buffer.readUInt16LE(p + 30);
    const commentLength = buffer.readUInt16LE(p + 32);
    const localHeader = buffer.readUInt32LE(p + 42);
    const name = buffer.toString("utf8", p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;

    if (flags & 1) return refuse(unreadable); // encrypted
    if (name.endsWith("/")) continue; // a directory
    total += size;
    if (total > limits.maxTotalBytes) {
      return refuse(`The file unpacks to more than ${megabytes(limits.maxTotalBytes)}.`);
    }
    if (method !== 0 && method !== 8) return refuse(unreadable);
    if (method === 0 && compressedSize !== size) return refuse(unreadable);

    if (localHeader + 30 > buffer.length || buffer.readUInt32LE(localHeader) !== LOCAL_SIGNATURE) {
      return refuse(unreadable);
    }
    const dataStart =
      localHeader + 30 + buffer.readUInt16LE(localHeader + 26) + buffer.readUInt16LE(localHeader + 28);
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > buffer.length) return refuse(unreadable);
    entries.push({ name, method, size, data: buffer.subarray(dataStart, dataEnd) });
  }
  return { ok: true, value: entries };
}

function findEndOfCentralDirectory(buffer: Buffer): number {
  const last = buffer.length - EOCD_SIZE;
  const first = Math.max(0, last - MAX_ZIP_COMMENT);
  for (let i = last; i >= first; i--) {
    if (buffer.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  return -1;
}
