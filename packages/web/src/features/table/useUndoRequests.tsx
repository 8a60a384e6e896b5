// Undo requests at a table whose undo asks the opponents (issue 37 point 8; the server's
// realtime/undoRequests.ts decides everything): the request waiting at the table, told by the server,
// and what the asker is told when it ends without the undo. The top bar shows them (UndoRequestNotice).

import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { useCurrentUser } from "../../services/auth";
import { useSocket, useSocketEvent } from "../../services/socket";
import { NO_REQUESTS, type UndoRequestsState, undoRequestsAfter } from "./undoRequests";

export function useUndoRequests(tableId: string) {
  const { socket } = useSocket();
  const me = useCurrentUser().data?.username ?? null;
  const [state, setState] = useState<UndoRequestsState>(NO_REQUESTS);
  useSocketEvent("table-event", (message) => {
    if (message.tableId === tableId) setState((previous) => undoRequestsAfter(previous, message, me));
  });
  const answer = useCallback(
    (requestId: string, accept: boolean) => socket?.emit("undo-answer", { tableId, requestId, accept }),
    [socket, tableId],
  );
  const dismiss = useCallback(() => setState((previous) => ({ ...previous, ending: null })), []);
  return { ...state, me, answer, dismiss };
}

export type UndoRequests = ReturnType<typeof useUndoRequests>;

const UndoRequestsContext = createContext<UndoRequests | null>(null);

export function UndoRequestsProvider({ value, children }: { value: UndoRequests; children: ReactNode }) {
  return <UndoRequestsContext value={value}>{children}</UndoRequestsContext>;
}

/** The table's undo requests (null outside a table). */
export function useUndoRequestsAtTable(): UndoRequests | null {
  return useContext(UndoRequestsContext);
}
