import { PRINT_DELAY_MS } from "@tt/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeAndPrint } from "./printWindow.js";

// The print window prints PRINT_DELAY_MS (1000 ms, admin-decks-editor.md section 9) after it has
// loaded, not before: the card images must have decoded. A stand-in window records what happens; the
// clock is vitest's fake one, so no test waits a real second.

function fakeWindow(readyStateAfterClose: "loading" | "complete") {
  const listeners: Record<string, (() => void)[]> = {};
  const written: string[] = [];
  const win = {
    closed: false,
    print: vi.fn(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
    document: {
      readyState: "loading",
      open() {
        // Opening a document drops the window's listeners, as a browser does.
        for (const key of Object.keys(listeners)) delete listeners[key];
      },
      write: (html: string) => written.push(html),
      close() {
        win.document.readyState = readyStateAfterClose;
      },
    },
    load() {
      for (const fn of listeners.load ?? []) fn();
    },
  };
  return { win, written };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("writeAndPrint", () => {
  it("prints 1000 ms after the window's load event, once", () => {
    const { win, written } = fakeWindow("loading");
    writeAndPrint(win as unknown as Window, "<p>cards</p>");
    expect(written).toEqual(["<p>cards</p>"]);
    vi.advanceTimersByTime(5000);
    expect(win.print).not.toHaveBeenCalled();
    win.load();
    vi.advanceTimersByTime(PRINT_DELAY_MS - 1);
    expect(win.print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(win.print).toHaveBeenCalledTimes(1);
    win.load();
    vi.advanceTimersByTime(PRINT_DELAY_MS * 2);
    expect(win.print).toHaveBeenCalledTimes(1);
  });

  it("counts from the end of writing when the document had already loaded", () => {
    const { win } = fakeWindow("complete");
    writeAndPrint(win as unknown as Window, "<p>no images</p>");
    vi.advanceTimersByTime(PRINT_DELAY_MS - 1);
    expect(win.print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(win.print).toHaveBeenCalledTimes(1);
  });

  it("does not print a window closed before its time", () => {
    const { win } = fakeWindow("loading");
    writeAndPrint(win as unknown as Window, "<p>cards</p>");
    win.load();
    win.closed = true;
    vi.advanceTimersByTime(PRINT_DELAY_MS);
    expect(win.print).not.toHaveBeenCalled();
  });
});
