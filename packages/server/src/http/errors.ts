import type { FastifyReply } from "fastify";
import { DomainError, type DomainErrorKind } from "../errors";

// Routes keep importing these from here; they are not HTTP's own, so they live with the domain errors.
export { firstIssue, isUniqueViolation } from "../errors";

/** A refusal a route makes itself, with an HTTP status and the text the web app shows as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The one place a domain refusal becomes an HTTP status. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  "bad-request": 400,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "upstream-failed": 502,
  failed: 500,
};

/** The status and text a refusal answers with, or undefined when the error is not a refusal. */
export function refusalOf(error: unknown): { status: number; message: string } | undefined {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (error instanceof DomainError) return { status: STATUS_OF_KIND[error.kind], message: error.message };
  return undefined;
}

export function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type("text/plain; charset=utf-8").send(text);
}
