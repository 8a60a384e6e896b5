import type { ZodError } from "zod";

// The refusals the domain (auth, projects, tables) throws. They name what went wrong, not how a
// transport says it: http/errors.ts maps each kind to an HTTP status, in one place, so the domain never
// imports the HTTP layer above it. The message is the text the web app shows as it is.

export type DomainErrorKind =
  /** The input is well-formed but not acceptable (400). */
  | "bad-request"
  /** The actor may not do this (403). */
  | "forbidden"
  /** The thing does not exist, or the actor may not know it does (404). */
  | "not-found"
  /** The thing is not in a state that allows this (409). */
  | "conflict"
  /** The input is larger than its cap (413). */
  | "too-large"
  /** A service the domain relies on (a linked sheet's host) failed (502). */
  | "upstream-failed"
  /** The domain could not do what it should have (500), with a message worth showing. */
  | "failed";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** A table that does not exist and one the actor may not see are refused alike: the id leaks nothing. */
export const TABLE_NOT_FOUND = "Table not found.";

export function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid request.";
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
