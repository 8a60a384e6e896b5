// One Socket.IO connection per logged-in user, authenticated by the session cookie. Pages that need
// realtime read `connected`; the shell blocks content until the first connect (spec section 4).

import { useQueryClient } from "@tanstack/react-query";
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS } from "@tt/protocol";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { io, type Socket } from "socket.io-client";
import { randomId } from "../lib/randomId";
import { ensureSessionId, instanceChanged, nextSessionNum } from "../lib/sessionBookkeeping";
import { local, session } from "../lib/storage";
import { PING_KEY } from "./auth";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketState {
  socket: AppSocket | null;
  connected: boolean;
  /** False until the first connect; content waits for it. */
  everConnected: boolean;
}

const SocketContext = createContext<SocketState>({ socket: null, connected: false, everConnected: false });

export function useSocket(): SocketState {
  return useContext(SocketContext);
}

export function SocketProvider({ username, children }: { username: string; children: ReactNode }) {
  const client = useQueryClient();
  const [state, setState] = useState<SocketState>({ socket: null, connected: false, everConnected: false });

  useEffect(() => {
    const socket: AppSocket = io({ withCredentials: true });
    setState({ socket, connected: false, everConnected: false });

    socket.on("connect", () => {
      socket.emit(SOCKET_EVENTS.setUsername, username);
      const sessionNum = nextSessionNum(local);
      const sessionId = ensureSessionId(session, () => randomId());
      socket.emit(SOCKET_EVENTS.registerSession, { sessionId, sessionNum });
      setState({ socket, connected: true, everConnected: true });
    });
    socket.on(SOCKET_EVENTS.instanceId, (id) => {
      if (instanceChanged(local, id)) window.location.reload();
    });
    socket.on("disconnect", () => {
      setState((previous) => ({ ...previous, connected: false }));
    });
    // A refused handshake usually means the session expired: re-ping so the login gate can show.
    socket.on("connect_error", () => {
      void client.invalidateQueries({ queryKey: PING_KEY });
    });

    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [username, client]);

  return <SocketContext value={state}>{children}</SocketContext>;
}
