import { describe, expect, it } from "vitest";
import { type KeyPress, keyIntent } from "./keyboard";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  type: "keydown",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...more,
});

describe("table keys", () => {
  it("maps the spec's shortcuts", () => {
    expect(keyIntent(press("Delete"))).toEqual({ kind: "discard" });
    expect(keyIntent(press("f"))).toEqual({ kind: "flip" });
    expect(keyIntent(press("g"))).toEqual({ kind: "ping" });
    expect(keyIntent(press("Escape"))).toEqual({ kind: "deselect" });
    expect(keyIntent(press("e"))).toEqual({ kind: "toggle edit mode" });
    expect(keyIntent(press("E"))).toEqual({ kind: "toggle edit mode" });
    expect(keyIntent(press("r"))).toEqual({ kind: "reload components" });
    expect(keyIntent(press("l"))).toEqual({ kind: "toggle log" });
    expect(keyIntent(press("Enter"))).toEqual({ kind: "open chat" });
    expect(keyIntent(press("x"))).toBeNull();
  });

  it("steps the replay by 1, or 10 with Ctrl or Cmd", () => {
    expect(keyIntent(press("ArrowRight"))).toEqual({ kind: "replay step", by: 1 });
    expect(keyIntent(press("ArrowLeft"))).toEqual({ kind: "replay step", by: -1 });
    expect(keyIntent(press("ArrowRight", { ctrlKey: true }))).toEqual({ kind: "replay step", by: 10 });
    expect(keyIntent(press("ArrowLeft", { metaKey: true }))).toEqual({ kind: "replay step", by: -10 });
  });

  it("changes the scale with Ctrl and + or -", () => {
    expect(keyIntent(press("+", { ctrlKey: true }))).toEqual({ kind: "zoom", direction: 1 });
    expect(keyIntent(press("=", { ctrlKey: true }))).toEqual({ kind: "zoom", direction: 1 });
    expect(keyIntent(press("-", { ctrlKey: true }))).toEqual({ kind: "zoom", direction: -1 });
    expect(keyIntent(press("f", { ctrlKey: true }))).toBeNull();
  });

  it("shows the zoom lens while Alt or z is held, and hides it on release", () => {
    expect(keyIntent(press("Alt", { altKey: true }))).toEqual({ kind: "lens", on: true });
    expect(keyIntent(press("Alt", { type: "keyup" }))).toEqual({ kind: "lens", on: false });
    expect(keyIntent(press("z"))).toEqual({ kind: "lens", on: true });
    expect(keyIntent(press("z", { type: "keyup" }))).toEqual({ kind: "lens", on: false });
    expect(keyIntent(press("f", { type: "keyup" }))).toBeNull();
  });

  it("does not repeat one-shot keys held down", () => {
    expect(keyIntent(press("g", { repeat: true }))).toBeNull();
    expect(keyIntent(press("ArrowRight", { repeat: true }))).toEqual({ kind: "replay step", by: 1 });
  });
});
