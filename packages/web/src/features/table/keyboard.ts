// The table's keyboard shortcuts (game-table.md section 2, 'Keyboard'), as a pure mapping from a key
// press to what the player means. The page decides what each intent does. Keys are ignored while the
// player types in a text box (section 5); a focused control keeps the keys it answers itself (Enter
// presses a focused button, arrows move a focused slider or radio), and while a modal (a dialog, the
// settings drawer, a menu) is open the table's shortcuts wait: the keys belong to the modal.

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
  /** The key went to an open modal (a dialog, the settings drawer, a menu): the table waits. */
  modalOpen?: boolean;
}

/** What the shortcuts read of the element a key went to (an HTMLElement in the page). */
interface KeyTarget {
  tagName: string;
  isContentEditable?: boolean;
  /** An input's type. */
  type?: unknown;
  getAttribute(name: string): string | null;
}

function elementOf(target: EventTarget | null): KeyTarget | null {
  const t = target as Partial<KeyTarget> | null;
  return t !== null && typeof t.tagName === "string" && typeof t.getAttribute === "function"
    ? (t as KeyTarget)
    : null;
}

const inputType = (el: KeyTarget) => (typeof el.type === "string" ? el.type.toLowerCase() : "text");

/** A text box, a select or an editable element has the keyboard: shortcuts stay out of its way. */
export function isTyping(target: EventTarget | null): boolean {
  const el = elementOf(target);
  if (el === null) return false;
  if (el.isContentEditable === true) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  // Sliders, switches and checkboxes are inputs too, but nobody types in them.
  const type = inputType(el);
  return !ACTIVATED_INPUTS.has(type) && !NAVIGATED_INPUTS.has(type);
}

/** Keys that press a focused button, link, checkbox or menu item. */
const ACTIVATION_KEYS = new Set(["Enter", " ", "Spacebar"]);
/** Keys that move a focused slider, radio group, select, tab list or list box. */
const NAVIGATION_KEYS = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);
const ACTIVATED_INPUTS = new Set(["checkbox", "button", "submit", "reset", "file", "color", "image"]);
const NAVIGATED_INPUTS = new Set(["radio", "range"]);
const ACTIVATED_ROLES = new Set([
  "button",
  "link",
  "checkbox",
  "switch",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
]);
const NAVIGATED_ROLES = new Set([
  "radio",
  "radiogroup",
  "slider",
  "spinbutton",
  "scrollbar",
  "tab",
  "tablist",
  "option",
  "listbox",
  "combobox",
  "menu",
  "menubar",
  "tree",
  "treeitem",
  "grid",
  "gridcell",
]);

/**
 * Whether a focused control answers this key itself: Enter and Space press buttons, links, checkboxes
 * and menu items; sliders, radios, selects, tabs and lists also take the arrows, Home, End and the
 * page keys. Other keys (l, e, Escape, Ctrl with +) still reach the table from a focused button.
 */
export function controlOwnsKey(target: EventTarget | null, key: string): boolean {
  const el = elementOf(target);
  if (el === null) return false;
  const activates = ACTIVATION_KEYS.has(key);
  const navigates = NAVIGATION_KEYS.has(key);
  if (!activates && !navigates) return false;
  const role = el.getAttribute("role");
  if (role !== null && NAVIGATED_ROLES.has(role)) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = inputType(el);
    if (NAVIGATED_INPUTS.has(type)) return true;
    return activates && ACTIVATED_INPUTS.has(type);
  }
  if (!activates) return false;
  if (role !== null && ACTIVATED_ROLES.has(role)) return true;
  if (tag === "BUTTON" || tag === "SUMMARY") return true;
  return tag === "A" && el.getAttribute("href") !== null;
}

const isLensKey = (press: KeyPress, ctrl: boolean) =>
  press.key === "Alt" || ((press.key === "z" || press.key === "Z") && !ctrl && !press.altKey);

/** What a key press means at the table, or null for a key the table does not use. */
export function keyIntent(press: KeyPress): KeyIntent | null {
  const { key } = press;
  const ctrl = press.ctrlKey || press.metaKey;
  // Behind a modal nothing happens at the table; only a held lens may still be let go.
  if (press.modalOpen === true)
    return press.type === "keyup" && isLensKey(press, ctrl) ? { kind: "lens", on: false } : null;
  if (isTyping(press.target) || controlOwnsKey(press.target, key)) return null;
  // The zoom lens shows while Alt or z is held.
  if (isLensKey(press, ctrl)) return { kind: "lens", on: press.type === "keydown" };
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
