import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "./pgliteThread";

// The embedded database on its own thread must answer as PGlite did on the server's: the same rows,
// the same transactions, the same PostgreSQL errors, while the server's thread keeps running.

describe("PgliteThread", () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.start("memory://");
    await db.query("create table seat (colour text primary key, player int not null)");
  });
  afterAll(() => db.close());

  it("answers rows as objects or arrays, with typed values", async () => {
    const objects = await db.query<{ n: number; j: unknown; t: Date }>(
      `select 7::int as n, '{"a":[1,2]}'::jsonb as j, timestamptz '2026-01-02 03:04:05+00' as t`,
    );
    expect(objects.rows).toEqual([{ n: 7, j: { a: [1, 2] }, t: new Date("2026-01-02T03:04:05Z") }]);
    const arrays = await db.query<unknown[]>("select $1::int + 1, $2::text", [41, "x"], { rowMode: "array" });
    expect(arrays.rows).toEqual([[42, "x"]]);
  });

  it("keeps as text the types whose parsers keep text (Drizzle's dates and times)", async () => {
    const keep = (value: string) => value;
    const { rows } = await db.query<{ t: unknown }>("select timestamptz '2026-01-02 03:04:05+00' as t", [], {
      parsers: { 1184: keep },
    });
    expect(typeof rows[0]?.t).toBe("string");
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("insert into seat values ('red', 1)");
      await tx.query("insert into seat values ('blue', 2)");
      return "done";
    });
    expect(value).toBe("done");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into seat values ('green', 3)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await db.query<{ colour: string }>("select colour from seat order by colour");
    expect(rows.map((r) => r.colour)).toEqual(["blue", "red"]);
  });

  it("keeps other statements out until a transaction ends", async () => {
    let outsideSaw: number | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into seat values ('yellow', 4)");
      // Issued while the transaction is open: it must see the transaction's row only once committed.
      void db
        .query<{ c: number }>("select count(*)::int as c from seat where colour = 'yellow'")
        .then((r) => {
          outsideSaw = r.rows[0]?.c;
        });
      await tx.query("select pg_sleep(0.05)");
      expect(outsideSaw).toBeUndefined();
    });
    await db.query("select 1");
    expect(outsideSaw).toBe(1);
  });

  it("rejects with PostgreSQL's error and its fields", async () => {
    const failed = await db.query("insert into seat values ('red', 9)").catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ code: "23505", constraint: "seat_pkey" });
    // A failed statement inside a transaction rolls the whole of it back.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into seat values ('white', 5)");
        await tx.query("insert into seat values ('red', 9)");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const { rows } = await db.query("select 1 from seat where colour = 'white'");
    expect(rows).toEqual([]);
  });

  it("leaves the server's thread running while a statement works", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await db.query("select count(*) from generate_series(1, 3000000)");
    clearInterval(timer);
    // On the server's thread the statement held the loop: the timer could not fire while it ran.
    expect(ticks).toBeGreaterThan(5);
  });

  it("dumps its data, which a new thread loads", async () => {
    const dump = await db.dumpDataDir();
    const copy = await PgliteThread.start("memory://", dump);
    try {
      const { rows } = await copy.query<{ colour: string }>("select colour from seat order by colour");
      expect(rows.map((r) => r.colour)).toEqual(["blue", "red", "yellow"]);
    } finally {
      await copy.close();
    }
  });
});

describe("PgliteThread that ends under the server", () => {
  it("says so, and refuses every statement after it", async () => {
    const db = await PgliteThread.start("memory://");
    const pending = db.query("select pg_sleep(1)");
    // What an out-of-memory end or a crash of the thread looks like from the server's side.
    await (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(pending).rejects.toThrow(/thread ended/);
    await expect(db.lost).resolves.toBeInstanceOf(Error);
    await expect(db.query("select 1")).rejects.toThrow(/thread ended/);
    await db.close();
  });

  it("closes even with a transaction left open", async () => {
    const db = await PgliteThread.start("memory://");
    let release!: () => void;
    const open = db.transaction((tx) =>
      tx.query("select 1").then(() => new Promise<void>((r) => (release = r))),
    );
    await new Promise((r) => setTimeout(r, 50));
    await db.close();
    release();
    await expect(open).rejects.toThrow(/closed/);
  }, 20_000);

  it("is not 'lost' when closed", async () => {
    const db = await PgliteThread.start("memory://");
    await db.close();
    const lost = await Promise.race([
      db.lost,
      new Promise((resolve) => setTimeout(() => resolve("kept"), 50)),
    ]);
    expect(lost).toBe("kept");
    await expect(db.query("select 1")).rejects.toThrow(/closed/);
  });
});
