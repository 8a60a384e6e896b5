// Move animations (game-table.md section 9): a component that lands somewhere new slides there from
// where it was drawn before, in 450 ms divided by the player's evaluation speed; counter changes send
// tokens flying, 800 ms each, one every 150 ms per unit. A turn's moves play one after another on the
// default delays of section 9 (component move timeout 500 ms, set global 600 ms, counter change delay
// 100 ms and timeout 500 ms, game state moves 0), all divided by the evaluation speed: see
// turnSchedule. While another's turn plays the page takes no input (Playback: section 4's
// waitingEvaluate); Skip finishes every running animation at once (finishAnimations).
//
// The board draws each situation as it is (there is no per-move playback): the animation is a FLIP.
// Every component node reports where it is after each render and just before it unmounts; when a
// node's placement (parent, position, slot, spot) differs from the one last reported, it starts
// at the old spot with a `translate` and eases to the new one. `translate` composes with the node's
// own `transform: scale(...)`, so the animation never fights the layout.

import { EVALUATION_SPEED, findComponent, type MoveStep, moveTiming, type Situation } from "@tt/engine";
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

const clampSpeed = (speed: number) =>
  Number.isFinite(speed) && speed > 0
    ? Math.min(EVALUATION_SPEED.max, Math.max(EVALUATION_SPEED.min, speed))
    : EVALUATION_SPEED.default;

/** The active state's delayed evaluation waits its delay divided by the evaluation speed. */
export function delayedEvalMs(delay: number, speed: number): number {
  return Math.round(Math.max(0, Number.isFinite(delay) ? delay : 0) / clampSpeed(speed));
}

/**
 * When several seats may send a due delayed evaluation (an 'everyone' state), one tab sends it: the
 * first seat in seat order whose player has the table open, on time; each later one this much after
 * the one before it, should that tab be closed, so the evaluation is never lost. A sent one moves the
 * log on, which calls off the others' timers.
 */
export const DELAYED_EVAL_FALLBACK_MS = 2000;

/**
 * This tab's place in line for a due delayed evaluation: its seat's index among the active seats whose
 * player has the table open (in seat order); alwaysactive or any other seat comes after them all.
 */
export function delayedEvalRank(
  activeSeats: readonly string[],
  here: ReadonlySet<string>,
  seat: string,
): number {
  const line = activeSeats.filter((s) => here.has(s));
  const place = line.indexOf(seat);
  return place === -1 ? line.length : place;
}

/** How long this tab waits before sending a due delayed evaluation: its delay, then its place in line. */
export function delayedEvalWait(delay: number, speed: number, rank: number): number {
  return delayedEvalMs(delay, speed) + Math.max(0, rank) * DELAYED_EVAL_FALLBACK_MS;
}

/**
 * However long a turn's default delays add up to, its last move starts playing by this time: a
 * set-up that deals fifty cards shows them arriving, not a ten-second wait before the board settles.
 */
export const TURN_PLAY_MAX_MS = 4000;

/** When the parts of one turn play, in ms after the turn is drawn. */
export interface TurnSchedule {
  /** Each moved component's slide (the first move of it in the turn). */
  components: ReadonlyMap<string, number>;
  /** Each changed counter's tokens, keyed 'colour/counter'. */
  counters: ReadonlyMap<string, number>;
  /** Components whose move asked for no animation (skipAnimation). */
  still: ReadonlySet<string>;
  /**
   * New id -> old id of the pieces the turn gave new ids that this viewer kept seeing (the engine's
   * view/reissue.ts): such a piece slides from where its old id was drawn.
   */
  renamedFrom: ReadonlyMap<string, string>;
  /** The moves' popup messages (shown in the alert popup), each when its move starts. */
  popups: readonly Popup[];
  /** When the turn has finished playing. */
  total: number;
}

export interface Popup {
  at: number;
  text: string;
}

export const NO_SCHEDULE: TurnSchedule = {
  components: new Map(),
  counters: new Map(),
  still: new Set(),
  renamedFrom: new Map(),
  popups: [],
  total: 0,
};

/**
 * Section 9's default delays for a turn's moves, in order: each move waits its delay, starts, and
 * holds its timeout before the next one starts; a move's own moveDelay / moveTimeout win; all divided
 * by the evaluation speed (the engine's moveTiming). Starts are capped at TURN_PLAY_MAX_MS.
 */
export function turnSchedule(
  moves: readonly MoveStep[],
  speed: number,
  renamed: readonly (readonly [string, string])[] = [],
): TurnSchedule {
  const components = new Map<string, number>();
  const counters = new Map<string, number>();
  const still = new Set<string>();
  const popups: Popup[] = [];
  let at = 0;
  for (const move of moves) {
    const timing = moveTiming(move, clampSpeed(speed));
    at += timing.delay;
    const start = Math.round(Math.min(at, TURN_PLAY_MAX_MS));
    if ("componentId" in move && typeof move.componentId === "string") {
      if (!components.has(move.componentId)) components.set(move.componentId, start);
      if (move.skipAnimation === true) still.add(move.componentId);
    }
    if (move.type === "inc counter" || move.type === "set counter") {
      const key = `${move.player}/${move.counter}`;
      if (!counters.has(key)) counters.set(key, start);
    }
    if (typeof move.popupMessage === "string" && move.popupMessage.trim() !== "")
      popups.push({ at: start, text: move.popupMessage });
    at += timing.timeout;
  }
  // A piece that got a new id moves on its old id's time.
  const renamedFrom = new Map<string, string>();
  for (const [from, to] of renamed) {
    renamedFrom.set(to, from);
    const start = components.get(from);
    if (start !== undefined) components.set(to, start);
    if (still.has(from)) still.add(to);
  }
  const total = Math.round(Math.min(at, TURN_PLAY_MAX_MS));
  return { components, counters, still, renamedFrom, popups, total };
}

/**
 * The animations this page has started (slides and flying tokens): Skip finishes them all at once, so
 * the board shows the turn's end state. Only ours: finishing a library's endless spinner would throw.
 */
const running = new Set<Animation>();

function track(animation: Animation): void {
  running.add(animation);
  const done = () => running.delete(animation);
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
}

/** Jumps every running move animation to its end (the status bar's Skip). */
export function finishAnimations(): void {
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
  running.clear();
}

/**
 * The turns being played, in page time (ms since the epoch): input waits `until` (someone else's turn
 * plays; section 4's waitingEvaluate), and each move's popup shows when its move starts.
 */
export interface Playback {
  until: number;
  popups: readonly { due: number; text: string }[];
}

export const IDLE: Playback = { until: 0, popups: [] };

/**
 * A turn drawn at `now`. Blocking (a turn this tab did not just draw itself): input waits until it has
 * played, after any turn still playing. Its popups are due as its moves start.
 */
export function startTurn(
  playback: Playback,
  schedule: TurnSchedule,
  now: number,
  blocking: boolean,
): Playback {
  const added = schedule.popups.map((p) => ({ due: now + p.at, text: p.text }));
  const popups = [...playback.popups, ...added].sort((x, y) => x.due - y.due);
  const until =
    blocking && schedule.total > 0 ? Math.max(playback.until, now + schedule.total) : playback.until;
  return { until, popups };
}

export interface Due {
  /** Popups to show now, in order. */
  show: string[];
  playback: Playback;
  /** Input still waits. */
  playing: boolean;
  /** When to look again (the next popup or the end of the wait); null when nothing is left. */
  next: number | null;
}

/** What is due at `now`. */
export function dueAt(playback: Playback, now: number): Due {
  const show = playback.popups.filter((p) => p.due <= now).map((p) => p.text);
  const popups = playback.popups.filter((p) => p.due > now);
  const playing = playback.until > now;
  const times = [...popups.map((p) => p.due), ...(playing ? [playback.until] : [])];
  return {
    show,
    playback: { until: playing ? playback.until : 0, popups },
    playing,
    next: times.length === 0 ? null : Math.min(...times),
  };
}

/** Skip: nothing plays any more; of the popups not shown yet, the last one shows now. */
export function skipTurn(playback: Playback): { show: string | null; playback: Playback } {
  return { show: playback.popups.at(-1)?.text ?? null, playback: IDLE };
}

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
  /** The turn being drawn: when each of its components and counters starts to move. */
  schedule(): TurnSchedule;
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

export function createMotion(
  durationMs: () => number,
  schedule: () => TurnSchedule = () => NO_SCHEDULE,
): Motion {
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
    schedule,
    landed(id, element, placement) {
      const now = centre(element);
      const renamedFrom = schedule().renamedFrom.get(id);
      const last = spots.get(id) ?? (renamedFrom === undefined ? undefined : spots.get(renamedFrom));
      spots.set(id, { ...now, placement });
      const from = last === undefined ? origin(id) : last.placement === placement ? null : last;
      if (from === null || typeof element.animate !== "function" || reducedMotion()) return;
      const turn = schedule();
      if (turn.still.has(id)) return;
      // `translate` works in the parent's frame: one turned half round (the board turned for chess's
      // Black, see ComponentNode) runs the other way on screen.
      const scale = frameScale(element) * (element.dataset.frameTurned === "true" ? -1 : 1);
      const dx = (from.x - now.x) / scale;
      const dy = (from.y - now.y) / scale;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      // Until its move's turn comes the component stays where it was (fill backwards).
      track(
        element.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0 0" }], {
          duration: durationMs(),
          delay: turn.components.get(id) ?? 0,
          fill: "backwards",
          easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
        }),
      );
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
 * started `step` ms apart, the first at `startMs` (its move's turn in the turn's schedule). Drawn in a fixed overlay that nothing can click; gone when done.
 */
export function flyTokens(from: Element, to: Element, flight: Flight, color: string, startMs = 0): void {
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
      background: color,
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
      { duration: flight.duration, delay: startMs + i * flight.step, easing: "ease-in-out" },
    );
    track(animation);
    const done = () => token.remove();
    animation.onfinish = done;
    animation.oncancel = done;
  }
}
