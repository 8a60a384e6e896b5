// Business constants and limits of the component editor (admin-decks-editor.md sections 5 and 9).

export const DIM_MIN = 1;
export const DIM_MAX = 1000;
export const BASE_SCALE_MIN = 0.1;
export const BASE_SCALE_MAX = 10;
export const BASE_SCALE_STEP = 0.01;
export const SCALE_MULT_MIN = 0;
export const SCALE_MULT_MAX = 100;
export const SCALE_MULT_STEP = 0.1;
export const DIRECTION_MIN = 0;
export const DIRECTION_MAX = 359;
export const SPREAD_MIN = 0;
export const SPREAD_MAX = 10000;
export const COORD_MIN = -10000;
export const COORD_MAX = 10000;

/** Saves (base scale included) wait this long after the last change: one call per burst of edits. */
export const AUTOSAVE_MS = 500;
/** The raw JSON editor re-checks its text this often. */
export const JSON_CHECK_MS = 1500;
/** Position-set name errors stay in red this long. */
export const ERROR_TOAST_MS = 5000;

export const ZOOM_FACTOR = 1.5;
export const DOT_SIZES = { small: 1, medium: 4, large: 16 } as const;
export const DEFAULT_GRID = 100;
/** Every tenth grid line is drawn stronger. */
export const GRID_MAJOR_EVERY = 10;
