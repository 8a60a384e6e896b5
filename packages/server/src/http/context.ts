import type { FastifyRequest } from "fastify";
import type { SessionActor } from "../auth/sessions";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in user of this request's session cookie, resolved once per API request. */
    actor: SessionActor | null;
  }
}

export function requireActor(request: FastifyRequest): SessionActor {
  if (!request.actor) throw new HttpError(401, "You are not logged in.");
  return request.actor;
}
