import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addSet, renameSet } from "./positions";
import { timedMessage } from "./timedMessage";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The red line under the position-set selector, as the editor shows it. */
function line() {
  let shown: string | null = null;
  const message = timedMessage((text) => {
    shown = text;
  });
  return { message, shown: () => shown };
}

describe("position-set errors (sections 5, 9)", () => {
  it("show in red for 5 seconds, then disappear", () => {
    const { message, shown } = line();
    const refused = addSet({ dims: [100, 100] }, "dims");
    if (refused.ok) throw new Error("'dims' is reserved");
    message.show(refused.error);
    expect(shown()).toBe("Name is reserved");
    vi.advanceTimersByTime(4999);
    expect(shown()).toBe("Name is reserved");
    vi.advanceTimersByTime(1);
    expect(shown()).toBeNull();
  });

  it("give a new error its own 5 seconds, and clear at once when a name is accepted", () => {
    const { message, shown } = line();
    message.show("Name cannot be empty");
    vi.advanceTimersByTime(3000);
    const again = renameSet({ dims: [100, 100], a: { coords: [] }, b: { coords: [] } }, "a", "b");
    if (again.ok) throw new Error("'b' exists");
    message.show(again.error);
    vi.advanceTimersByTime(4000);
    expect(shown()).toBe("Name already exists");
    vi.advanceTimersByTime(1000);
    expect(shown()).toBeNull();

    message.show("Name cannot be empty");
    message.show(null);
    expect(shown()).toBeNull();
    // No stale timer brings anything back or clears a later message early.
    message.show("Name is reserved");
    vi.advanceTimersByTime(4999);
    expect(shown()).toBe("Name is reserved");
  });

  it("stop when the editor closes", () => {
    const changes: (string | null)[] = [];
    const message = timedMessage((text) => changes.push(text));
    message.show("Name is reserved");
    message.dispose();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual(["Name is reserved"]);
  });
});
