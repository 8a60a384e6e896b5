import { Decoder, Encoder, PacketType } from "socket.io-parser";

// Socket.IO's encoder with one addition (DESIGN.md 'Hidden information'; issue: the public part of a
// broadcast serialised once): while a table broadcast sends each viewer group its own event, the
// JSON text of every object those events share (the header's replay marks, the log lines, the moves'
// outline, the patch's fields and component records that are the same object for several viewers) is
// made once and spliced into each group's message. The text on the wire is exactly what
// JSON.stringify would give, so clients use the standard parser. Outside a table broadcast, and for
// anything but plain JSON, it is Socket.IO's own encoder.

/** The JSON text of objects already serialised in the current broadcast; null outside one. */
let shared: WeakMap<object, string> | null = null;

/** Runs `send` (the emits of one broadcast) with the shared texts; they are dropped afterwards. */
export function withSharedText(send: () => void): void {
  const outer = shared;
  shared = new WeakMap();
  try {
    send();
  } finally {
    shared = outer;
  }
}

/** How deep objects are cached: below this the texts are small, and plain JSON.stringify is faster. */
const CACHE_DEPTH = 6;

function text(value: unknown, depth: number, cache: WeakMap<object, string>): string | undefined {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const known = cache.get(value);
  if (known !== undefined) return known;
  let out: string;
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === "function")
    out = JSON.stringify(value);
  else if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) items.push(text(item, depth - 1, cache) ?? "null");
    out = `[${items.join(",")}]`;
  } else {
    const fields: string[] = [];
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const field = text((value as Record<string, unknown>)[key], depth - 1, cache);
      // As JSON.stringify: undefined (and functions) leave the field out.
      if (field !== undefined) fields.push(`${JSON.stringify(key)}:${field}`);
    }
    out = `{${fields.join(",")}}`;
  }
  cache.set(value, out);
  return out;
}

interface Packet {
  type: PacketType;
  nsp: string;
  data?: unknown;
  id?: number;
}

class SharedTextEncoder extends Encoder {
  override encode(packet: Packet) {
    // Only plain events of the default namespace, without an acknowledgement, inside a broadcast:
    // everything else (and any binary payload) goes Socket.IO's way.
    if (shared === null || packet.type !== PacketType.EVENT || packet.nsp !== "/" || packet.id !== undefined)
      return super.encode(packet);
    const [event, payload] = packet.data as [unknown, unknown];
    if (event !== "table-event" || typeof payload !== "object" || payload === null)
      return super.encode(packet);
    return [`${PacketType.EVENT}${text(packet.data, CACHE_DEPTH, shared)}`];
  }
}

/** The parser to give Socket.IO's server: the standard decoder, the encoder above. */
export const sharedTextParser = { Encoder: SharedTextEncoder, Decoder };
