import type { FastifyReply } from "fastify";
import type { ZodError } from "zod";

/** A refusal with an HTTP status and the text the web app shows as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid request.";
}

export function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).type("text/plain; charset=utf-8").send(text);
}

/** Postgres unique violation, whether drizzle wrapped the driver's error or not. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
