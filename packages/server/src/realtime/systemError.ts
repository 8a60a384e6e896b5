// What a player is told when a table event fails for a reason that is not theirs. The spec's shape is
// 'System error: {message}', but an exception's own message is for the log only: drizzle's begins
// 'Failed query: <the SQL> params: ...', and the driver's name the database's host and port.

export const DATABASE_UNREACHABLE = "The server cannot reach its database; try again in a moment.";
export const UNEXPECTED_ERROR = "Something went wrong on the server; try again in a moment.";

/** Node's network error codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's SQLSTATEs for a server going away or refusing connections: class 08 (connection
 * exception), 57P01-57P03 (shutdown, crash, starting up), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres and its pool say so in words, without a code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether the error (or one it wraps) says the database could not be reached. */
export function databaseUnreachable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The refusal for a failed table event: a known cause in plain words, anything else generic. */
export function systemErrorReason(err: unknown): string {
  return `System error: ${databaseUnreachable(err) ? DATABASE_UNREACHABLE : UNEXPECTED_ERROR}`;
}
