import type { LobbyServerEvents } from "./lobby";
import type { RematchServerEvents } from "./rematch";
import type { TableClientEvents, TableServerEvents } from "./table";

// Socket.IO event names and payloads (DESIGN.md, 'Tables, turns and the realtime protocol').
// One place for server and client: a renamed event breaks the type check, not production.

export const SOCKET_EVENTS = {
  // server -> client
  instanceId: "instanceId",
  // client -> server
  setUsername: "setUsername",
  registerSession: "registerSession",
} as const;

export interface RegisterSessionPayload {
  sessionId: string;
  sessionNum: number;
}

export interface ServerToClientEvents extends LobbyServerEvents, TableServerEvents, RematchServerEvents {
  instanceId: (id: string) => void;
}

export interface ClientToServerEvents extends TableClientEvents {
  setUsername: (username: string) => void;
  registerSession: (payload: RegisterSessionPayload) => void;
}
