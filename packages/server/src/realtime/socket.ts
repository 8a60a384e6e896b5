import { createAdapter } from "@socket.io/redis-adapter";
import type { ClientToServerEvents, RegisterSessionPayload, ServerToClientEvents } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import { createClient } from "redis";
import { Server, type Socket } from "socket.io";
import type { AppDeps } from "../app";
import { lookupSession, SESSION_COOKIE, type SessionActor } from "../auth/sessions";
import { isSameOrigin } from "../http/origin";

export interface SocketData {
  actor: SessionActor;
  sessionId?: string;
  sessionNum?: number;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export function sessionRoom(tokenHash: string): string {
  return `session:${tokenHash}`;
}

/**
 * Socket.IO on the HTTP server; the handshake is authenticated by the same session cookie as HTTP.
 * With REDIS_URL, room broadcasts (and disconnects) reach the sockets of every instance.
 */
export async function attachRealtime(app: FastifyInstance, deps: AppDeps): Promise<Io> {
  const io: Io = new Server(app.server, {
    serveClient: false,
    cors: { origin: false },
    // Browsers do not apply CORS to WebSockets: a page on another site could open one with the
    // user's cookie (where SameSite lets it through). A browser always sends Origin on the handshake;
    // when it names another site the handshake is refused. Non-browser clients send none.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || isSameOrigin(origin, req.headers.host, deps.config.publicUrl));
    },
  });
  if (deps.config.redisUrl) {
    const pub = createClient({ url: deps.config.redisUrl });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on("error", (err: Error) => app.log.error({ err }, "redis"));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.redisPrefix}:socket.io` }));
    app.addHook("onClose", async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? "");
      const token = cookies[SESSION_COOKIE];
      const actor = token ? await lookupSession(deps.database.db, token, deps.config.sessionIdleMs) : null;
      if (!actor) return next(new Error("unauthorized"));
      socket.data.actor = actor;
      // The tab's session id in the handshake: lobby subscriptions by session id work from the first
      // HTTP call, without waiting for the registerSession event.
      const sessionId = (socket.handshake.auth as { sessionId?: unknown } | undefined)?.sessionId;
      if (typeof sessionId === "string" && sessionId.length <= 100) socket.data.sessionId = sessionId;
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  io.on("connection", (socket) => {
    const { actor } = socket.data;
    void socket.join([`user:${actor.username}`, sessionRoom(actor.tokenHash)]);
    socket.emit("instanceId", deps.buildId);

    socket.on("setUsername", (username) => {
      // The name comes from the session, never from the client; a mismatch means a stale tab.
      if (typeof username !== "string" || username !== actor.username) {
        // Not String(username): an object payload such as {"toString": 1} throws there, and a throw in a
        // listener is an uncaught exception that would end the process.
        const claimed = typeof username === "string" ? username.slice(0, 50) : `(${typeof username})`;
        app.log.warn({ claimed, actual: actor.username }, "setUsername mismatch");
      }
    });

    socket.on("registerSession", (payload: RegisterSessionPayload) => {
      if (
        !payload ||
        typeof payload.sessionId !== "string" ||
        payload.sessionId.length > 100 ||
        !Number.isSafeInteger(payload.sessionNum)
      ) {
        return;
      }
      socket.data.sessionId = payload.sessionId;
      socket.data.sessionNum = payload.sessionNum;
    });
  });

  return io;
}
