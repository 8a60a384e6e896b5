import { describe, expect, it } from "vitest";
import { zip } from "../../test/fixtures/zipFixture";
import { checkZip } from "./zipCheck";

// Issue 36 point 5: a zip's entries are held to the limit by their declared sizes, all of them added
// up before any entry is inflated; an entry that inflates past its claim is stopped where it passes it.

const UNREADABLE = "unreadable";
const KB = 1024;
const limits = { maxEntries: 10, maxTotalBytes: 1024 * KB };

/** What checkZip answers, and the entries it inflated and showed to its visitor. */
function check(bytes: Buffer) {
  const visited: string[] = [];
  const result = checkZip(bytes, limits, UNREADABLE, (name) => {
    visited.push(name);
    return undefined;
  });
  return { result, visited };
}

describe("checkZip", () => {
  it("inflates and shows every entry within the limit", () => {
    const ok = zip([
      { name: "a.xml", data: Buffer.alloc(400 * KB, 1) },
      { name: "b.xml", data: Buffer.alloc(600 * KB, 2) },
    ]);
    expect(check(ok)).toEqual({ result: { ok: true, value: null }, visited: ["a.xml", "b.xml"] });
  });

  it("adds up the declared sizes of all entries before inflating any", () => {
    // Each entry alone is within the limit; together they are not. Nothing is inflated at all.
    const entries = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.alloc(400 * KB) }));
    expect(check(zip(entries))).toEqual({
      result: { ok: false, message: "The file unpacks to more than 1 MB." },
      visited: [],
    });
  });

  it("refuses an entry declaring 4 GB by its claim, without inflating its bytes", () => {
    // The bytes are not deflate data: inflating them first would have answered 'unreadable'.
    const claim = zip([
      { name: "sheet.xml", data: Buffer.alloc(0), declaredSize: 0xfffffffe, body: Buffer.alloc(64, 7) },
    ]);
    expect(check(claim).result).toEqual({ ok: false, message: "The file unpacks to more than 1 MB." });
  });

  it("stops an entry that inflates past what it declares", () => {
    const liar = zip([{ name: "sheet.xml", data: Buffer.alloc(900 * KB), declaredSize: 500 }]);
    expect(check(liar)).toEqual({ result: { ok: false, message: UNREADABLE }, visited: [] });
  });
});
