import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useQueryClient } from "@tanstack/react-query";
import { type SeatInfo, STORAGE_KEYS, type TableLoadResponse } from "@tt/protocol";
import { useEffect } from "react";
import { local } from "../../lib/storage";
import { useCurrentUser } from "../../services/auth";
import { useSocketEvent } from "../../services/socket";
import { useTableTile } from "./api";
import { TableTile } from "./TableTile";
import { parsePlayerEvent, type Viewer } from "./tableLists";

/**
 * The table's tile on its own page while it is open (game-table.md section 2, 'Lobby'): where the
 * shared link of a competitive table leads, so whoever has the link can take a colour there ('Join as
 * {colour}'), private tables too; the creator starts the game from it, and 'Leave lobby' goes back to
 * the project's lobby. Seat changes arrive as the lobby's player events, which the server also sends
 * to the table's page.
 */
export function TableLobbyTile({ tableId }: { tableId: string }) {
  const tile = useTableTile(tableId);
  const user = useCurrentUser().data;
  const client = useQueryClient();
  const viewer: Viewer = {
    username: user?.username ?? local.getItem(STORAGE_KEYS.userName) ?? "",
    role: user?.role ?? local.getItem(STORAGE_KEYS.userRole) ?? "",
  };
  const refresh = () => void tile.refetch();
  const onPlayerEvent = (payload: string) => {
    if (parsePlayerEvent(payload)?.tableId === tableId) refresh();
  };
  useSocketEvent("player-joined", onPlayerEvent);
  useSocketEvent("player-left", onPlayerEvent);

  // The page's own seat list (from the table load) shows the same seats as the tile.
  const seats = tile.data?.playerColors;
  useEffect(() => {
    if (seats === undefined) return;
    client.setQueriesData<{ ok: boolean; table?: TableLoadResponse }>(
      { queryKey: ["table-open", tableId] },
      (load) => withSeats(load, seats),
    );
  }, [client, tableId, seats]);

  if (tile.isPending) {
    return (
      <Box role="status" sx={{ display: "flex", justifyContent: "center", py: 2 }}>
        <CircularProgress aria-label="Loading the table's seats" />
      </Box>
    );
  }
  if (tile.isError) {
    return (
      <Alert severity="error" role="alert">
        {tile.error.message}
      </Alert>
    );
  }
  return <TableTile table={tile.data} viewer={viewer} inTableLobby onChanged={refresh} />;
}

/** A loaded open table with these seats; anything else (a started table, a failed load) as it is. */
function withSeats<T extends { ok: boolean; table?: TableLoadResponse }>(
  load: T | undefined,
  seats: SeatInfo[],
): T | undefined {
  if (!load?.ok || load.table === undefined || load.table.status !== "open") return load;
  return { ...load, table: { ...load.table, playerColors: seats } };
}
