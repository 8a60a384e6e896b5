import { describe, expect, it } from "vitest";
import {
  DATABASE_UNREACHABLE,
  databaseUnreachable,
  systemErrorReason,
  UNEXPECTED_ERROR,
} from "./systemError";

/** An error as drizzle wraps a driver's: the SQL in the message, the driver's error as the cause. */
const failedQuery = (cause: unknown) =>
  Object.assign(new Error('Failed query: select "id" from "tables" where "id" = $1\nparams: abc'), { cause });
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("systemErrorReason", () => {
  it("says the database cannot be reached for connection failures, wrapped or not", () => {
    const unreachable = [
      coded("connect ECONNREFUSED 10.1.2.3:5432", "ECONNREFUSED"),
      failedQuery(coded("read ECONNRESET", "ECONNRESET")),
      failedQuery(new Error("Connection terminated unexpectedly")),
      new Error("timeout exceeded when trying to connect"),
      failedQuery(coded("terminating connection due to administrator command", "57P01")),
      coded("the database system is starting up", "57P03"),
      coded("connection failure", "08006"),
      coded("sorry, too many clients already", "53300"),
    ];
    for (const err of unreachable) {
      expect(databaseUnreachable(err)).toBe(true);
      expect(systemErrorReason(err)).toBe(`System error: ${DATABASE_UNREACHABLE}`);
    }
  });

  it("gives a generic message for anything else, with no SQL, host or port in it", () => {
    const others = [
      failedQuery(coded('relation "table_chat" does not exist', "42P01")),
      new TypeError("Cannot read properties of undefined (reading 'seats')"),
      "a thrown string",
      undefined,
    ];
    for (const err of others) {
      expect(databaseUnreachable(err)).toBe(false);
      expect(systemErrorReason(err)).toBe(`System error: ${UNEXPECTED_ERROR}`);
    }
  });
});
