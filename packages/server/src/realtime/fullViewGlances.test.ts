import { describe, expect, it } from "vitest";
import { glancersAt, noteGlance, shareGlances } from "./fullViewGlances";
import type { Io } from "./socket";

// A read of the full view over HTTP is listed for a while, on every instance (issue 36 point 7).

/** Two instances joined as the adapter joins them: what one emits server-side, the other hears. */
function pair(): [Io, Io] {
  const listeners = new Map<Io, ((...args: unknown[]) => void)[]>();
  const make = (): Io => {
    const io = {
      on: (_event: string, listener: (...args: unknown[]) => void) => {
        listeners.set(io, [...(listeners.get(io) ?? []), listener]);
      },
      serverSideEmit: (_event: string, ...args: unknown[]) => {
        for (const [other, heard] of listeners) if (other !== io) for (const l of heard) l(...args);
        return true;
      },
    } as unknown as Io;
    return io;
  };
  return [make(), make()];
}

describe("glances at the full view", () => {
  it("lists the reader on every instance until it lapses, then tells the players again", async () => {
    const [a, b] = pair();
    shareGlances(a);
    shareGlances(b);
    const lapsed = new Promise<void>((resolve) => noteGlance(a, "t1", "mod", { lapsed: resolve, ms: 200 }));
    expect(glancersAt(a, "t1")).toEqual(["mod"]);
    expect(glancersAt(b, "t1")).toEqual(["mod"]);
    expect(glancersAt(a, "t2")).toEqual([]);
    await lapsed;
    expect(glancersAt(a, "t1")).toEqual([]);
    expect(glancersAt(b, "t1")).toEqual([]);
  });

  it("renews a glance at each read: the first timer never fires", async () => {
    const [a] = pair();
    let early = 0;
    noteGlance(a, "t1", "mod", { lapsed: () => early++, ms: 100 });
    const lapsed = new Promise<void>((resolve) => noteGlance(a, "t1", "mod", { lapsed: resolve, ms: 400 }));
    await lapsed;
    expect(early).toBe(0);
    expect(glancersAt(a, "t1")).toEqual([]);
  });
});
