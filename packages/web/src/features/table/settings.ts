// The table settings panel's values (game-table.md sections 2, 3 'Local browser storage', 5 and 9):
// their ranges, defaults and the browser-storage keys they live under. Reading clamps whatever is
// stored (an old or hand-edited value must not break the table); writing stores the clamped value.

import { EVALUATION_SPEED } from "@tt/engine";
import { STORAGE_KEYS } from "@tt/protocol";
import type { KeyValueStore } from "../../lib/storage";
import { evalSpeedKey } from "./motion";

/** The settings panel's zoom slider range; the stored value may range wider (see storedZoom). */
export const ZOOM = { min: 25, max: 400, default: 100, step: 1, debounceMs: 250 } as const;
/** Stored zoom: 25..600, snapped to 100 within 98..102 (the spec's second reading of zoom). */
export const STORED_ZOOM = { min: 25, max: 600, snapFrom: 98, snapTo: 102 } as const;
export const VOLUME = { min: 0, max: 1, step: 0.01, default: 0.5 } as const;
export const LENS = { size: 550, scale: 2.5, minScale: 1.2, maxScale: 6, wheelStep: 0.1 } as const;
/** Ctrl + wheel and Ctrl with + or - change the zoom by this many percent. */
export const SCALE_STEP = 3;
export const TOOLTIP_DELAY_MS = 1500;
/** The width the board is laid out for: the game area's width until it has been measured. */
export const BASE_WIDTH = 1000;
/** Windows narrower than this are small screens (phones). */
export const SMALL_SCREEN_WIDTH = 600;
/** The board never grows past this on a wide window at zoom 100. */
export const MAX_FITTED_SCALE = 1.5;
export const COPY_ALERT_MS = 1000;

export const settingKeys = {
  zoom: (slug: string) => `zoom-${slug}`,
  edgeScroll: (slug: string) => `edgeScroll-${slug}`,
  tooltips: (slug: string) => `display-tooltips:${slug}`,
  tooltipsGlobal: "display-tooltips-global",
  volume: STORAGE_KEYS.globalVolume,
  evalSpeed: evalSpeedKey,
  closeChat: "close-after-message-sent",
} as const;

export interface TableSettings {
  /** Percent of the fitted board size. */
  zoom: number;
  volume: number;
  evalSpeed: number;
  edgeScroll: boolean;
  tooltips: boolean;
  closeChatAfterSend: boolean;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

function numberOr(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === "") return fallback;
  const n = Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

/** A zoom as stored: clamped to 25..600 and snapped to 100 when it is within 98..102. */
export function storedZoom(value: number): number {
  const v = clamp(Math.round(value), STORED_ZOOM.min, STORED_ZOOM.max);
  return v >= STORED_ZOOM.snapFrom && v <= STORED_ZOOM.snapTo ? ZOOM.default : v;
}

export function readSettings(store: Pick<KeyValueStore, "getItem">, slug: string): TableSettings {
  const flag = (key: string, fallback: boolean) => {
    const raw = store.getItem(key);
    return raw === null ? fallback : raw === "true";
  };
  // Tooltips: the project's own choice wins; otherwise the last choice made at any table.
  const tooltipsGlobal = flag(settingKeys.tooltipsGlobal, true);
  return {
    zoom: storedZoom(numberOr(store.getItem(settingKeys.zoom(slug)), ZOOM.default)),
    volume: clamp(numberOr(store.getItem(settingKeys.volume), VOLUME.default), VOLUME.min, VOLUME.max),
    evalSpeed: clamp(
      numberOr(store.getItem(settingKeys.evalSpeed(slug)), EVALUATION_SPEED.default),
      EVALUATION_SPEED.min,
      EVALUATION_SPEED.max,
    ),
    edgeScroll: flag(settingKeys.edgeScroll(slug), false),
    tooltips: flag(settingKeys.tooltips(slug), tooltipsGlobal),
    closeChatAfterSend: flag(settingKeys.closeChat, false),
  };
}

/** Stores one changed setting under its key; returns the settings as they now read back. */
export function writeSetting<K extends keyof TableSettings>(
  store: KeyValueStore,
  slug: string,
  key: K,
  value: TableSettings[K],
): TableSettings {
  const text = String(value);
  switch (key) {
    case "zoom":
      store.setItem(settingKeys.zoom(slug), String(storedZoom(Number(value))));
      break;
    case "volume":
      store.setItem(settingKeys.volume, String(clamp(Number(value), VOLUME.min, VOLUME.max)));
      break;
    case "evalSpeed":
      store.setItem(
        settingKeys.evalSpeed(slug),
        String(clamp(Number(value), EVALUATION_SPEED.min, EVALUATION_SPEED.max)),
      );
      break;
    case "edgeScroll":
      store.setItem(settingKeys.edgeScroll(slug), text);
      break;
    case "tooltips":
      store.setItem(settingKeys.tooltips(slug), text);
      store.setItem(settingKeys.tooltipsGlobal, text);
      break;
    case "closeChatAfterSend":
      store.setItem(settingKeys.closeChat, text);
      break;
  }
  return readSettings(store, slug);
}

/** Ctrl with + or - and Ctrl + wheel: one step of SCALE_STEP percent, kept in the slider's range. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return clamp(zoom + direction * SCALE_STEP, ZOOM.min, ZOOM.max);
}

/** Alt + wheel: the zoom lens magnification, kept in a range where the lens still makes sense. */
export function stepLens(scale: number, direction: 1 | -1): number {
  return Math.round(clamp(scale + direction * LENS.wheelStep, LENS.minScale, LENS.maxScale) * 100) / 100;
}
