import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import { UPLOAD_MAX_BYTES } from "@tt/protocol";
import Fastify, { type FastifyInstance } from "fastify";
import { SessionCache } from "./auth/sessionCache";
import { lookupSession, SESSION_COOKIE } from "./auth/sessions";
import { balanceRoutes } from "./balance/routes";
import type { AppDeps } from "./deps";
import { adminRoutes } from "./http/adminRoutes";
import { assetRoutes } from "./http/assetRoutes";
import { authRoutes } from "./http/authRoutes";
import "./http/context";
import { botGameRoutes } from "./http/botGameRoutes";
import { botRoutes } from "./http/botRoutes";
import { cspDirectives } from "./http/csp";
import { deckRoutes } from "./http/deckRoutes";
import { refusalOf, sendText } from "./http/errors";
import { feedbackRoutes } from "./http/feedbackRoutes";
import { implementationRoutes } from "./http/implementationRoutes";
import { invitationRoutes } from "./http/invitationRoutes";
import { lobbyRoutes } from "./http/lobbyRoutes";
import { isSameOrigin, startedByAnotherSite } from "./http/origin";
import { profileRoutes } from "./http/profileRoutes";
import { projectRoutes } from "./http/projectRoutes";
import { pushRoutes } from "./http/pushRoutes";
import { rematchRoutes } from "./http/rematchRoutes";
import { tableAdminRoutes } from "./http/tableAdminRoutes";
import { tableRoutes } from "./http/tableRoutes";
import { containsNul, NUL_REFUSAL } from "./http/textGuard";
import { serveWebApp } from "./http/webApp";
import { createRates } from "./realtime/rates";
import { attachRealtime, endedElsewhere, type Io, sessionRoom } from "./realtime/socket";
import { tableHandlers, tableNotifier } from "./realtime/table";
import { TableCapsCheck } from "./tables/caps";
import { TableHub } from "./tables/hub";

export interface App {
  app: FastifyInstance;
  io: Io;
  /** Every route registered (method and path, HEAD twins of GETs left out): the permission matrix walks it. */
  readonly routes: RouteEntry[];
}

export interface RouteEntry {
  method: string;
  url: string;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a matched route (its registered path; undefined when none matched) is one of the API's. */
export const isApiRoute = (route: string | undefined) => route?.startsWith("/api/") === true;
/** Strict-Transport-Security's max-age: one year. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const servesHttps = (publicUrl: string | undefined) => !!publicUrl && /^https:/i.test(publicUrl);

export async function buildApp(
  options: Omit<AppDeps, "onSessionEnded" | "sessions">,
  logger: boolean | object = true,
): Promise<App> {
  const app = Fastify({
    logger: logger === true ? { level: options.config.logLevel } : logger,
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const registered: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });
  // Fastify adds a HEAD twin for every GET; it runs the GET's handler and needs no entry of its own.
  const routes = () =>
    registered.filter(
      (r) => r.method !== "HEAD" || !registered.some((g) => g.method === "GET" && g.url === r.url),
    );
  let io: Io | undefined;
  const sessions = new SessionCache(options.config.sessionCacheMs);
  const deps: AppDeps = {
    ...options,
    sessions,
    onSessionEnded: (tokenHash) => {
      sessions.forget(tokenHash, Date.now());
      if (io === undefined) return;
      // Only an adapter shared through Redis has other instances to tell.
      if (options.config.redisUrl) endedElsewhere(io, tokenHash);
      io.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
  };

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // What the web app and its libraries need, and no more (csp.ts).
    contentSecurityPolicy: { directives: cspDirectives(options.config) },
    frameguard: { action: "sameorigin" },
    referrerPolicy: { policy: "no-referrer" },
    // HSTS only when users reach the site over TLS (the proxy terminates it): browsers then refuse plain
    // http to this host for a year, so a network attacker cannot strip TLS from a later visit. On plain
    // http (npm start on a laptop) it would be ignored at best and lock a host out at worst. Not for
    // subdomains: they may be other services of the operator's.
    hsts: servesHttps(options.config.publicUrl)
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
  });
  await app.register(fastifyRateLimit, { global: false });
  // Uploads (assets, .xlsx, .psd): each route reads its files with request.file()/parts() and checks
  // the type; these are the hard ceilings beneath the routes' own limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 20, fields: 20, fieldSize: 10_000, parts: 40 },
  });

  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (request, reply) => {
    // Cross-site form posts must not ride on the session cookie (SameSite=Lax already helps; this is belt and braces).
    const origin = request.headers.origin;
    if (
      STATE_CHANGING.has(request.method) &&
      origin &&
      !isSameOrigin(
        origin,
        { host: request.headers.host, protocol: request.protocol },
        options.config.publicUrl,
      )
    ) {
      return sendText(reply, 403, "Cross-origin request refused.");
    }
    // Decided on the route the router matched (its path as registered), never on the raw URL: a
    // path spelled '/%61pi/...' reaches the same handler as '/api/...' and must pass the same checks.
    if (!isApiRoute(request.routeOptions.url)) return;
    // A link on another site carries no Origin, and Lax cookies ride along on top-level GETs.
    if (startedByAnotherSite(request.headers["sec-fetch-site"])) {
      return sendText(reply, 403, "Cross-site request refused.");
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token)
      request.actor = await lookupSession(options.database.db, token, options.config.sessionIdleMs, sessions);
  });

  // After body parsing, before any handler: see textGuard.ts for why NUL never reaches a query.
  app.addHook("preValidation", async (request, reply) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return sendText(reply, 400, NUL_REFUSAL);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal) return sendText(reply, refusal.status, refusal.message);
    // Class 22 (data exception: a value the column cannot hold) is the request's fault, not the server's.
    if (postgresErrorClass(error) === "22") {
      request.log.warn({ err: error }, "input refused by the database");
      return sendText(reply, 400, "The request holds a value that cannot be stored.");
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) return sendText(reply, 429, "Too many requests. Try again in a minute.");
    if (status && status >= 400 && status < 500) return sendText(reply, status, (error as Error).message);
    request.log.error(error);
    return sendText(reply, 500, "Internal server error.");
  });

  authRoutes(app, deps);
  invitationRoutes(app, deps);
  projectRoutes(app, deps);
  lobbyRoutes(app, deps, () => io);
  pushRoutes(app, deps);
  profileRoutes(app, deps);
  const hub = new TableHub(options.database.db, undefined, new TableCapsCheck(options.config.tableCaps));
  // Buckets per session, user, table chat and heavy reads, shared by the instances through Redis.
  const rates = createRates({ url: options.config.redisUrl, prefix: options.config.redisPrefix }, (err) =>
    app.log.error({ err }, "rate limits: redis"),
  );
  app.addHook("onClose", () => rates.close());
  const { heavyReads, heavyReadBytes } = options.config.sessionCaps;
  tableRoutes(app, deps, hub, () => io, { rates, heavyReads, heavyReadBytes });
  tableAdminRoutes(app, deps, hub, () => io);
  botRoutes(app, deps, hub, () => io);
  rematchRoutes(app, deps, () => io);
  botGameRoutes(app, deps, () => io);
  feedbackRoutes(app, deps);
  adminRoutes(app, deps);
  assetRoutes(app, deps);
  deckRoutes(app, deps, deps.storage, {
    fetch: options.config.sheetUrlTemplate,
    open: options.config.sheetOpenUrlTemplate,
  });
  implementationRoutes(
    app,
    deps,
    hub,
    tableNotifier(() => io),
  );
  balanceRoutes(app, deps);
  await serveWebApp(app, options.webDist);

  // preClose, not onClose: open WebSockets would keep the HTTP server from closing, so a SIGTERM with a
  // browser tab open would hang. Disconnecting them first lets the close finish.
  app.addHook("preClose", async () => {
    // io.close() drops the connections without a 'disconnect' packet, so clients see a transport close
    // and reconnect to the next server (a server-sent disconnect would stop their reconnecting).
    await io?.close();
  });
  io = await attachRealtime(app, deps);
  io.on(
    "connection",
    tableHandlers(io, options.database.db, hub, {
      push: () => deps.push,
      rate: options.config.turnRate,
      undoRequestMs: options.config.undoRequestMs,
      shared: {
        rates,
        session: options.config.sessionCaps.sessionRate,
        user: options.config.sessionCaps.userRate,
        chatPerMinute: options.config.tableCaps.chatPerMinute,
      },
      log: app.log,
      // Alone, this instance knows every socket: a viewer with none here is sent nothing.
      alone: !options.config.redisUrl,
    }),
  );
  return {
    app,
    io,
    get routes() {
      return routes();
    },
  };
}

/** The SQLSTATE class of a PostgreSQL error, whether drizzle wrapped the driver's error or not. */
function postgresErrorClass(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code.slice(0, 2);
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
