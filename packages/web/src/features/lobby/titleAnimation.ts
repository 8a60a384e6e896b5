// 'Table starting' title animation (spec sections 4 and 9): 12 frames of 500 ms with rotating arrows,
// then the page's own title is restored.

export const TITLE_FRAME_COUNT = 12;
export const TITLE_FRAME_MS = 500;
const ARROWS = ["\u2191", "\u2197", "\u2192", "\u2198", "\u2193", "\u2199", "\u2190", "\u2196"] as const;

/** Frame i: the arrow turns an eighth each frame. */
export function titleFrame(index: number): string {
  const arrow = ARROWS[((index % ARROWS.length) + ARROWS.length) % ARROWS.length];
  return `${arrow} Table starting ${arrow}`;
}

export interface TitleTarget {
  get(): string;
  set(title: string): void;
  /** Calls back when someone else changes the title; returns the unsubscribe. */
  watch?(listener: () => void): () => void;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): number;
  clearInterval(id: number): void;
}

const browserTimers: Timers = {
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (id) => window.clearInterval(id),
};

const documentTitle: TitleTarget = {
  get: () => document.title,
  set: (title) => {
    document.title = title;
  },
  watch: (listener) => {
    if (typeof MutationObserver === "undefined") return () => undefined;
    const observer = new MutationObserver(listener);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  },
};

let cancelRunning: (() => void) | null = null;

/**
 * Runs the animation and returns a function that stops it early. It outlives the page that started it
 * (the lobby navigates to the table page at once). A title set by someone else meanwhile (the table
 * page naming itself) is what is restored at the end. A second call restarts the animation.
 */
export function animateTitle(
  target: TitleTarget = documentTitle,
  timers: Timers = browserTimers,
): () => void {
  cancelRunning?.();
  let original = target.get();
  let shown = titleFrame(0);
  let frame = 0;
  target.set(shown);
  // The page navigated to names itself at once: take that as the title to restore, keep the frame.
  const unwatch = target.watch?.(() => {
    const current = target.get();
    if (current === shown) return;
    original = current;
    target.set(shown);
  });
  const id = timers.setInterval(() => {
    const current = target.get();
    if (current !== shown) original = current;
    frame += 1;
    if (frame >= TITLE_FRAME_COUNT) {
      stop();
      return;
    }
    shown = titleFrame(frame);
    target.set(shown);
  }, TITLE_FRAME_MS);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    timers.clearInterval(id);
    unwatch?.();
    if (target.get() === shown) target.set(original);
    if (cancelRunning === stop) cancelRunning = null;
  }
  cancelRunning = stop;
  return stop;
}
