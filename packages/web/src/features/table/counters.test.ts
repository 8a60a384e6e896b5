import type { Counter } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { COUNTER_TOKENS_MAX, counterRows } from "./counters";

const counter = (name: string, value: number, options: Counter["options"] = {}): Counter => ({
  name,
  value,
  options,
});

describe("a player's counter rows", () => {
  it("lists each counter under its parentCounter, one step deeper, keeping their order", () => {
    const rows = counterRows(
      [
        counter("oil", 1, { parentCounter: "lanterns" }),
        counter("coins", 2),
        counter("lanterns", 0),
        counter("wicks", 3, { parentCounter: "oil" }),
      ],
      "nm",
    );
    expect(rows.map((r) => [r.counter.name, r.depth])).toEqual([
      ["coins", 0],
      ["lanterns", 0],
      ["oil", 1],
      ["wicks", 2],
    ]);
  });

  it("keeps a counter whose parent is missing, or whose parents loop, at the top level", () => {
    const rows = counterRows(
      [
        counter("a", 1, { parentCounter: "b" }),
        counter("b", 1, { parentCounter: "a" }),
        counter("c", 1, { parentCounter: "nobody" }),
        counter("d", 1, { parentCounter: "d" }),
      ],
      "nm",
    );
    expect(rows.map((r) => [r.counter.name, r.depth])).toEqual([
      ["a", 0],
      ["b", 0],
      ["c", 0],
      ["d", 0],
    ]);
  });

  it("hides a zero counter with invisibleIfZero, its children still listed", () => {
    const rows = counterRows(
      [counter("p", 0, { invisibleIfZero: true }), counter("k", 2, { parentCounter: "p" })],
      "nm",
    );
    expect(rows.map((r) => r.counter.name)).toEqual(["k"]);
  });

  it("draws a counter with displayAsComponents as that many tokens, with its number when too many", () => {
    const [three] = counterRows([counter("lives", 3, { displayAsComponents: true })], "nm");
    expect(three).toMatchObject({ tokens: 3, showsNumber: false });
    const [many] = counterRows([counter("gold", 50, { displayAsComponents: true })], "nm");
    expect(many).toMatchObject({ tokens: COUNTER_TOKENS_MAX, showsNumber: true });
    const [none] = counterRows([counter("lives", 0, { displayAsComponents: true })], "nm");
    expect(none).toMatchObject({ tokens: 0, showsNumber: true });
    const [debt] = counterRows([counter("debt", -2, { displayAsComponents: true })], "nm");
    expect(debt).toMatchObject({ tokens: 0, showsNumber: true });
    const [plain] = counterRows([counter("vp", 3)], "nm");
    expect(plain).toMatchObject({ tokens: 0, showsNumber: true });
  });

  it("finds a customIcon among the project's images", () => {
    const [coin] = counterRows([counter("coins", 2, { customIcon: "coin.svg" })], "night-market");
    expect(coin?.icon).toBe("/game-assets/night-market/coin.svg");
    expect(counterRows([counter("vp", 1)], "nm")[0]?.icon).toBe("");
  });
});
