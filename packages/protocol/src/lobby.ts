import { PLAYER_COLOR_NAMES, type TileStat } from "@tt/engine";
import { z } from "zod";
import type { FeedbackQuestion } from "./feedbackForm";

// Lobby contract (platform-lobby-accounts.md sections 3, 5, 7): table tiles, project detail, table calls.

/** Player colours with hex (spec section 3); the engine owns the game constants. */
export { PLAYER_COLORS, type PlayerColor } from "@tt/engine";
export const COLOR_NAMES = PLAYER_COLOR_NAMES;

export const MAX_PLAYERS = 4;
export const TABLE_LIST_PAGE_SIZE = 20;

export const TABLE_MODES = {
  "public-sandbox": "Public Sandbox",
  "competitive-edit": "Competitive Edit",
  "demo-invite": "Demo Invite",
  "private-sandbox": "Private Sandbox",
  competitive: "Competitive",
  debug: "Debug",
} as const;
export type TableMode = keyof typeof TABLE_MODES;
/**
 * Offered in the table creator; demo-invite only to privileged users (spec section 5). The spec names
 * competitive without offering it; issue 36 offers it, so publishers can test with no edit mode at all.
 */
export const OFFERED_TABLE_MODES = [
  "public-sandbox",
  "competitive-edit",
  "competitive",
  "demo-invite",
] as const;
export const DEFAULT_TABLE_MODE: TableMode = "competitive-edit";

/** Modes in which the creator chooses the number of players and their colours. */
export function choosesColors(mode: string): boolean {
  return mode.includes("sandbox") || mode === "demo-invite";
}

export type TableListStatus = "open" | "midgame" | "ended" | "my";

export interface Badge {
  name: string;
  displayName: string;
  description: string;
}

export interface UserInfo {
  username: string;
  badges: Badge[];
}

export interface SeatInfo {
  color: string;
  userInfo: UserInfo | null;
  /** A seat without a user: a dummy player named Dummy-{colour}. */
  nonuser: boolean;
  /** A bot plays this seat (the server plays its turns): its name, botLabel ('Bot (Random)'). */
  bot?: string;
}

/** A game's figure on its tile (spec section 3, tableTileStats); the engine computes them (tileStats). */
export type TableTileStat = TileStat;

export interface TableOptionDisplay {
  display_name: string;
  display_value: string;
  value: string | boolean;
}

/** A table as lobby lists, tiles and lobby events carry it. */
export interface TableInfo {
  tableId: string;
  status: "open" | "midgame" | "ended" | "notexist";
  tableMode: string;
  creator: UserInfo;
  createdTime: string;
  isPrivate: boolean;
  expected_move_id: number;
  numPlayers: number;
  playerColors: SeatInfo[];
  possibleColors: string[];
  tableTileStats: TableTileStat[];
  start_position: { options: Record<string, string | boolean>; numPlayers: number };
  /** Options visible to this user, for the tile. */
  options: Record<string, TableOptionDisplay>;
  projectInfo: { slug: string; project_name: string };
  activePlayer: string | null;
  turnsPlayed: number;
  /** Edit moves by a player changed this game (EDITED_GAME_NOTICE): its result is not counted. */
  edited: boolean;
}

export interface ChangeLogVersion {
  version: string;
  date: string;
  notes: string;
}

export interface GameOptionValueDto {
  displayName: string;
  displayOrder: number;
  hidden?: boolean;
  hiddenDisplay?: string;
}

export interface GameOptionDto {
  displayName: string;
  displayOrder: number;
  type: "checkbox" | "select";
  default?: string;
  defaultBool?: boolean;
  values?: Record<string, GameOptionValueDto>;
  hidden?: boolean;
  condition?: Record<string, { eq?: string | boolean; ne?: string | boolean }>;
  customStyle?: string;
}

/**
 * What the web shows when GET /api/projects/get-project-detail fails (platform-lobby-accounts.md
 * sections 2 and 8): one text for a missing project and one the user may not open, which the server
 * answers alike (404) so as not to tell them apart.
 */
export const PROJECT_DETAIL_FAILURE = "Project data not found (not authorized?)";

/** POST /api/projects/{slug}/{tableId}/start-table: the table and its status after the start. */
export interface StartTableResponse {
  tableId: string;
  status: string;
}

export interface ProjectDetail {
  slug: string;
  project_name: string;
  designer: string;
  /** Sanitised HTML. */
  description: string;
  visibility: string;
  boxImage: string | null;
  background: string | null;
  /** Oldest first; '__' versions only for project admins. */
  changeLog: ChangeLogVersion[];
  /** Hidden options and values only for privileged users. */
  options: Record<string, GameOptionDto>;
  /** The colours a table of this game can seat, in order. */
  playerColors: string[];
  players: { min: number; max: number };
  roles: { designer: string[]; mod: string[] };
  openTableCount: number;
  /**
   * 'Play against bots' (issue 37 point 7, playBots.ts): the default bot kind and the player counts a
   * game against bots may seat; null when the project's rules have no bots.
   */
  botPlay: { kind: string; players: { min: number; max: number } } | null;
  permissions: {
    projectAdmin: boolean;
    feedback: boolean;
    hiddenOptions: boolean;
    demoInvite: boolean;
  };
}

const optionValue = z.union([z.string().max(200), z.boolean()]);

export const newTableRequestSchema = z.object({
  start_position: z.object({
    options: z.record(z.string().max(100), optionValue).default({}),
    /** Sandbox and demo-invite: the chosen colours (their count is the number of players). */
    playerColors: z.array(z.string().max(20)).max(10).optional(),
  }),
  tableMode: z.enum(OFFERED_TABLE_MODES, { error: "Unknown table mode." }),
  isPrivate: z.boolean().default(false),
  /**
   * Competitive modes: seat the creator at the first colour (issue 37 point 7; the lobby's 'New table
   * settings' sends it, checked by default). Sandbox and demo-invite seats are chosen colours instead.
   */
  seatCreator: z.boolean().default(false),
  /**
   * 'Undo asks the opponents' (issue 37 point 8): an undo becomes a request the opponents accept or
   * refuse. Off by default, as the spec's undo rules stand; stored with the table.
   */
  undoAsks: z.boolean().default(false),
  /** Sent by the spec's client; ignored: the server builds components with the game module. */
  components: z.unknown().optional(),
});
export type NewTableRequest = z.input<typeof newTableRequestSchema>;

export const tableListQuerySchema = z.object({
  projectSlug: z.string().max(100).optional(),
  status: z.enum(["open", "midgame", "ended", "my"]),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  username: z.string().max(100).optional(),
});

/** Live lobby events (room lobby:{slug}); player events carry JSON strings, as in the spec. */
export interface LobbyServerEvents {
  "table-create": (table: TableInfo) => void;
  "remove-table": (tableId: string) => void;
  "table-started": (tableId: string) => void;
  "player-joined": (payload: string) => void;
  "player-left": (payload: string) => void;
}

export interface PlayerEventPayload {
  tableId: string;
  color: string;
  userInfo: UserInfo | null;
}

/** A row of GET /api/get-feedback-result/{slug}. */
export interface FeedbackRow {
  tableId: string;
  username: string;
  color: string | null;
  createdTime: string;
  version: string;
  note: string;
  feedbackAnswers: Record<string, string>;
  statValues: Record<string, unknown>;
  globalStatValues: Record<string, unknown>;
  options: Record<string, unknown>;
  /** The answer is about a game whose result edit moves changed (shown as EDITED_GAME_MARK). */
  edited: boolean;
}

export interface FeedbackResultPage {
  rows: FeedbackRow[];
  page: number;
  pageCount: number;
}

/** GET /api/table-feedback/{tableId}: the questions this table asks, and the caller's saved answers. */
export interface TableFeedback {
  /** Only those whose condition holds for the table's options, by formOrder. */
  questions: FeedbackQuestion[];
  /** null until the caller has submitted (the feedback dialog opens then). */
  userAnswers: Record<string, string> | null;
  /** Edit moves by a player changed this game: the results page says so (EDITED_GAME_NOTICE). */
  edited: boolean;
}

// A player's edit-mode turn at a table whose mode is no sandbox or debug mode (tables.edited) may set
// any result, so every place that shows a finished game's result says it, in these words, and such a
// game is counted as no played game.
/** The sentence beside an edited game's results (ended-table page, table tiles). */
export const EDITED_GAME_NOTICE = "Edit moves changed this game: its result is not counted.";
/** The short mark beside an edited game's table where space is tight (feedback results). */
export const EDITED_GAME_MARK = "(edited game)";
/** The label of an edited game's table tile. */
export const EDITED_GAME_LABEL = "Edited game";
