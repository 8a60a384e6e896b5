import fc from "fast-check";
import { Encoder, PacketType } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import { sharedTextParser, withSharedText } from "./sharedEncoder";

const standard = new Encoder();
const ours = new sharedTextParser.Encoder();

const packet = (data: unknown, extra: { id?: number; nsp?: string } = {}) => ({
  type: PacketType.EVENT,
  nsp: extra.nsp ?? "/",
  data,
  ...(extra.id === undefined ? {} : { id: extra.id }),
});

/** JSON-like values with the shapes JSON.stringify treats specially: undefined fields and items. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  ),
  node: fc.oneof(
    { depthSize: "small" },
    tie("leaf"),
    fc.array(tie("node"), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie("node"), { maxKeys: 4 }),
  ),
})).node;

describe("the table broadcast encoder", () => {
  it("writes exactly what Socket.IO's own encoder writes, inside a broadcast and outside", () => {
    fc.assert(
      fc.property(value, (event) => {
        const p = packet(["table-event", { tableId: "t", type: "game-move", event }]);
        expect(ours.encode(p)).toEqual(standard.encode(p));
        withSharedText(() => expect(ours.encode(p)).toEqual(standard.encode(p)));
      }),
    );
  });

  it("leaves other events, acknowledgements and other namespaces to Socket.IO", () => {
    withSharedText(() => {
      for (const p of [
        packet(["chat", { text: "hi", at: new Date(0) }]),
        packet(["table-event", { tableId: "t" }], { id: 3 }),
        packet(["table-event", { tableId: "t" }], { nsp: "/admin" }),
        packet(["table-event", { tableId: "t", blob: Buffer.from("x") }], { id: 1 }),
      ])
        expect(ours.encode(p)).toEqual(standard.encode(p));
    });
  });

  it("serialises an object the viewers' events share once per broadcast", () => {
    const lines = [{ message: "moved card", type: "component move" }];
    const red = { seq: 1, log: lines, patch: { fields: { turn: 1 } } };
    const blue = { seq: 1, log: lines, patch: { fields: { turn: 1 }, components: [{ id: "c1" }] } };
    withSharedText(() => {
      const first = ours.encode(packet(["table-event", { tableId: "t", event: red }]));
      // Changed behind the encoder's back (nothing does that): the shared text is the one made first.
      lines[0] = { message: "changed", type: "component move" };
      const second = ours.encode(packet(["table-event", { tableId: "t", event: blue }]));
      expect(first[0]).toContain('"message":"moved card"');
      expect(second[0]).toContain('"message":"moved card"');
    });
    // The next broadcast serialises afresh.
    withSharedText(() =>
      expect(ours.encode(packet(["table-event", { tableId: "t", event: blue }]))[0]).toContain('"changed"'),
    );
  });
});
