import { describe, expect, it } from "vitest";
import { parseSituation, serializeSituation } from "./schema.js";
import { testSituation } from "./test/fixture.js";

describe("situation schema", () => {
  it("round-trips a situation through JSON", () => {
    const s = testSituation();
    const parsed = parseSituation(JSON.parse(serializeSituation(s)));
    expect(parsed).toEqual({ ok: true, value: s });
  });

  it("treats JSON without a version as version 1 and rejects broken data", () => {
    const { version: _v, ...old } = testSituation();
    expect(parseSituation(JSON.parse(JSON.stringify(old))).ok).toBe(true);
    expect(parseSituation({ ...testSituation(), players: "x" }).ok).toBe(false);
    expect(parseSituation(null).ok).toBe(false);
  });
});
