// Rematch (issue 37 point 4): POST /api/rematch/{tableId} makes the new table (or answers the one made
// already), GET answers the rematch made of an ended table, and the 'rematch-invite' socket event
// tells the other seated players' tabs the moment it is made.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { RematchInvite, RematchLookup, RematchResponse } from "@tt/protocol";
import { api, failureText } from "../../../lib/api";
import { useSocketEvent } from "../../../services/socket";

const enc = encodeURIComponent;

export const rematchKey = (tableId: string) => ["rematch", tableId] as const;

/** Where a rematch is played. */
export const rematchPath = (r: Pick<RematchInvite, "projectSlug" | "tableId">) =>
  `/projects/${enc(r.projectSlug)}/table/${enc(r.tableId)}`;

export async function requestRematch(
  tableId: string,
): Promise<{ ok: true; rematch: RematchResponse } | { ok: false; reason: string }> {
  const result = await api<RematchResponse>(`/api/rematch/${enc(tableId)}`, { method: "POST", body: {} });
  if (!result.ok || result.json === undefined) return { ok: false, reason: failureText(result) };
  return { ok: true, rematch: result.json };
}

/**
 * The rematch of this ended table another player made, for a player seated at it (`seated`): asked
 * once as the page opens (it may have been made while this player was away), then as it is made.
 */
export function useRematchInvite(tableId: string, seated: boolean): RematchInvite | null {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: rematchKey(tableId),
    queryFn: async () => {
      const result = await api<RematchLookup>(`/api/rematch/${enc(tableId)}`);
      // Not asked again on failure: the invitation is a courtesy, the socket event still brings it.
      return result.ok && result.json !== undefined ? result.json.rematch : null;
    },
    enabled: seated,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  useSocketEvent("rematch-invite", (invite) => {
    if (invite.fromTableId === tableId) client.setQueryData(rematchKey(tableId), invite);
  });
  return seated ? (query.data ?? null) : null;
}
