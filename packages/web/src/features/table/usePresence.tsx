// The table's presence for the player areas: the load's connectedPlayers, then every subscribe's
// answer and the player-joined / player-disconnected events (presence.ts). Handed to the areas by
// context, so the pages between them carry nothing.

import type { TableLoadResponse } from "@tt/protocol";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useCurrentUser } from "../../services/auth";
import { useSocket, useSocketEvent } from "../../services/socket";
import { presenceAfter, type SeatPresence, seatPresence } from "./presence";

export function useTablePresence(load: TableLoadResponse) {
  const { connected: online } = useSocket();
  const me = useCurrentUser().data?.username ?? null;
  const [connected, setConnectedState] = useState<readonly string[]>(load.connectedPlayers ?? []);
  const tableId = load.tableId;

  useSocketEvent("table-event", (message) => {
    if (message.tableId !== tableId) return;
    setConnectedState((previous) => presenceAfter(previous, message));
  });

  /** The list a subscribe answered: whatever happened while this page was not listening. */
  const setConnected = useCallback((names: readonly string[] | undefined) => {
    if (names !== undefined) setConnectedState(names);
  }, []);

  const seats = useMemo(
    () => seatPresence(load.playerColors, connected, me, online),
    [load.playerColors, connected, me, online],
  );
  return { seats, setConnected };
}

const PresenceContext = createContext<ReadonlyMap<string, SeatPresence> | null>(null);

export function PresenceProvider({
  seats,
  children,
}: {
  seats: ReadonlyMap<string, SeatPresence>;
  children: ReactNode;
}) {
  return <PresenceContext value={seats}>{children}</PresenceContext>;
}

/** Each colour's seat: who sits there and whether they have the table open (empty outside a table). */
export function useSeatPresence(): ReadonlyMap<string, SeatPresence> {
  return useContext(PresenceContext) ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, SeatPresence> = new Map();
