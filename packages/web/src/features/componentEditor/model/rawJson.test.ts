import { describe, expect, it } from "vitest";
import { blurSave, parseTreeText, treeText } from "./rawJson";

describe("raw JSON text", () => {
  it("is valid when it parses as a tree with a root piece", () => {
    expect(parseTreeText('{"root": {}, "a": {"width": 1}}')).toEqual({
      ok: true,
      value: { root: {}, a: { width: 1 } },
    });
    expect(parseTreeText('{"root": {').ok).toBe(false);
    expect(parseTreeText("[]").ok).toBe(false);
    expect(parseTreeText('{"a": {}}').ok).toBe(false);
  });

  it("saves on blur only valid, changed text", () => {
    const tree = { root: {}, a: { width: 1 } };
    expect(blurSave(treeText(tree), tree)).toBeNull();
    expect(blurSave('{"root": {}, "a": {"width": 2}}', tree)).toEqual({ root: {}, a: { width: 2 } });
    expect(blurSave('{"root": {}, "a": {"width": }', tree)).toBeNull();
  });
});
