import {
  type LoginResponse,
  loginRequestSchema,
  normaliseUserName,
  type PingLoginResponse,
} from "@tt/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findUserByName, registerUser } from "../auth/accounts";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords";
import { KeyedLimiter, LoginThrottle } from "../auth/rateLimit";
import { createSession, deleteSession, SESSION_COOKIE } from "../auth/sessions";
import type { AppDeps } from "../deps";
import { firstIssue, HttpError, sendText } from "./errors";

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const limits = deps.config.rateLimits;
  const logins = new LoginThrottle(limits.perNameMax, limits.perNameWindowMs);
  const perNameRegister = new KeyedLimiter(limits.perNameMax, limits.perNameWindowMs);
  const ipLimit = { rateLimit: { max: limits.perIpPerMinute, timeWindow: 60_000 } };

  // Secure behind TLS (DESIGN.md 'Security model'): always when the public address is https, else when
  // the request came over https (directly, or per X-Forwarded-Proto with TRUST_PROXY).
  const secure = deps.config.publicUrl?.startsWith("https:") ? true : ("auto" as const);
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: Math.floor(deps.config.sessionIdleMs / 1000),
    });

  const endCurrentSession = async (request: FastifyRequest) => {
    if (request.actor) {
      await deleteSession(db, request.actor.tokenHash);
      deps.onSessionEnded(request.actor.tokenHash);
    }
  };

  app.post("/api/registerUser", { config: ipLimit }, async (request, reply) => {
    const name = (request.body as { userName?: unknown } | null)?.userName;
    // Counted under the stored form: 'ａｌｉｃｅ' and 'ALICE' are tries at one name.
    if (typeof name === "string" && !perNameRegister.take(normaliseUserName(name).toLowerCase())) {
      throw new HttpError(429, "Too many registration attempts for this user name. Try again later.");
    }
    const user = await registerUser(db, request.body);
    request.log.info({ user: user.username }, "user registered");
    return sendText(reply, 200, "Registration successful");
  });

  app.post("/api/login", { config: ipLimit }, async (request, reply) => {
    const parsed = loginRequestSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const { userName, userPassword } = parsed.data;
    // Failures count per (name, address): see LoginThrottle for why not per name alone.
    if (!logins.attempt(userName, request.ip))
      throw new HttpError(429, "Too many login attempts for this user. Try again later.");
    const user = await findUserByName(db, userName);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), userPassword);
    if (!user || !ok) throw new HttpError(401, "Wrong user name or password.");
    logins.succeeded(userName, request.ip);
    // A new session id at every login: a cookie planted before login is worth nothing after it.
    await endCurrentSession(request);
    const token = await createSession(db, user.id, request.headers["user-agent"] ?? "");
    setSessionCookie(reply, token);
    const body: LoginResponse = { username: user.username, role: user.role };
    return body;
  });

  app.post("/api/logout", async (request, reply) => {
    await endCurrentSession(request);
    reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
    return sendText(reply, 200, "Logged out");
  });

  app.get("/api/pingLogin", async (request, reply) => {
    if (!request.actor) return sendText(reply, 401, "Not logged in");
    const body: PingLoginResponse = {
      username: request.actor.username,
      role: request.actor.role,
      serverEnv: deps.config.serverEnv,
    };
    return body;
  });
}
