import { Decoder, Encoder, PacketType } from "socket.io-parser";

// Socket.IO's encoder walks every packet for binary attachments before it serialises it (hasBinary):
// a second full pass over each seat's table event, 2% of the server's time per turn under the load
// bench. A table event is plain JSON by construction (the engine's situations and events are JSON),
// so it is serialised straight away; the text is exactly what Socket.IO's encoder gives for a
// packet without binary, and clients use the standard parser. Every other packet goes its way.

interface Packet {
  type: PacketType;
  nsp: string;
  data?: unknown;
  id?: number;
}

class TableEventEncoder extends Encoder {
  override encode(packet: Packet) {
    if (
      packet.type === PacketType.EVENT &&
      packet.nsp === "/" &&
      packet.id === undefined &&
      Array.isArray(packet.data) &&
      packet.data[0] === "table-event"
    )
      return [`${PacketType.EVENT}${JSON.stringify(packet.data)}`];
    return super.encode(packet);
  }
}

/** The parser to give Socket.IO's server: the standard decoder, the encoder above. */
export const tableEventParser = { Encoder: TableEventEncoder, Decoder };
