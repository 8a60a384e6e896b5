// Bytes cross between the server's thread and a worker by transfer, not copy, where that is safe: a
// Buffer whose view covers its whole ArrayBuffer owns it (Buffer.concat and readers of large files make
// such Buffers), so handing the ArrayBuffer over costs nothing. A small Buffer is a slice of Node's
// shared pool, and transferring the pool would empty every other Buffer cut from it: those are copied
// by the structured clone instead (they are small by construction).

/** The ArrayBuffers that may be moved rather than copied, from the byte arrays given. */
export function transferList(...arrays: (Uint8Array | undefined)[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) {
    if (a && a.buffer instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength)
      out.add(a.buffer);
  }
  return [...out];
}

/** A Buffer over the same memory: the structured clone gives back plain Uint8Arrays. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
