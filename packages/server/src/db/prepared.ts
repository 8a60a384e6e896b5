import type { Db } from "./connect";

// Statements a server runs many times a second (a session's lookup on every request, a table's
// access check on every subscribe, a cached table's counters): built by Drizzle once per database and
// prepared by name, so neither the ORM's query building nor PostgreSQL's parsing and planning is done
// again for each (issue 21: Drizzle's building was 7% of the server's time under the load bench).

/** One prepared statement per database, made at its first use. */
export function preparedFor<P>(build: (db: Db) => P): (db: Db) => P {
  const made = new WeakMap<Db, P>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
