import type {
  ComponentSpec,
  ComponentTree,
  DeckInfo,
  JsonObject,
  OverviewStat,
  PartialRuleModule,
  SetupPlayer,
} from "@tt/engine";

/** Declared by the engine, which parses it; the games name it where they ship one. */
export type { ComponentTree };

// The contract between a shipped game and the platform. Content is plain data (seeded into the
// database, editable by designers later); the module is the game's rules (pure functions).

/** One value of a select option (platform-lobby-accounts.md section 3, 'Game option'). */
export interface GameOptionValue {
  displayName: string;
  displayOrder: number;
  /** Offered only to privileged users (admins, staff, the project's designers and mods). */
  hidden?: boolean;
  /** Shown in place of displayName to those who may see hidden values. */
  hiddenDisplay?: string;
}

/** A table option. Default order: defaultBool, then default, then false (checkbox), then the first value. */
export interface GameOption {
  displayName: string;
  displayOrder: number;
  type: "checkbox" | "select";
  default?: string;
  defaultBool?: boolean;
  values?: { [value: string]: GameOptionValue };
  hidden?: boolean;
  /** Shown only while, for each referenced option, its value equals eq and differs from ne. */
  condition?: { [option: string]: { eq?: string | boolean; ne?: string | boolean } };
  customStyle?: string;
}

/** A change-log version. Keys starting with '__' are shown only to project admins. */
export interface ChangeLogEntry {
  version: string;
  date: string;
  /** HTML, sanitised by the server. */
  notes: string;
}

/** Where the pieces stand at the start: what the game's set-up instantiates. */
export interface StartLayout {
  root: ComponentSpec;
  playerArea?: ComponentSpec;
  counters?: { name: string; value: number; options?: JsonObject }[];
}

export interface ProjectContent {
  slug: string;
  projectName: string;
  designer: string;
  visibility: "public" | "closed" | "unlisted";
  /** HTML; sanitised by the server before it is stored or shown. */
  description: string;
  /** File name -> SVG text, served at /game-assets/{slug}/{file}. Must include box.svg and background.svg. */
  images: { [file: string]: string };
  options: { [key: string]: GameOption };
  /** Oldest first; the lobby opens on the newest. */
  changeLog: ChangeLogEntry[];
  components: ComponentTree;
  decks: { [deckName: string]: DeckInfo };
  /** Image file of the overview help card shown at the table, if any. */
  overviewCard?: string;
  /** Stats shown on the results page (game-table.md 'Overview stat'). */
  overviewStats: OverviewStat[];
  /** Allowed player counts. */
  players: { min: number; max: number };
}

export interface ShippedGame {
  content: ProjectContent;
  /** The rules; omitted hooks fall back to the engine's default module. */
  module: PartialRuleModule;
  /** The start layout for these options and players. */
  layout(options: JsonObject, players: SetupPlayer[]): StartLayout;
}
