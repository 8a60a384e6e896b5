import { headerOf } from "@tt/engine";
import type { TableInfo, TableLoadResponse } from "@tt/protocol";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/db/connect";
import { tableEvents, tables } from "../../src/db/schema";
import { fullTable } from "../fullTable";
import { Client } from "../harness";
import { ChessBot, sleep } from "./chessBot";

// Players, chess tables and whole games across instances, and the checks every fault test ends with:
// nothing acknowledged lost, every client's log and view equal to the database's.

export interface Person {
  name: string;
  cookie: string;
}

/** Registers and logs in `names` on `url` with the given invitation codes. */
export async function people(url: string, names: string[], invite: () => Promise<string>): Promise<Person[]> {
  const out: Person[] = [];
  for (const name of names) {
    const c = new Client(url);
    const reg = await c.register(name, await invite());
    if (reg.status !== 200) throw new Error(`registering ${name}: ${reg.text}`);
    const login = await c.login(name);
    if (login.status !== 200) throw new Error(`logging in ${name}: ${login.text}`);
    out.push({ name, cookie: c.cookie });
  }
  return out;
}

const as = (url: string, who: Person) => {
  const c = new Client(url);
  c.cookie = who.cookie;
  return c;
};

/** A started chess table for two people (red and blue; the set-up decides who is White). */
export async function chessTable(url: string, red: Person, blue: Person): Promise<TableLoadResponse> {
  const creator = as(url, red);
  const created = await creator.post("/api/projects/chess/new-table", {
    start_position: { options: {} },
    tableMode: "competitive-edit",
  });
  if (created.status !== 200) throw new Error(`new-table: ${created.status} ${created.text}`);
  const { tableId } = created.json() as TableInfo;
  for (const [who, color] of [
    [red, "red"],
    [blue, "blue"],
  ] as const) {
    const joined = await as(url, who).get(`/api/projects/chess/join-table/${tableId}?color=${color}`);
    if (joined.status !== 200) throw new Error(`join-table: ${joined.status} ${joined.text}`);
  }
  const started = await creator.post(`/api/projects/chess/${tableId}/start-table`, {});
  if (started.status !== 200) throw new Error(`start-table: ${started.status} ${started.text}`);
  const load = await creator.get(`/api/table-open/${tableId}`);
  if (load.status !== 200) throw new Error(`table-open: ${load.status} ${load.text}`);
  return load.json() as TableLoadResponse;
}

/** Which seat is White, from the running table's view (chess shows every player the whole board). */
export const whiteSeat = (load: TableLoadResponse) =>
  (load.live!.situation.globals.sides as { white: string }).white;

export interface MatchOptions {
  red: Person;
  blue: Person;
  /** Instance addresses for each person, in the order a proxy would try them. */
  redUrls: string[];
  blueUrls: string[];
  seed: number;
  paceMs?: number;
}

/**
 * Two people playing chess, game after game, until told to stop: when a game ends they open the next
 * table (on whichever instance answers), so the load goes on as long as the test needs it.
 */
export class Match {
  readonly bots: ChessBot[] = [];
  private games = 0;

  constructor(private readonly o: MatchOptions) {}

  get acked(): number {
    return this.bots.reduce((n, b) => n + b.acked.size, 0);
  }

  async play(until: () => boolean): Promise<void> {
    while (!until()) {
      const load = await this.newTable();
      if (!load) continue;
      this.games++;
      const bots = (["red", "blue"] as const).map(
        (color) =>
          new ChessBot({
            name: `${this.o[color].name}-g${this.games}`,
            urls: color === "red" ? this.o.redUrls : this.o.blueUrls,
            cookie: this.o[color].cookie,
            load,
            seat: color,
            seed: this.o.seed * 1000 + this.games * 2 + (color === "red" ? 0 : 1),
            ...(this.o.paceMs ? { paceMs: this.o.paceMs } : {}),
          }),
      );
      this.bots.push(...bots);
      await Promise.all(bots.map((b) => b.run(until)));
      for (const b of bots) b.close();
    }
  }

  /** Creates the next table through the first instance that answers; null when none did this round. */
  private async newTable(): Promise<TableLoadResponse | null> {
    for (const url of this.o.redUrls) {
      try {
        // A request to an instance that dies while answering must not hold the match forever.
        return await Promise.race([
          chessTable(url, this.o.red, this.o.blue),
          sleep(15_000).then(() => Promise.reject(new Error("no answer"))),
        ]);
      } catch {
        // That instance is down (or died half-way: the half-made table stays open, unused).
      }
    }
    await sleep(200);
    return null;
  }
}

/** Matches playing together until stopped; the first error of any bot ends them all and is rethrown. */
export function playAll(matches: Match[]) {
  let stopped = false;
  let failure: unknown = null;
  const done = Promise.all(matches.map((m) => m.play(() => stopped || failure !== null))).catch((err) => {
    failure ??= err;
  });
  return {
    acked: () => matches.reduce((n, m) => n + m.acked, 0),
    bots: () => matches.flatMap((m) => m.bots),
    /** Throws the bots' error, if any: waiting on a load that has failed would only time out. */
    check() {
      if (failure !== null) throw failure;
    },
    async stop() {
      stopped = true;
      await done;
      if (failure !== null) throw failure;
    },
  };
}

/**
 * Waits until `done` holds, checking every 50 ms; fails with `what` after `limitMs` (a guard against a
 * hang, not a measurement), or at once when `load` has failed.
 */
export async function until(
  done: () => boolean,
  what: string,
  { limitMs = 120_000, load }: { limitMs?: number; load?: { check(): void } } = {},
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!done()) {
    load?.check();
    if (Date.now() > deadline) throw new Error(`gave up waiting for: ${what}`);
    await sleep(50);
  }
}

export interface Verified {
  tables: number;
  events: number;
  acked: number;
  clients: number;
}

/**
 * The checks every fault test ends with, per table: the log in the database is contiguous from 0 and
 * matches the table's counters (no half-written turn); every turn a client was acknowledged is in it
 * at the seq it was acknowledged with; every client, after asking for what it missed, has exactly the
 * database's log (each event's header) and the view the server's own fold of it gives that client:
 * nothing lost, nothing twice, nothing different.
 */
export async function verifyTables(db: Db, bots: ChessBot[]): Promise<Verified> {
  const byTable = new Map<string, ChessBot[]>();
  for (const b of bots) byTable.set(b.tableId, [...(byTable.get(b.tableId) ?? []), b]);
  let events = 0;
  let acked = 0;
  for (const [tableId, clients] of byTable) {
    const rows = await db
      .select({ seq: tableEvents.seq, turnUid: tableEvents.turnUid, event: tableEvents.event })
      .from(tableEvents)
      .where(eq(tableEvents.tableId, tableId))
      .orderBy(asc(tableEvents.seq));
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
    const [row] = await db.select().from(tables).where(eq(tables.id, tableId));
    expect({ expected: row!.expectedMoveId, turns: row!.turnsPlayed }).toEqual({
      expected: rows.length,
      turns: rows.length,
    });
    const holder = await fullTable(db, tableId);
    expect(holder.events).toHaveLength(rows.length);
    const log = holder.events.map(headerOf);
    for (const client of clients) {
      for (const [turnUID, seq] of client.acked) {
        expect(rows[seq]?.turnUid, `${client.name}'s acknowledged ${turnUID}`).toBe(turnUID);
        acked++;
      }
      await client.finish();
      expect(client.events, `${client.name}'s log`).toEqual(log);
      expect(client.situation, `${client.name}'s view`).toEqual(holder.view(client.viewer));
      expect(client.counts.conflicts).toBe(0);
      expect(client.counts.unfit, `${client.name}: patches that did not fit`).toBe(0);
      expect(client.counts.refusedRules, `${client.name}: ${client.lastRefusal}`).toBe(0);
    }
    // The status follows the log: a game the log ends is ended in the table row, and only then.
    expect(row!.status).toBe(clients[0]!.situation.ended ? "ended" : "midgame");
    events += rows.length;
  }
  return { tables: byTable.size, events, acked, clients: bots.length };
}

/** Sums a count over bots. */
export const total = (bots: ChessBot[], count: keyof ChessBot["counts"]) =>
  bots.reduce((n, b) => n + b.counts[count], 0);
