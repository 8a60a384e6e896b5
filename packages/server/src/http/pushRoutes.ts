import type { PushKeyResponse } from "@tt/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps";
import { createPushService, type PushService } from "../push/service";
import { subscriptionSchema, unsubscribeSchema } from "../push/subscription";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";

/**
 * Web Push: the public key, subscribe and unsubscribe (spec section 7, POST /api/subscribe). Uses
 * deps.push when given, else creates the service and stores it on deps.push so the rest of the app
 * (lobby and table code) sends through the same one. The VAPID keys are created at start-up.
 */
export function pushRoutes(app: FastifyInstance, deps: AppDeps): PushService {
  deps.push ??= createPushService(deps.database.db, { serverEnv: deps.config.serverEnv, log: app.log });
  const push = deps.push;
  const schema = subscriptionSchema(deps.config.serverEnv);
  // Per user (the actor is resolved before route hooks run), so testers behind one NAT do not share it.
  const limit = {
    rateLimit: {
      max: 60,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        request.actor ? `push-user-${request.actor.id}` : request.ip,
    },
  };

  app.addHook("onReady", async () => {
    await push.publicKey();
  });

  app.get("/api/push-key", async (request): Promise<PushKeyResponse> => {
    requireActor(request);
    return { publicKey: await push.publicKey() };
  });

  app.post("/api/subscribe", { config: limit }, async (request, reply) => {
    const actor = requireActor(request);
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    await push.subscribe(actor.id, parsed.data, request.headers["user-agent"] ?? "");
    request.log.info({ user: actor.username, host: new URL(parsed.data.endpoint).host }, "push subscription");
    return sendText(reply, 200, "Notifications are on.");
  });

  const unsubscribe = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = requireActor(request);
    const parsed = unsubscribeSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const removed = await push.unsubscribe(actor.id, parsed.data.endpoint);
    // Idempotent: the push service may already have expired it (and the server dropped it on a 410).
    return sendText(reply, 200, removed ? "Notifications are off." : "No such subscription.");
  };
  app.post("/api/unsubscribe", { config: limit }, unsubscribe);
  app.delete("/api/unsubscribe", { config: limit }, unsubscribe);

  return push;
}
