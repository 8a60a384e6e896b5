import { describe, expect, it } from "vitest";
import { memoryStore } from "../../../lib/storage";
import { END_SUMMARY_SEEN_KEPT, markSeen, opensByItself, seenBefore } from "./endSummarySeen";

describe("when the end summary opens by itself", () => {
  it("opens once per user per table: not again once seen, still for another user or table", () => {
    const store = memoryStore();
    expect(opensByItself(store, "ann", "t1", false)).toBe(true);
    markSeen(store, "ann", "t1");
    expect(opensByItself(store, "ann", "t1", false)).toBe(false);
    expect(opensByItself(store, "ben", "t1", false)).toBe(true);
    expect(opensByItself(store, "ann", "t2", false)).toBe(true);
  });

  it("never opens on a replay link, even for someone who has not seen it", () => {
    expect(opensByItself(memoryStore(), "ann", "t1", true)).toBe(false);
  });

  it("remembers the most recent tables only, and reads a damaged list as empty", () => {
    const store = memoryStore();
    for (let i = 0; i <= END_SUMMARY_SEEN_KEPT; i++) markSeen(store, "ann", `t${i}`);
    expect(seenBefore(store, "ann", "t0")).toBe(false);
    expect(seenBefore(store, "ann", `t${END_SUMMARY_SEEN_KEPT}`)).toBe(true);
    store.setItem("end-summary-seen", "{not json");
    expect(opensByItself(store, "ann", "t1", false)).toBe(true);
  });
});
