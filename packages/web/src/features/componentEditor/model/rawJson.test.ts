import { afterEach, describe, expect, it, vi } from "vitest";
import { blurSave, checkTreeText, parseTreeText, treeText, watchTreeText } from "./rawJson";

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

describe("the validity check of the raw view", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("looks at the text every 1500 ms, not at each key press", () => {
    vi.useFakeTimers();
    let text = '{"root": {}}';
    const seen: [boolean, string][] = [];
    const stop = watchTreeText(
      () => text,
      (check, checked) => seen.push([check.valid, checked]),
    );
    text = '{"root": {';
    vi.advanceTimersByTime(1499);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([[false, '{"root": {']]);
    text = '{"root": {}, "a": {}}';
    vi.advanceTimersByTime(1500);
    expect(seen.at(-1)).toEqual([true, '{"root": {}, "a": {}}']);
    stop();
    vi.advanceTimersByTime(15_000);
    expect(seen).toHaveLength(2);
  });

  it("gives the parse error of invalid text", () => {
    expect(checkTreeText('{"a": {}}')).toEqual({
      valid: false,
      error: "The component tree needs a root piece.",
    });
    expect(checkTreeText('{"root": {}}')).toEqual({ valid: true });
  });
});
