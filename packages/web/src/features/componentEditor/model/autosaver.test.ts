import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Autosaver } from "./autosaver";
import { saveStatus } from "./saveState";
import type { Tree } from "./tree";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A server whose answers the test gives one by one: each save waits until answered. */
function server() {
  const received: Tree[] = [];
  const pending: ((ok: boolean) => void)[] = [];
  const save = (tree: Tree) =>
    new Promise<boolean>((resolve) => {
      received.push(tree);
      pending.push(resolve);
    });
  const answer = async (ok: boolean) => {
    pending.shift()?.(ok);
    // Let the saver take the answer in.
    await vi.advanceTimersByTimeAsync(0);
  };
  return { received, save, answer, waiting: () => pending.length };
}

function editor() {
  const s = server();
  let tree: Tree = { root: {}, baseScale: 1 };
  const saver = new Autosaver(s.save, () => tree);
  const edit = (baseScale: number) => {
    tree = { ...tree, baseScale };
    saver.edited();
  };
  const status = () => saveStatus(saver.getState());
  return { ...s, saver, edit, status };
}

describe("autosave (sections 4, 9)", () => {
  it("saves 500 ms after the first unsaved edit, sending the tree as it is by then", async () => {
    const e = editor();
    e.edit(1.1);
    await vi.advanceTimersByTimeAsync(200);
    e.edit(1.2);
    await vi.advanceTimersByTimeAsync(299);
    expect(e.received).toEqual([]);
    expect(e.status()).toBe("pending");
    e.edit(1.3);
    await vi.advanceTimersByTimeAsync(1);
    // Later edits did not push the save back: one call for the burst, with the newest tree.
    expect(e.received).toEqual([{ root: {}, baseScale: 1.3 }]);
    expect(e.status()).toBe("saving");
    await e.answer(true);
    expect(e.status()).toBe("saved");
    await vi.advanceTimersByTimeAsync(5000);
    expect(e.received).toHaveLength(1);
  });

  it("keeps saves one at a time: an edit during a save is sent 500 ms after that save ends", async () => {
    const e = editor();
    e.edit(2);
    await vi.advanceTimersByTimeAsync(500);
    e.edit(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(e.received).toHaveLength(1);
    await e.answer(true);
    expect(e.status()).toBe("pending");
    await vi.advanceTimersByTimeAsync(499);
    expect(e.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(e.received.at(-1)).toEqual({ root: {}, baseScale: 3 });
  });

  it("does not retry a failed save by itself; the next edit or retry does", async () => {
    const e = editor();
    e.edit(2);
    await vi.advanceTimersByTimeAsync(500);
    await e.answer(false);
    expect(e.status()).toBe("failed");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(e.received).toHaveLength(1);
    e.saver.retry();
    expect(e.received).toHaveLength(2);
    await e.answer(true);
    expect(e.status()).toBe("saved");
  });

  it("flush saves at once, after the save under way, and says whether everything is stored", async () => {
    const e = editor();
    e.edit(2);
    await vi.advanceTimersByTimeAsync(500);
    e.edit(4);
    let flushed: boolean | null = null;
    void e.saver.flush().then((ok) => {
      flushed = ok;
    });
    await vi.advanceTimersByTimeAsync(0);
    // It waits for the save under way: never two at once.
    expect(e.waiting()).toBe(1);
    await e.answer(true);
    // ...then sends the newer tree without waiting for the timer.
    expect(e.received).toEqual([
      { root: {}, baseScale: 2 },
      { root: {}, baseScale: 4 },
    ]);
    await e.answer(true);
    expect(flushed).toBe(true);
    expect(e.status()).toBe("saved");
    // The timer it cancelled sends nothing more.
    await vi.advanceTimersByTimeAsync(5000);
    expect(e.received).toHaveLength(2);
  });

  it("flush answers false when the save fails, and the change stays unsaved", async () => {
    const e = editor();
    e.edit(5);
    const flushed = e.saver.flush();
    expect(e.received).toHaveLength(1);
    await e.answer(false);
    expect(await flushed).toBe(false);
    expect(e.status()).toBe("failed");
    // With nothing unsaved there is nothing to send.
    e.saver.retry();
    await e.answer(true);
    expect(await e.saver.flush()).toBe(true);
    expect(e.received).toHaveLength(2);
  });

  it("a save that throws (the network) counts as failed", async () => {
    const saver = new Autosaver(
      () => Promise.reject(new Error("offline")),
      () => ({ root: {} }),
    );
    saver.edited();
    expect(await saver.flush()).toBe(false);
    expect(saveStatus(saver.getState())).toBe("failed");
  });

  it("sends nothing once disposed", async () => {
    const e = editor();
    e.edit(2);
    e.saver.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(e.received).toEqual([]);
  });
});
