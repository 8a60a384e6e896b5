import type { FastifyReply, FastifyRequest } from "fastify";
import type { Checked, UploadWork } from "../work/uploads";
import { requireActor } from "./context";
import { HttpError } from "./errors";

/**
 * What a worker read or checked (work/uploads.ts), or its refusal as the answer: the parser's own, or
 * the pool's (the user's share taken: 429, busy: 503, both with Retry-After; too long or too big: 413;
 * failed: 500), logged when a worker failed.
 */
export function accepted<T>(checked: Checked<T>, request: FastifyRequest, reply: FastifyReply): T {
  if (checked.ok) return checked.value;
  if (checked.retryAfter !== undefined) reply.header("retry-after", String(checked.retryAfter));
  if (checked.detail !== undefined)
    request.log.warn({ detail: checked.detail, status: checked.status }, "upload refused by its worker");
  throw new HttpError(checked.status, checked.message);
}

/** Whose share of the upload workers a request's reads count against: its logged-in user's. */
export function uploaderOf(request: FastifyRequest): string {
  return `user:${requireActor(request).id}`;
}

/**
 * The request's uploader, refused at once (429, Retry-After) when they already hold their share of the
 * workers: routes ask before reading the request's files or fetching a linked sheet, so a refused
 * upload costs no buffering.
 */
export function uploaderWithRoom(work: UploadWork, request: FastifyRequest, reply: FastifyReply): string {
  const owner = uploaderOf(request);
  const taken = work.shareTaken(owner);
  if (taken) accepted(taken, request, reply);
  return owner;
}
