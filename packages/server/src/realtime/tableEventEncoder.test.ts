import { Encoder, PacketType } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import { tableEventParser } from "./tableEventEncoder";

const ours = new tableEventParser.Encoder();
const standard = new Encoder();

describe("the table event encoder", () => {
  it("gives a table event the text Socket.IO's own encoder gives it", () => {
    const packet = {
      type: PacketType.EVENT,
      nsp: "/",
      data: ["table-event", { tableId: "t1", type: "game-move", event: { seq: 3, log: ["é", "\u2028"] } }],
    };
    expect(ours.encode(packet)).toEqual(standard.encode(packet));
  });

  it("leaves acknowledged, other-namespace, other-event and binary packets to Socket.IO", () => {
    const packets = [
      { type: PacketType.EVENT, nsp: "/", id: 4, data: ["table-event", { a: 1 }] },
      { type: PacketType.EVENT, nsp: "/admin", data: ["table-event", { a: 1 }] },
      { type: PacketType.EVENT, nsp: "/", data: ["lobby-event", { a: 1 }] },
      { type: PacketType.ACK, nsp: "/", id: 2, data: [{ ok: true }] },
      { type: PacketType.EVENT, nsp: "/", data: ["other", Buffer.from([1, 2])] },
    ];
    for (const p of packets) expect(ours.encode(p)).toEqual(standard.encode(p));
  });
});
