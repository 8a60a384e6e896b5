import { createAdapter } from "@socket.io/redis-adapter";
import {
  type ClientToServerEvents,
  HANDSHAKE_REFUSALS,
  LIMIT_MESSAGES,
  type RegisterSessionPayload,
  type ServerToClientEvents,
} from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import { createClient } from "redis";
import { Server, type Socket } from "socket.io";
import { lookupSession, SESSION_COOKIE, type SessionActor } from "../auth/sessions";
import { hashToken } from "../auth/tokens";
import type { AppDeps } from "../deps";
import { isSameOrigin, schemeOf } from "../http/origin";
import { closingServers } from "./closing";
import { tableEventParser } from "./tableEventEncoder";

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
 * The sockets of one browser tab (its session id), on whichever instance they are. A user name holds no
 * ':', so the name ends at the second one.
 */
export function tabRoom(username: string, sessionId: string): string {
  return `tab:${username}:${sessionId}`;
}

/**
 * Puts one tab's sockets into or out of `room`. On this instance at once, so an event sent right after
 * the caller answers reaches them; on the others through the adapter, without waiting for their
 * answers (a dying instance must not hold up the request). Redis delivers that request before any
 * later broadcast from this instance, so remote sockets do not miss the next event either.
 */
export function setTabMembership(
  io: Io,
  username: string,
  sessionId: string,
  room: string,
  member: boolean,
): void {
  for (const target of [io.local.in(tabRoom(username, sessionId)), io.in(tabRoom(username, sessionId))]) {
    if (member) target.socketsJoin(room);
    else target.socketsLeave(room);
  }
}

const SESSION_ENDED = "session-ended";

/** Tells the other instances (through the adapter; none without Redis) that a session ended. */
export function endedElsewhere(io: Io, tokenHash: string): void {
  (io.serverSideEmit as (event: string, ...args: unknown[]) => boolean)(SESSION_ENDED, tokenHash);
}

/**
 * Socket.IO on the HTTP server; the handshake is authenticated by the same session cookie as HTTP.
 * With REDIS_URL, room broadcasts (and disconnects) reach the sockets of every instance.
 */
export async function attachRealtime(app: FastifyInstance, deps: AppDeps): Promise<Io> {
  const io: Io = new Server(app.server, {
    serveClient: false,
    // Table events skip Socket.IO's search for binary attachments (tableEventEncoder.ts).
    parser: tableEventParser,
    cors: { origin: false },
    // Browsers do not apply CORS to WebSockets: a page on another site could open one with the
    // user's cookie (where SameSite lets it through). A browser always sends Origin on the handshake;
    // when it names another site the handshake is refused. Non-browser clients send none.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const encrypted = "encrypted" in req.socket && req.socket.encrypted === true;
      const protocol = schemeOf(encrypted, req.headers["x-forwarded-proto"], deps.config.trustProxy);
      callback(
        null,
        !origin || isSameOrigin(origin, { host: req.headers.host, protocol }, deps.config.publicUrl),
      );
    },
  });
  if (deps.config.redisUrl) {
    const pub = createClient({ url: deps.config.redisUrl });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on("error", (err: Error) => app.log.error({ err }, "redis"));
    await Promise.all([pub.connect(), sub.connect()]);
    // Requests that wait for every instance's answer (fetchSockets, used for turn notifications and
    // when a table's full-view watchers change, never to answer a load or a subscribe)
    // give up after 2 s rather than the adapter's 5 s while an instance is dying.
    io.adapter(
      createAdapter(pub, sub, { key: `${deps.config.redisPrefix}:socket.io`, requestsTimeout: 2000 }),
    );
    app.addHook("onClose", async () => {
      closingServers.add(io);
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  // A logout on another instance: this one forgets the session too (sessionCache.ts).
  (io.on as (event: string, listener: (...args: unknown[]) => void) => void)(SESSION_ENDED, (tokenHash) => {
    if (typeof tokenHash === "string") deps.sessions.forget(tokenHash, Date.now());
  });

  // Sockets of one session on this process beyond the cap are refused at the handshake (issue 20: one
  // cookie opened 300). Counted from the session's room, plus the handshakes under way: a place is
  // taken before the session is looked up (a flood of parallel handshakes on one cookie costs a query
  // for the first few only) and handed over when the socket joins the room (Socket.IO connects it a
  // tick after next(); one whose client left meanwhile never connects, and its place is freed later).
  const socketsMax = deps.config.sessionCaps.socketsPerSession;
  const admitting = new Map<string, number>();
  const heldBy = (room: string) =>
    (io.of("/").adapter.rooms.get(room)?.size ?? 0) + (admitting.get(room) ?? 0);
  const release = (room: string) => {
    const left = (admitting.get(room) ?? 1) - 1;
    if (left > 0) admitting.set(room, left);
    else admitting.delete(room);
  };
  /** The place each admitted socket holds until it joins its session's room. */
  const places = new WeakMap<object, () => void>();
  io.use(async (socket, next) => {
    let room: string | undefined;
    let admitted = false;
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? "");
      const token = cookies[SESSION_COOKIE];
      if (!token) return next(new Error("unauthorized"));
      // Keyed by the cookie's own hash: only its holder can fill a session's places.
      room = sessionRoom(hashToken(token));
      if (heldBy(room) >= socketsMax) {
        room = undefined;
        const refused = new Error(LIMIT_MESSAGES.tooManySockets(socketsMax)) as Error & { data?: unknown };
        refused.data = { code: HANDSHAKE_REFUSALS.tooManySockets };
        return next(refused);
      }
      admitting.set(room, (admitting.get(room) ?? 0) + 1);
      const actor = await lookupSession(deps.database.db, token, deps.config.sessionIdleMs, deps.sessions);
      if (!actor) return next(new Error("unauthorized"));
      socket.data.actor = actor;
      // The tab's session id in the handshake: lobby subscriptions by session id work from the first
      // HTTP call, without waiting for the registerSession event.
      const sessionId = (socket.handshake.auth as { sessionId?: unknown } | undefined)?.sessionId;
      if (typeof sessionId === "string" && sessionId.length <= 100) socket.data.sessionId = sessionId;
      const taken = room;
      let held = true;
      const free = () => {
        if (held) release(taken);
        held = false;
      };
      places.set(socket, free);
      setTimeout(free, 10_000).unref();
      admitted = true;
      next();
    } catch (err) {
      next(err as Error);
    } finally {
      if (room !== undefined && !admitted) release(room);
    }
  });

  io.on("connection", (socket) => {
    const { actor } = socket.data;
    void socket.join([`user:${actor.username}`, sessionRoom(actor.tokenHash)]);
    // The room counts this socket now: its place taken at the handshake goes.
    places.get(socket)?.();
    // The tab's own room, so the lobby and table-close routes address it without asking every instance.
    const joinTab = (sessionId: string | undefined) => {
      if (socket.data.sessionId && socket.data.sessionId !== sessionId)
        void socket.leave(tabRoom(actor.username, socket.data.sessionId));
      if (sessionId) void socket.join(tabRoom(actor.username, sessionId));
    };
    joinTab(socket.data.sessionId);
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
      joinTab(payload.sessionId);
      socket.data.sessionId = payload.sessionId;
      socket.data.sessionNum = payload.sessionNum;
    });
  });

  return io;
}
