import { describe, expect, it } from "vitest";
import { controlOwnsKey, type KeyPress, keyIntent } from "./keyboard";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  type: "keydown",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: null,
  ...more,
});

/** A stand-in for a focused element: what the shortcuts read of it. */
function element(
  tagName: string,
  more: { type?: string; role?: string; href?: string; editable?: boolean } = {},
): EventTarget {
  const attributes: Record<string, string | undefined> = { role: more.role, href: more.href };
  return {
    tagName,
    type: more.type ?? (tagName === "INPUT" ? "text" : undefined),
    isContentEditable: more.editable === true,
    getAttribute: (name: string) => attributes[name] ?? null,
  } as unknown as EventTarget;
}

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

  it("leaves Enter and Space to a focused button, link, checkbox or menu item", () => {
    const focused = [
      element("BUTTON"),
      element("A", { href: "/rules" }),
      element("INPUT", { type: "checkbox" }),
      element("INPUT", { type: "checkbox", role: "switch" }),
      element("INPUT", { type: "submit" }),
      element("DIV", { role: "button" }),
      element("LI", { role: "menuitem" }),
      element("SUMMARY"),
    ];
    for (const target of focused) {
      expect(keyIntent(press("Enter", { target }))).toBeNull();
      expect(controlOwnsKey(target, " ")).toBe(true);
    }
    // A link without an address is no link; the board and the page are no controls.
    expect(keyIntent(press("Enter", { target: element("A") }))).toEqual({ kind: "open chat" });
    expect(keyIntent(press("Enter", { target: element("BODY") }))).toEqual({ kind: "open chat" });
    expect(keyIntent(press("Enter", { target: element("DIV", { role: "application" }) }))).toEqual({
      kind: "open chat",
    });
  });

  it("leaves the arrows to a focused slider, radio, select or list, but not to a button", () => {
    const navigated = [
      element("INPUT", { type: "range" }),
      element("INPUT", { type: "radio" }),
      element("SPAN", { role: "slider" }),
      element("DIV", { role: "radiogroup" }),
      element("SELECT"),
      element("DIV", { role: "combobox" }),
      element("UL", { role: "listbox" }),
      element("BUTTON", { role: "tab" }),
    ];
    for (const target of navigated) {
      expect(keyIntent(press("ArrowRight", { target }))).toBeNull();
      expect(keyIntent(press("ArrowLeft", { target, ctrlKey: true }))).toBeNull();
      expect(keyIntent(press("Enter", { target }))).toBeNull();
    }
    // The replay's step buttons have no use for the arrows: they still step.
    expect(keyIntent(press("ArrowRight", { target: element("BUTTON") }))).toEqual({
      kind: "replay step",
      by: 1,
    });
  });

  it("keeps letter shortcuts and Ctrl with + working from a focused button", () => {
    const button = element("BUTTON");
    expect(keyIntent(press("l", { target: button }))).toEqual({ kind: "toggle log" });
    expect(keyIntent(press("Escape", { target: button }))).toEqual({ kind: "deselect" });
    expect(keyIntent(press("+", { target: button, ctrlKey: true }))).toEqual({ kind: "zoom", direction: 1 });
    expect(keyIntent(press("z", { target: button }))).toEqual({ kind: "lens", on: true });
  });

  it("ignores every key while typing", () => {
    for (const target of [
      element("INPUT"),
      element("INPUT", { type: "search" }),
      element("TEXTAREA"),
      element("DIV", { editable: true }),
    ]) {
      for (const key of ["Enter", "l", "ArrowLeft", "Delete", "z"])
        expect(keyIntent(press(key, { target }))).toBeNull();
    }
  });

  it("does nothing behind an open modal, except letting go of the lens", () => {
    const modal = { modalOpen: true };
    for (const key of ["Enter", "ArrowRight", "ArrowLeft", "l", "e", "r", "g", "f", "Delete", "Escape"])
      expect(keyIntent(press(key, modal))).toBeNull();
    expect(keyIntent(press("ArrowRight", { ...modal, ctrlKey: true }))).toBeNull();
    expect(keyIntent(press("+", { ...modal, ctrlKey: true }))).toBeNull();
    expect(keyIntent(press("z", modal))).toBeNull();
    expect(keyIntent(press("Alt", { ...modal, altKey: true }))).toBeNull();
    expect(keyIntent(press("Alt", { ...modal, type: "keyup" }))).toEqual({ kind: "lens", on: false });
    expect(keyIntent(press("z", { ...modal, type: "keyup" }))).toEqual({ kind: "lens", on: false });
  });
});
