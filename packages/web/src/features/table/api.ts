import { useQuery } from "@tanstack/react-query";
import type { TableLoadResponse } from "@tt/protocol";
import { tabSessionId } from "../../app/socket";
import { api, failureText } from "../../lib/api";

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
  return { ok: true, table: result.json };
}

/** Sent when leaving the page; the response is not shown. keepalive lets it outlive an unload. */
export function closeTable(tableId: string): void {
  const path = `/api/table-close/${encodeURIComponent(tableId)}?sessionId=${encodeURIComponent(tabSessionId())}`;
  void fetch(path, { credentials: "same-origin", keepalive: true }).catch(() => undefined);
}

export function useTableLoad(tableId: string, playAsColor: string | null, invitePwd: string | null) {
  return useQuery({
    queryKey: ["table-open", tableId, playAsColor, invitePwd],
    queryFn: () => openTable(tableId, playAsColor, invitePwd),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
