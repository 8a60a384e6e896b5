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
