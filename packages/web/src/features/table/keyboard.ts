// The table's keyboard shortcuts (game-table.md section 2, 'Keyboard'), as a pure mapping from a key
// press to what the player means. The page decides what each intent does; keys are ignored while
// the player types in a text box (section 5).

import { REPLAY_STEP } from "@tt/engine";

export type KeyIntent =
  | { kind: "discard" }
  | { kind: "flip" }
  | { kind: "ping" }
  | { kind: "deselect" }
  | { kind: "toggle edit mode" }
  | { kind: "reload components" }
  | { kind: "replay step"; by: number }
  | { kind: "toggle log" }
  | { kind: "open chat" }
  | { kind: "zoom"; direction: 1 | -1 }
  | { kind: "lens"; on: boolean };

export interface KeyPress {
  key: string;
  type: "keydown" | "keyup";
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  /** The element the key went to. */
  target: EventTarget | null;
}

/** A text box, a select or an editable element has the keyboard: shortcuts stay out of its way. */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === "undefined" || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  if (target.tagName !== "INPUT") return false;
  // Sliders, switches and checkboxes are inputs too, but nobody types in them.
  const type = (target as HTMLInputElement).type;
  return !["range", "checkbox", "radio", "button", "submit"].includes(type);
}

/** What a key press means at the table, or null for a key the table does not use. */
export function keyIntent(press: KeyPress): KeyIntent | null {
  if (isTyping(press.target)) return null;
  const { key } = press;
  const ctrl = press.ctrlKey || press.metaKey;
  // The zoom lens shows while Alt or z is held.
  if (key === "Alt" || ((key === "z" || key === "Z") && !ctrl && !press.altKey))
    return { kind: "lens", on: press.type === "keydown" };
  if (press.type !== "keydown") return null;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const step = ctrl ? REPLAY_STEP.ctrl : REPLAY_STEP.plain;
    return { kind: "replay step", by: key === "ArrowLeft" ? -step : step };
  }
  if (ctrl && (key === "+" || key === "=")) return { kind: "zoom", direction: 1 };
  if (ctrl && (key === "-" || key === "_")) return { kind: "zoom", direction: -1 };
  if (ctrl || press.altKey) return null;
  switch (key) {
    case "Delete":
      return { kind: "discard" };
    case "Escape":
      return { kind: "deselect" };
    case "Enter":
      return { kind: "open chat" };
    default:
      break;
  }
  if (press.repeat === true) return null;
  switch (key.toLowerCase()) {
    case "f":
      return { kind: "flip" };
    case "g":
      return { kind: "ping" };
    case "e":
      return { kind: "toggle edit mode" };
    case "r":
      return { kind: "reload components" };
    case "l":
      return { kind: "toggle log" };
    default:
      return null;
  }
}
