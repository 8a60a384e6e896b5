// What the browser says when a table starts (platform-lobby-accounts.md section 4, table-started): the
// event carries only the table's id, and a seated player hears it in any tab, also in another
// project's lobby. So the notification names the project of the table itself, never the page's.
import type { TableInfo } from "@tt/protocol";
import { seatOf } from "./tableLists";

export interface StartedNotice {
  title: string;
  body: string;
  /** The viewer sits at the table: the page goes there. */
  mine: boolean;
  /** The table's project, where its page is; null when the table could not be read. */
  slug: string | null;
}

export function startedNotice(
  tableId: string,
  table: TableInfo | undefined,
  username: string,
): StartedNotice {
  const mine = table !== undefined && seatOf(table, username) !== undefined;
  const project = table?.projectInfo.project_name.trim();
  return {
    title: mine ? "Your table is starting" : "Table started",
    body: project ? `${project}: table ${tableId} has started.` : `Table ${tableId} has started.`,
    mine,
    slug: table?.projectInfo.slug ?? null,
  };
}
