import { describe, expect, it } from "vitest";
import { type Live, LiveCache } from "./liveCache";

/** A cached table as far as the cache reads it: its row's status. */
const table = (status: "midgame" | "ended") => ({ row: { status } }) as unknown as Live;

describe("the tables a process keeps", () => {
  it("keeps at most the cap of tables, dropping the least recently used", () => {
    const cache = new LiveCache(3, 2);
    for (const id of ["a", "b", "c"]) cache.touch(id, table("midgame"));
    cache.touch("a", table("midgame"));
    cache.touch("d", table("midgame"));
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((id) => cache.get(id) !== undefined)).toEqual([true, true, true]);
    expect(cache.size).toBe(3);
  });

  it("keeps fewer ended tables, without dropping running ones for them", () => {
    const cache = new LiveCache(100, 2);
    for (let i = 0; i < 10; i++) cache.touch(`running-${i}`, table("midgame"));
    for (let i = 0; i < 5; i++) cache.touch(`ended-${i}`, table("ended"));
    // The two most recently used ended tables stay; every running one stays.
    expect(cache.size).toBe(12);
    expect(cache.get("ended-2")).toBeUndefined();
    expect(cache.get("ended-3")).toBeDefined();
    expect(cache.get("ended-4")).toBeDefined();
    expect(cache.get("running-0")).toBeDefined();
  });

  it("counts a table among the ended once its game ends, and not once it runs again", () => {
    const cache = new LiveCache(100, 1);
    const first = table("midgame");
    cache.touch("first", first);
    cache.touch("first", table("ended"));
    cache.touch("second", table("ended"));
    expect(cache.get("first")).toBeUndefined();
    // A restarted table runs again: it no longer takes the ended table's place.
    cache.touch("second", table("midgame"));
    cache.touch("third", table("ended"));
    expect(cache.get("second")).toBeDefined();
    expect(cache.get("third")).toBeDefined();
  });
});
