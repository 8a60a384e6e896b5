import type { FastifyReply, FastifyRequest } from "fastify";
import type { Checked } from "../work/uploads";
import { HttpError } from "./errors";

/**
 * What a worker read or checked (work/uploads.ts), or its refusal as the answer: the parser's own, or
 * the pool's (busy: 503 with Retry-After; too long or too big: 413; failed: 500), logged when a
 * worker failed.
 */
export function accepted<T>(checked: Checked<T>, request: FastifyRequest, reply: FastifyReply): T {
  if (checked.ok) return checked.value;
  if (checked.status === 503) reply.header("retry-after", "60");
  if (checked.detail !== undefined)
    request.log.warn({ detail: checked.detail, status: checked.status }, "upload refused by its worker");
  throw new HttpError(checked.status, checked.message);
}
