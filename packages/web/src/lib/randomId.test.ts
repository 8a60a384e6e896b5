import { describe, expect, it } from "vitest";
import { randomId } from "./randomId";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("randomId", () => {
  it("uses getRandomValues when randomUUID is missing (plain http)", () => {
    const source = { getRandomValues: (a: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(a) };
    const id = randomId(source);
    expect(id).toMatch(UUID_V4);
    expect(randomId(source)).not.toBe(id);
  });

  it("prefers randomUUID when present", () => {
    expect(randomId(crypto)).toMatch(UUID_V4);
  });
});
