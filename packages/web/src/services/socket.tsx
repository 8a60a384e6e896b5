// One Socket.IO connection per logged-in user, authenticated by the session cookie. Pages that need
// realtime read `connected`; the shell blocks content until the first connect (spec section 4).

import { useQueryClient } from "@tanstack/react-query";
import {
  type ClientToServerEvents,
  HANDSHAKE_REFUSALS,
  type ServerToClientEvents,
  SOCKET_EVENTS,
} from "@tt/protocol";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
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
  /** Why the server refused this tab's connection (too many tabs of this login), to show instead of waiting. */
  refused?: string;
}

const SocketContext = createContext<SocketState>({ socket: null, connected: false, everConnected: false });

export function useSocket(): SocketState {
  return useContext(SocketContext);
}

/** This tab's session id (session storage): the lobby passes it so the server can find this tab's socket. */
export function tabSessionId(): string {
  return ensureSessionId(session, () => randomId());
}

/**
 * Subscribes to server events while the socket exists; the handler may change on every render without
 * re-subscribing. Pages use it for live lobby events.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const { socket } = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}

export function SocketProvider({ username, children }: { username: string; children: ReactNode }) {
  const client = useQueryClient();
  const [state, setState] = useState<SocketState>({ socket: null, connected: false, everConnected: false });

  useEffect(() => {
    // The tab's session id also travels in the handshake, so the server can put this tab's socket into
    // a project's lobby room as soon as the lobby page asks, before registerSession has arrived.
    const sessionId = tabSessionId();
    const socket: AppSocket = io({ withCredentials: true, auth: { sessionId } });
    setState({ socket, connected: false, everConnected: false });

    socket.on("connect", () => {
      socket.emit(SOCKET_EVENTS.setUsername, username);
      const sessionNum = nextSessionNum(local);
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
    // Too many tabs of this login: the server says so, and this tab does not retry by itself.
    socket.on("connect_error", (err: Error & { data?: { code?: unknown } }) => {
      if (err.data?.code === HANDSHAKE_REFUSALS.tooManySockets) {
        setState((previous) => ({ ...previous, refused: err.message }));
        return;
      }
      void client.invalidateQueries({ queryKey: PING_KEY });
    });

    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [username, client]);

  return <SocketContext value={state}>{children}</SocketContext>;
}
