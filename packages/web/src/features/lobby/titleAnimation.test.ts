import { describe, expect, it } from "vitest";
import { animateTitle, TITLE_FRAME_COUNT, TITLE_FRAME_MS, type Timers, titleFrame } from "./titleAnimation";

function fakeTimers() {
  let tick: (() => void) | null = null;
  let ms = 0;
  const timers: Timers = {
    setInterval: (fn, interval) => {
      tick = fn;
      ms = interval;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
  };
  return { timers, step: () => tick?.(), running: () => tick !== null, interval: () => ms };
}

function fakeTitle(initial: string) {
  let title = initial;
  const history: string[] = [];
  return {
    target: {
      get: () => title,
      set: (t: string) => {
        title = t;
        history.push(t);
      },
    },
    history,
    current: () => title,
  };
}

describe("titleFrame", () => {
  it("reads 'Table starting' with an arrow that turns each frame", () => {
    expect(titleFrame(0)).toBe("\u2191 Table starting \u2191");
    expect(titleFrame(2)).toBe("\u2192 Table starting \u2192");
    const frames = Array.from({ length: TITLE_FRAME_COUNT }, (_, i) => titleFrame(i));
    for (let i = 1; i < frames.length; i++) expect(frames[i]).not.toBe(frames[i - 1]);
    expect(titleFrame(8)).toBe(titleFrame(0));
  });
});

describe("animateTitle", () => {
  it("shows 12 frames of 500 ms, then restores the title", () => {
    const clock = fakeTimers();
    const title = fakeTitle("Chess - Tabletop Lab");
    animateTitle(title.target, clock.timers);
    expect(clock.interval()).toBe(TITLE_FRAME_MS);
    for (let i = 0; i < TITLE_FRAME_COUNT; i++) clock.step();
    expect(title.history.slice(0, TITLE_FRAME_COUNT)).toEqual(
      Array.from({ length: TITLE_FRAME_COUNT }, (_, i) => titleFrame(i)),
    );
    expect(title.current()).toBe("Chess - Tabletop Lab");
    expect(clock.running()).toBe(false);
  });

  it("restores the title the next page set meanwhile", () => {
    const clock = fakeTimers();
    const title = fakeTitle("Lobby");
    animateTitle(title.target, clock.timers);
    clock.step();
    title.target.set("Table abc - Tabletop Lab");
    for (let i = 0; i < TITLE_FRAME_COUNT; i++) clock.step();
    expect(title.current()).toBe("Table abc - Tabletop Lab");
  });

  it("keeps showing the frame when the next page names itself, and restores that name", () => {
    const clock = fakeTimers();
    const title = fakeTitle("Lobby");
    let listener: (() => void) | null = null;
    const target = {
      ...title.target,
      watch: (l: () => void) => {
        listener = l;
        return () => {
          listener = null;
        };
      },
    };
    animateTitle(target, clock.timers);
    title.target.set("Table abc - Tabletop Lab");
    (listener as (() => void) | null)?.();
    expect(title.current()).toBe(titleFrame(0));
    for (let i = 0; i < TITLE_FRAME_COUNT; i++) clock.step();
    expect(title.current()).toBe("Table abc - Tabletop Lab");
    expect(listener).toBeNull();
  });

  it("stops early on request", () => {
    const clock = fakeTimers();
    const title = fakeTitle("Lobby");
    const stop = animateTitle(title.target, clock.timers);
    clock.step();
    stop();
    expect(title.current()).toBe("Lobby");
    expect(clock.running()).toBe(false);
  });
});
