import { describe, expect, it } from "vitest";
import { nameSkeleton, skeleton } from "./nameSkeleton";

describe("skeleton (UTS #39)", () => {
  it("maps look-alikes to one prototype", () => {
    expect(skeleton("\u0430lice")).toBe(skeleton("alice")); // Cyrillic а
    expect(skeleton("rn")).toBe(skeleton("m"));
    expect(skeleton("\u13AA")).toBe(skeleton("A")); // Cherokee Ꭺ
    expect(skeleton("paypal")).not.toBe(skeleton("paypol"));
  });

  it("decomposes before and after the mapping", () => {
    expect(skeleton("e\u0301")).toBe(skeleton("é"));
  });
});

describe("nameSkeleton", () => {
  it.each([
    ["alice", "\u0430lice"],
    ["alice", "ａｌｉｃｅ"],
    ["ALICE", "ALlCE"], // (names equal regardless of case meet on the user name key instead)
    ["Alice", "AIice"],
    ["alice", "AIice"],
    ["alice", "a1ice"],
    ["Olga", "0lga"],
    ["mary", "rnary"],
    ["ace", "\u0430\u0441\u0435"],
    ["pepe", "\u0440\u0435\u0440\u0435"],
  ])("gives %s and %s one key", (a, b) => {
    expect(nameSkeleton(b)).toBe(nameSkeleton(a));
  });

  it.each([
    ["alice", "alicia"],
    ["bob", "rob"],
    ["ian", "jan"],
  ])("keeps %s and %s apart", (a, b) => {
    expect(nameSkeleton(b)).not.toBe(nameSkeleton(a));
  });
});
