// Move animations (game-table.md section 9): a component that lands somewhere new slides there from
// where it was drawn before, in 450 ms divided by the player's evaluation speed; counter changes send
// tokens flying, 800 ms each, one every 150 ms per unit.
//
// The board draws each situation as it is (there is no per-move playback): the animation is a FLIP.
// Every component node reports where it is after each render and just before it unmounts; when a
// node's placement (parent, position, slot, spot) differs from the one last reported, it starts
// at the old spot with a `translate` and eases to the new one. `translate` composes with the node's
// own `transform: scale(...)`, so the animation never fights the layout.

import { EVALUATION_SPEED, findComponent, type Situation } from "@tt/engine";
import { local } from "../../lib/storage";

export const MOVE_ANIMATION_MS = 450;
export const COUNTER_FLY_MS = 800;
export const COUNTER_FLY_STEP_MS = 150;
/** More tokens than this read as noise, not as a count. */
export const COUNTER_FLY_MAX_UNITS = 10;

export const evalSpeedKey = (slug: string) => `evalSpeed-${slug}`;

/** The stored evaluation speed for a project, clamped to 0.1..3; 1 when unset or unreadable. */
export function evaluationSpeed(slug: string, store: Pick<Storage, "getItem"> = local): number {
  const raw = Number(store.getItem(evalSpeedKey(slug)));
  if (!Number.isFinite(raw) || raw <= 0) return EVALUATION_SPEED.default;
  return Math.min(EVALUATION_SPEED.max, Math.max(EVALUATION_SPEED.min, raw));
}

/** Delays are divided by the evaluation speed: faster speed, shorter animations. */
export const scaledMs = (ms: number, speed: number) => Math.round(ms / speed);

export interface Flight {
  units: number;
  sign: 1 | -1;
  duration: number;
  step: number;
}

/** One token per unit of change (at most COUNTER_FLY_MAX_UNITS), or nothing when it did not change. */
export function counterFlight(before: number, after: number, speed: number): Flight | null {
  const delta = after - before;
  if (delta === 0 || !Number.isFinite(delta)) return null;
  return {
    units: Math.min(COUNTER_FLY_MAX_UNITS, Math.abs(delta)),
    sign: delta > 0 ? 1 : -1,
    duration: scaledMs(COUNTER_FLY_MS, speed),
    step: scaledMs(COUNTER_FLY_STEP_MS, speed),
  };
}

/** Where a node is in page coordinates (centre), and what placed it there. */
interface Spot {
  x: number;
  y: number;
  placement: string;
}

export interface Motion {
  /** Called by a node after every render with its element and placement; may start an animation. */
  landed(id: string, element: HTMLElement, placement: string): void;
  /** Called just before a node's element leaves the page: remembers where it was. */
  left(id: string, element: HTMLElement): void;
  /** The situation drawn before the current one: where a never-drawn component came from. */
  previous: { current: Situation | null };
}

function centre(element: HTMLElement): { x: number; y: number } {
  const r = element.getBoundingClientRect();
  return { x: r.left + window.scrollX + r.width / 2, y: r.top + window.scrollY + r.height / 2 };
}

/** How much the node's parent frame is scaled on screen: moves are given in that frame's units. */
function frameScale(element: HTMLElement): number {
  const parent = element.offsetParent;
  if (!(parent instanceof HTMLElement) || parent.offsetWidth === 0) return 1;
  return parent.getBoundingClientRect().width / parent.offsetWidth || 1;
}

function reducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

export function createMotion(durationMs: () => number): Motion {
  const spots = new Map<string, Spot>();
  const previous: { current: Situation | null } = { current: null };

  /** A component drawn for the first time (say, a card out of a deck) starts at its old container. */
  function origin(id: string): { x: number; y: number } | null {
    const before = previous.current;
    if (before === null) return null;
    let parent = findComponent(before.root, id)?.parent ?? null;
    while (parent !== null) {
      const spot = spots.get(parent);
      if (spot !== undefined) return spot;
      parent = findComponent(before.root, parent)?.parent ?? null;
    }
    return null;
  }

  return {
    previous,
    landed(id, element, placement) {
      const now = centre(element);
      const last = spots.get(id);
      spots.set(id, { ...now, placement });
      const from = last === undefined ? origin(id) : last.placement === placement ? null : last;
      if (from === null || typeof element.animate !== "function" || reducedMotion()) return;
      const scale = frameScale(element);
      const dx = (from.x - now.x) / scale;
      const dy = (from.y - now.y) / scale;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      element.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0 0" }], {
        duration: durationMs(),
        easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
      });
    },
    left(id, element) {
      const last = spots.get(id);
      if (last === undefined || !element.isConnected) return;
      spots.set(id, { ...centre(element), placement: last.placement });
    },
  };
}

/**
 * Tokens fly between two elements (the board and a counter): one per unit, each `duration` ms,
 * started `step` ms apart. Drawn in a fixed overlay that nothing can click; gone when done.
 */
export function flyTokens(from: Element, to: Element, flight: Flight, colour: string): void {
  if (typeof document === "undefined" || reducedMotion()) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const start = { x: a.left + a.width / 2, y: a.top + a.height / 2 };
  const end = { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  for (let i = 0; i < flight.units; i++) {
    const token = document.createElement("div");
    token.setAttribute("aria-hidden", "true");
    token.textContent = flight.sign > 0 ? "+1" : "-1";
    Object.assign(token.style, {
      position: "fixed",
      left: `${start.x - 14}px`,
      top: `${start.y - 14}px`,
      width: "28px",
      height: "28px",
      lineHeight: "28px",
      borderRadius: "50%",
      background: colour,
      color: "#fff",
      font: "700 12px sans-serif",
      textAlign: "center",
      boxShadow: "0 2px 6px rgba(0,0,0,0.4)",
      pointerEvents: "none",
      zIndex: "1500",
      opacity: "0",
    });
    document.body.append(token);
    if (typeof token.animate !== "function") {
      token.remove();
      continue;
    }
    const animation = token.animate(
      [
        { opacity: 1, translate: "0 0" },
        { opacity: 1, translate: `${end.x - start.x}px ${end.y - start.y}px` },
      ],
      { duration: flight.duration, delay: i * flight.step, easing: "ease-in-out" },
    );
    const done = () => token.remove();
    animation.onfinish = done;
    animation.oncancel = done;
  }
}
