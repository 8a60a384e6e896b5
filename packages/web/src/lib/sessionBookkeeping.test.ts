import { STORAGE_KEYS } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { ensureSessionId, instanceChanged, nextSessionNum } from "./sessionBookkeeping";
import { memoryStore } from "./storage";

describe("nextSessionNum", () => {
  it("starts at 1 and counts up", () => {
    const store = memoryStore();
    expect(nextSessionNum(store)).toBe(1);
    expect(nextSessionNum(store)).toBe(2);
    expect(store.getItem(STORAGE_KEYS.sessionNum)).toBe("2");
  });

  it("recovers from a garbage value", () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.sessionNum, "banana");
    expect(nextSessionNum(store)).toBe(1);
  });
});

describe("ensureSessionId", () => {
  it("creates an id once and keeps it", () => {
    const store = memoryStore();
    let calls = 0;
    const make = () => `id-${++calls}`;
    expect(ensureSessionId(store, make)).toBe("id-1");
    expect(ensureSessionId(store, make)).toBe("id-1");
    expect(calls).toBe(1);
  });
});

describe("instanceChanged", () => {
  it("stores the first id without asking for a reload", () => {
    const store = memoryStore();
    expect(instanceChanged(store, "a")).toBe(false);
    expect(store.getItem(STORAGE_KEYS.lastInstanceId)).toBe("a");
  });

  it("asks for a reload once when the id changes", () => {
    const store = memoryStore();
    instanceChanged(store, "a");
    expect(instanceChanged(store, "b")).toBe(true);
    expect(store.getItem(STORAGE_KEYS.lastInstanceId)).toBe("b");
    // After the reload the same id arrives again: no reload loop.
    expect(instanceChanged(store, "b")).toBe(false);
  });
});
