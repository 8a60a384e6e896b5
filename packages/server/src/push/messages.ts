// The notifications the lobby and tables send (spec section 1). Pure builders so wording and links are
// tested in one place; callers pass the result to PushService.notifyUsers.

export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the notification opens when clicked. */
  url: string;
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag?: string;
}

export interface TableRef {
  projectSlug: string;
  /** Display name of the game; the slug is used when missing. */
  projectName?: string;
  tableId: string;
}

export function tablePath(table: Pick<TableRef, "projectSlug" | "tableId">): string {
  return `/projects/${encodeURIComponent(table.projectSlug)}/table/${encodeURIComponent(table.tableId)}`;
}

function gameName(table: TableRef): string {
  return table.projectName?.trim() || table.projectSlug;
}

/** To every seated player (except whoever pressed start) when a table they joined starts. */
export function tableStartedMessage(table: TableRef): PushMessage {
  return {
    title: "Your table has started",
    body: `Your ${gameName(table)} table ${table.tableId} has started. Take your seat!`,
    url: tablePath(table),
    tag: `table-${table.tableId}`,
  };
}

/** To the players already seated when someone new joins their open table. */
export function playerJoinedMessage(table: TableRef & { username: string; color?: string }): PushMessage {
  const as = table.color ? ` as ${table.color}` : "";
  return {
    title: "A new player joined your table",
    body: `${table.username} joined your ${gameName(table)} table ${table.tableId}${as}.`,
    url: `/projects/${encodeURIComponent(table.projectSlug)}?openSection=join`,
    tag: `join-${table.tableId}`,
  };
}

/** To the active player when it is their turn and the table is not open in any of their tabs. */
export function yourTurnMessage(table: TableRef & { color?: string }): PushMessage {
  const as = table.color ? ` (${table.color})` : "";
  return {
    title: "It is your turn",
    body: `It is your turn${as} at the ${gameName(table)} table ${table.tableId}.`,
    url: tablePath(table),
    tag: `turn-${table.tableId}`,
  };
}

/** To the other players of an ended table when one of them makes its rematch (issue 37 point 4). */
export function rematchMessage(table: TableRef & { by: string }): PushMessage {
  return {
    title: "Rematch?",
    body: `${table.by} wants a rematch of your ${gameName(table)} game: table ${table.tableId}.`,
    url: tablePath(table),
    tag: `rematch-${table.tableId}`,
  };
}
