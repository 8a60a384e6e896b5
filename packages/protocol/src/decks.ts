// Upload limits and status texts of project administration (admin-decks-editor.md sections 4, 7, 8,
// 9), shared by the server that enforces them and the page that shows them.

import type { ComponentTree, Deck } from "@tt/engine";

const MB = 1024 * 1024;

/**
 * The answer to a deck's sheet or .psd update: the deck, and what its cards would trip over in the
 * viewer, at the table and in print (engine deckReport): rows left out, unknown rules and layers,
 * missing icons and images, each once with the sheet rows. Empty when every card draws cleanly.
 */
export type DeckUpdate = Deck & { problems: string[] };

/** Heading of the problems list under an update's status. */
export const DECK_PROBLEMS_HEADING = "Problems found in this deck";

/** Hard ceiling of any one uploaded file; each kind has its own, lower limit below. */
export const UPLOAD_MAX_BYTES = 50 * MB;
export const ASSET_MAX_BYTES = 10 * MB;
export const XLSX_MAX_BYTES = 10 * MB;
export const PSD_MAX_BYTES = 50 * MB;

/**
 * What an upload may unpack to, read from its headers and checked before anything of it is decoded
 * (issue 36 point 5: an 895-byte WOFF2 declared 1 GiB of tables). The .psd and .xlsx readers have
 * their own caps beside these (the server's PSD_LIMITS, XLSX_LIMITS).
 */
export const DECODE_LIMITS = {
  /**
   * A WOFF or WOFF2 font's tables unpacked (its totalSfntSize, the tables' lengths, the stream WOFF2
   * decompresses): twice the largest common fonts (a CJK OpenType font is ~16 MB unpacked).
   */
  fontBytes: 32 * MB,
  /** An image's longer side in pixels: the largest texture browsers draw an image from; WebP's own ceiling. */
  imageSide: 16_384,
  /** One image's (one frame's) pixels: 160 MB of RGBA in every browser that shows it; a .psd's canvas cap. */
  imagePixels: 40_000_000,
  /** Every frame of an animated GIF, PNG or WebP together: what one loop decodes; a .psd's layers' cap. */
  animationPixels: 200_000_000,
} as const;

/**
 * Reads of uploaded files one user may have in one server process's workers at once, running or
 * waiting (issue 36 point 9); one more is refused with UPLOAD_LIMIT_MESSAGES.tooManyUploads.
 */
export const UPLOAD_JOBS_PER_USER = 2;

const count = (n: number) => n.toLocaleString("en-US");

/** The refusals of the limits above, as the server words them (the admin page shows them as they are). */
export const UPLOAD_LIMIT_MESSAGES = {
  fontTooLarge: (name: string, bytes: number) =>
    `${name} unpacks to ${Math.ceil(bytes / MB)} MB of font tables; a font may unpack to at most ${DECODE_LIMITS.fontBytes / MB} MB.`,
  imageTooLarge: (what: string, width: number, height: number) =>
    `${what} is ${width}x${height} pixels; the limit is ${count(DECODE_LIMITS.imageSide)} pixels a side and ${count(DECODE_LIMITS.imagePixels)} pixels in all.`,
  animationTooLarge: (name: string, frames: number, pixels: number) =>
    `${name} has ${count(frames)} frames of ${count(pixels)} pixels in all; an animation may have at most ${count(DECODE_LIMITS.animationPixels)} pixels in all its frames.`,
  tooManyUploads: (max: number) =>
    `You already have ${max} uploads being read by the server: wait until one of them is done, then send this one again.`,
} as const;
/** Global and deck assets: images a card or a board can show. */
export const ASSET_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"] as const;
export const ASSET_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg"] as const;
/**
 * Fonts a deck's cards may use (uploaded with the deck's assets): the .psd names them by PostScript
 * name, and every view (viewer, table, print, PDF) declares them for the deck's cards.
 */
export const FONT_EXTENSIONS = [".ttf", ".otf", ".woff", ".woff2"] as const;
export const DECK_ASSET_EXTENSIONS = [...ASSET_EXTENSIONS, ...FONT_EXTENSIONS] as const;
/** Safe stored file names: what a URL, a disk and S3 all take without escaping. */
export const ASSET_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

export const DECK_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/;
export const DECK_SHEET_DEFAULTS = {
  rulesSheetName: "rules",
  rulesRevSheetName: "rules_rev",
  dataSheetName: "data",
};

export const STATUS = {
  updating: "Updating...",
  updateSuccess: "Update success",
  loadingSheet: "Loading sheet...",
  uploading: "Uploading...",
  uploadSuccess: "Upload success",
  creatingDeck: "Creating deck...",
  loadingPsd: "Loading .psd...",
  psdUpdated: ".psd updated",
  loadingAssets: "Loading assets...",
  assetsUpdated: "assets updated",
} as const;

export const uploadError = (text: string) => `Upload error: ${text}`;
export const networkError = (message: string) => `Network error: ${message}`;

/** GET /api/projects/{slug}/assets answers a list of these, sorted by name. */
export interface GlobalAsset {
  name: string;
  /** Where the browser loads the file from. */
  url: string;
  size: number;
  type: (typeof ASSET_TYPES)[number];
  /** ISO date and time. */
  uploadedAt: string;
  width?: number;
  height?: number;
}

/** GET /api/projects/{slug}/decks: the decks and the data sheet's outline, for the admin page. */
export interface DecksInfo {
  decks: Record<string, Deck>;
  dataSheetId: string;
  /** Sheet name -> number of rows of the project's data sheet. */
  dataSheet: Record<string, number>;
  /** Designers and site admins change decks; mods only see them. */
  mayEdit: boolean;
  /** Where 'Open the spreadsheet' goes: the server's configured sheet host, '{id}' for the sheet id. */
  sheetOpenUrl: string;
}

/** GET and POST /api/projects/{slug}/components[?development=true] answer this. */
export interface ComponentsResponse {
  components: ComponentTree;
  version: number;
  development: boolean;
}

/** POST /api/projects/{slug}/push-dev-to-production: the production components' new version. */
export interface PushToProductionResponse {
  version: number;
}
