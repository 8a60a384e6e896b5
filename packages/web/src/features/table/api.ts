import { useQuery } from "@tanstack/react-query";
import type { InviteLinkResponse, TableLoadResponse, TableLogResponse } from "@tt/protocol";
import { api, failureText } from "../../lib/api";
import { tabSessionId } from "../../services/socket";

export type TableLoad = { ok: true; table: TableLoadResponse } | { ok: false; reason: string };

export function tableOpenPath(tableId: string, playAsColor: string | null, invitePwd: string | null): string {
  const query = new URLSearchParams({ sessionId: tabSessionId() });
  if (playAsColor) query.set("playAsColor", playAsColor);
  if (invitePwd) query.set("invitePwd", invitePwd);
  return `/api/table-open/${encodeURIComponent(tableId)}?${query.toString()}`;
}

export async function openTable(
  tableId: string,
  playAsColor: string | null,
  invitePwd: string | null,
): Promise<TableLoad> {
  const result = await api<TableLoadResponse>(tableOpenPath(tableId, playAsColor, invitePwd));
  if (!result.ok || result.json === undefined) return { ok: false, reason: failureText(result) };
  const table = result.json;
  if (table.endedLog === null) return { ok: true, table };
  // An ended table's log comes apart from its load: stored once on the server, and kept by the
  // browser's cache (its ETag), so a reload is answered 304 instead of sending the log again.
  const log = await api<TableLogResponse>(table.endedLog);
  if (!log.ok || log.json === undefined) return { ok: false, reason: failureText(log) };
  return { ok: true, table: asEnded(table, log.json) };
}

/** Sent when leaving the page; the response is not shown. keepalive lets it outlive an unload. */
export function closeTable(tableId: string): void {
  const path = `/api/table-close/${encodeURIComponent(tableId)}?sessionId=${encodeURIComponent(tabSessionId())}`;
  void fetch(path, { credentials: "same-origin", keepalive: true }).catch(() => undefined);
}

export const tableQueryKey = (tableId: string, playAsColor: string | null, invitePwd: string | null) => [
  "table-open",
  tableId,
  playAsColor,
  invitePwd,
];

export function useTableLoad(tableId: string, playAsColor: string | null, invitePwd: string | null) {
  return useQuery({
    queryKey: tableQueryKey(tableId, playAsColor, invitePwd),
    queryFn: () => openTable(tableId, playAsColor, invitePwd),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The outcome of an admin or designer control: null when it worked, else the text to show. */
type ControlOutcome = Promise<string | null>;

const enc = encodeURIComponent;

/** Restart table (section 7): the table starts again from a fresh set-up; every tab reloads. */
export async function restartTable(slug: string, tableId: string): ControlOutcome {
  const result = await api(`/api/projects/${enc(slug)}/${enc(tableId)}/restart-table/`, {
    method: "POST",
    body: {},
  });
  return result.ok ? null : failureText(result);
}

/** Binds the table to the component editor (or unbinds it): the bound flag flips on ok. */
export async function setBound(slug: string, tableId: string, bound: boolean): ControlOutcome {
  const verb = bound ? "bind-table" : "unbind-table";
  const result = await api(`/api/${verb}/${enc(tableId)}/${enc(slug)}`, { method: "POST", body: {} });
  return result.ok ? null : failureText(result);
}

/** A debug table forked after `step` events; the answer is the path to navigate to. */
export async function createDebugTable(
  tableId: string,
  step: number,
): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  const result = await api(`/api/debug-table/${enc(tableId)}/${step}`, { method: "POST", body: {} });
  if (!result.ok) return { ok: false, reason: failureText(result) };
  return { ok: true, path: result.text.trim() };
}

/** The invite link of a seat of a demo-invite table (playAsColor + invitePwd), as a full address. */
export async function inviteLink(
  tableId: string,
  color: string,
): Promise<{ ok: true; link: string } | { ok: false; reason: string }> {
  const result = await api<InviteLinkResponse>(`/api/invite-link/${enc(tableId)}?color=${enc(color)}`);
  if (!result.ok || result.json === undefined) return { ok: false, reason: failureText(result) };
  return { ok: true, link: new URL(result.json.link, window.location.origin).toString() };
}

/** An ended table's whole log: what a page that watched the game end still lacks. Null on failure. */
export async function endedLog(tableId: string): Promise<TableLogResponse | null> {
  const result = await api<TableLogResponse>(`/api/table-log/${encodeURIComponent(tableId)}`);
  return result.ok && result.json !== undefined ? result.json : null;
}

/** The table load of a page that watched its game end, with the log that reveals everything. */
export function asEnded(load: TableLoadResponse, log: TableLogResponse): TableLoadResponse {
  return { ...load, status: "ended", live: null, start_position: log.start_position, events: log.events };
}
