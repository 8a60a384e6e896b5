// Pure bookkeeping of the lobby's table lists: pages as loaded, live events applied to them, and what
// a tile offers to the current user (spec sections 2, 4 and 5). DOM-free so it can be unit tested.
import {
  choosesColors,
  EDITED_GAME_NOTICE,
  isNeedsPlayersRefusal,
  type PlayerEventPayload,
  type SeatInfo,
  TABLE_LIST_PAGE_SIZE,
  type TableInfo,
  type TableListStatus,
  type TableTileStat,
} from "@tt/protocol";

/** One loaded page. `full` remembers whether the server filled it, so live edits don't change paging. */
export interface TablePage {
  tables: TableInfo[];
  full: boolean;
}

/** The shape TanStack Query keeps for an infinite list. */
export interface TablePages {
  pages: TablePage[];
  pageParams: number[];
}

export const LIST_STATUSES: readonly TableListStatus[] = ["open", "midgame", "ended", "my"];

export function toPage(tables: TableInfo[]): TablePage {
  return { tables, full: tables.length >= TABLE_LIST_PAGE_SIZE };
}

export function loadedCount(data: Pick<TablePages, "pages">): number {
  return data.pages.reduce((sum, page) => sum + page.tables.length, 0);
}

/** The skip of the next page (the count loaded), or undefined when the last page was short. */
export function nextSkip(data: Pick<TablePages, "pages">): number | undefined {
  const last = data.pages.at(-1);
  if (!last?.full) return undefined;
  return loadedCount(data);
}

export function allTables(data: Pick<TablePages, "pages"> | undefined): TableInfo[] {
  return data ? data.pages.flatMap((page) => page.tables) : [];
}

export function findTable(
  data: Pick<TablePages, "pages"> | undefined,
  tableId: string,
): TableInfo | undefined {
  return allTables(data).find((t) => t.tableId === tableId);
}

/** Adds a table at the top (or replaces it where it is, when the list already has it). */
export function insertTable<T extends TablePages>(data: T, table: TableInfo): T {
  if (findTable(data, table.tableId)) return updateTable(data, table.tableId, () => table);
  const [first, ...rest] = data.pages;
  const top: TablePage = first
    ? { ...first, tables: [table, ...first.tables] }
    : { tables: [table], full: false };
  return { ...data, pages: [top, ...rest] };
}

export function removeTable<T extends TablePages>(data: T, tableId: string): T {
  if (!findTable(data, tableId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, tables: page.tables.filter((t) => t.tableId !== tableId) })),
  };
}

export function updateTable<T extends TablePages>(
  data: T,
  tableId: string,
  change: (table: TableInfo) => TableInfo,
): T {
  if (!findTable(data, tableId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tables: page.tables.map((t) => (t.tableId === tableId ? change(t) : t)),
    })),
  };
}

/** Parses a player-joined/player-left payload (a JSON string); null when it is not one. */
export function parsePlayerEvent(payload: unknown): PlayerEventPayload | null {
  let value: unknown = payload;
  if (typeof payload === "string") {
    try {
      value = JSON.parse(payload);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object") return null;
  const { tableId, color, userInfo } = value as Partial<PlayerEventPayload>;
  if (typeof tableId !== "string" || typeof color !== "string") return null;
  return { tableId, color, userInfo: userInfo ?? null };
}

function withSeats(table: TableInfo, seats: SeatInfo[]): TableInfo {
  return { ...table, playerColors: seats, numPlayers: seats.length };
}

/** A user took a colour: the dummy seat of that colour becomes theirs, or a new seat in colour order. */
export function seatJoined(table: TableInfo, event: PlayerEventPayload): TableInfo {
  const seat: SeatInfo = { color: event.color, userInfo: event.userInfo, nonuser: false };
  if (table.playerColors.some((s) => s.color === event.color)) {
    return withSeats(
      table,
      table.playerColors.map((s) => (s.color === event.color ? seat : s)),
    );
  }
  const order = (c: string) => {
    const i = table.possibleColors.indexOf(c);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return withSeats(
    table,
    [...table.playerColors, seat].sort((a, b) => order(a.color) - order(b.color)),
  );
}

/** A user left: a chosen (sandbox/demo) seat turns back into a dummy, a competitive seat goes. */
export function seatLeft(table: TableInfo, event: PlayerEventPayload): TableInfo {
  if (choosesColors(table.tableMode)) {
    return withSeats(
      table,
      table.playerColors.map((s) =>
        s.color === event.color ? { color: s.color, userInfo: null, nonuser: true } : s,
      ),
    );
  }
  return withSeats(
    table,
    table.playerColors.filter((s) => s.color !== event.color),
  );
}

export function seatOf(table: TableInfo, username: string): SeatInfo | undefined {
  return table.playerColors.find((s) => !s.nonuser && s.userInfo?.username === username);
}

/** Colours nobody holds: untaken possible colours and dummy seats. */
export function freeColors(table: TableInfo): string[] {
  return table.possibleColors.filter(
    (c) =>
      !table.playerColors.some(
        (s) => s.color === c && ((!s.nonuser && s.userInfo !== null) || s.bot !== undefined),
      ),
  );
}

/** A tile stat's value as the tile shows it: its text, else its number. */
export function tileStatText(stat: TableTileStat): string {
  return stat.strValue ?? (stat.numValue === null ? "" : String(stat.numValue));
}

export function seatLabel(seat: SeatInfo): string {
  if (seat.bot !== undefined) return seat.bot;
  return seat.nonuser || !seat.userInfo ? `Dummy-${seat.color}` : seat.userInfo.username;
}

export interface Viewer {
  username: string;
  role: string;
}

export type MainAction = "start" | "continue" | "view" | "replay" | null;

export interface TileOffer {
  /** Colours offered with 'Join as {colour}'. */
  joinColors: string[];
  /** The viewer's own colour, offered with 'Leave table'. */
  leaveColor: string | null;
  action: MainAction;
  /**
   * The table page is offered beside the tile: to the creator of a table that has not started, whose
   * page is where bots are seated (issue 37 point 7).
   */
  tablePage: boolean;
  canDelete: boolean;
  messages: string[];
}

/** What a tile shows the viewer (spec sections 2 and 5): join/leave only while open, start for the creator. */
export function tileOffer(table: TableInfo, viewer: Viewer): TileOffer {
  const mine = seatOf(table, viewer.username);
  const creator = table.creator.username === viewer.username;
  const open = table.status === "open";
  const canDelete = (table.status !== "ended" && creator) || viewer.role.includes("superadmin");
  const free = freeColors(table);
  if (open) {
    return {
      joinColors: mine ? [] : free,
      leaveColor: mine ? mine.color : null,
      action: creator ? "start" : null,
      tablePage: creator,
      canDelete,
      messages: [
        ...(free.length > 0 ? ["Free to join"] : []),
        `${table.creator.username} may start the game.`,
      ],
    };
  }
  if (table.status === "midgame") {
    // In a public sandbox anyone may play any colour (spec section 1).
    const plays = Boolean(mine) || table.tableMode === "public-sandbox";
    return {
      joinColors: [],
      leaveColor: null,
      action: plays ? "continue" : "view",
      tablePage: false,
      canDelete,
      messages: [`This game is currently running. Go to the table to ${plays ? "play" : "spectate"}.`],
    };
  }
  return {
    joinColors: [],
    leaveColor: null,
    action: table.status === "ended" ? "replay" : null,
    tablePage: false,
    canDelete,
    messages:
      table.status === "ended"
        ? [
            "This game has already ended. Go to the table to view the replay and results.",
            // Said in words beside the result, so a profile's game count is not a riddle.
            ...(table.edited ? [EDITED_GAME_NOTICE] : []),
          ]
        : [],
  };
}

/**
 * What to add to a refused start: too few players is answered with where bots are seated (issue 37
 * point 7), on the table page itself or behind its link from a lobby tile. Null for other refusals.
 */
export function startRefusalHint(refusal: string, onTablePage: boolean): string | null {
  if (!isNeedsPlayersRefusal(refusal)) return null;
  return onTablePage
    ? "To play against the computer, use 'Seat a bot' beside an empty seat, then start."
    : "To play against the computer, open the table page and seat bots in the empty seats.";
}

export const ACTION_LABELS: Record<Exclude<MainAction, null>, string> = {
  start: "Start this game",
  continue: "Continue playing",
  view: "View game",
  replay: "Go to replay",
};

/** The lists a table belongs in for this viewer: its status list, and 'my' when they created it or sit at it. */
export function listsOf(table: TableInfo, viewer: Pick<Viewer, "username">): TableListStatus[] {
  const lists: TableListStatus[] = [];
  if (table.status === "open" || table.status === "midgame" || table.status === "ended")
    lists.push(table.status);
  if (table.creator.username === viewer.username || seatOf(table, viewer.username)) lists.push("my");
  return lists;
}
