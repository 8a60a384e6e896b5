// The table's presence for the player areas: the load's connectedPlayers, then every subscribe's
// answer and the player-joined / player-disconnected events (presence.ts); and who watches without a
// seat (the subscribe's answer, then each 'watchers' event). Handed to the areas and the top bar by
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
  const [watchers, setWatchers] = useState<readonly string[]>([]);
  const tableId = load.tableId;

  useSocketEvent("table-event", (message) => {
    if (message.tableId !== tableId) return;
    if (message.type === "watchers") setWatchers(message.usernames);
    else setConnectedState((previous) => presenceAfter(previous, message));
  });

  /** The lists a subscribe answered: whatever happened while this page was not listening. */
  const setConnected = useCallback((names: readonly string[] | undefined, watching?: readonly string[]) => {
    if (names !== undefined) setConnectedState(names);
    if (watching !== undefined) setWatchers(watching);
  }, []);

  const seats = useMemo(
    () => seatPresence(load.playerColors, connected, me, online),
    [load.playerColors, connected, me, online],
  );
  return { seats, watchers, setConnected };
}

const PresenceContext = createContext<ReadonlyMap<string, SeatPresence> | null>(null);
const WatchersContext = createContext<readonly string[]>([]);

export function PresenceProvider({
  seats,
  watchers = NOBODY,
  children,
}: {
  seats: ReadonlyMap<string, SeatPresence>;
  watchers?: readonly string[];
  children: ReactNode;
}) {
  return (
    <PresenceContext value={seats}>
      <WatchersContext value={watchers}>{children}</WatchersContext>
    </PresenceContext>
  );
}

/** Each colour's seat: who sits there and whether they have the table open (empty outside a table). */
export function useSeatPresence(): ReadonlyMap<string, SeatPresence> {
  return useContext(PresenceContext) ?? EMPTY;
}

/** Who has the table open without a seat, sorted (none outside a table). */
export function useWatchers(): readonly string[] {
  return useContext(WatchersContext);
}

const EMPTY: ReadonlyMap<string, SeatPresence> = new Map();
const NOBODY: readonly string[] = [];
