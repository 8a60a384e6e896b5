import type { Deployment } from "./deploy";
import type { LoadOptions } from "./options";
import { memoryMb } from "./procstat";
import { printWritten, STORED_TABLE_USERS, spread } from "./restart";
import { sleep } from "./run";
import type { BotSocket } from "./seat";
import { checkFolds, connectSeat, playOneTurn, type TurnTaken, writeTables } from "./storedTables";
import { createUsers, inBatches } from "./users";

// The open-tables mode (issue 21, point 4): what the live state of many open tables costs a server
// process. The tables (storedTables.ts) are written into the stopped server's database and the server
// is started again, so it holds none of them. Then one socket per table connects (the seat whose
// turn it is) and sits idle; then each of them opens its table (table-subscribe: the server folds the
// log and keeps the table live, liveCache.ts) and plays a turn there. The server's heap after a full
// collection and its RSS are read after the start, with the idle sockets, and with every table open:
// the last difference divided by the tables is what one open table keeps.

/** Time for the server to settle (handshakes, subscribe answers sent) before memory is read. */
const SETTLE_MS = 3000;
const GAMES = 100;
const CHECKED = 100;

export async function openTablesRun(deployment: Deployment, options: LoadOptions): Promise<void> {
  const { count, events } = options.stored;
  const bots = await createUsers(deployment, STORED_TABLE_USERS, "open");
  console.log(
    `  ${bots.length} users registered; stopping the server, writing ${count} tables of ${events} events`,
  );
  let written: Awaited<ReturnType<typeof writeTables>> | undefined;
  await deployment.restart(0, async () => {
    written = await writeTables(deployment, bots, count, events, Math.min(GAMES, count));
  });
  printWritten(written!, events);
  const server = deployment.servers[0]!;
  const tables = written!.tables;
  const reading = async () => {
    await sleep(SETTLE_MS);
    const heap = (await server.sample(true))?.heapUsedMb ?? Number.NaN;
    return { heap, rss: memoryMb(server.pid)?.rss ?? Number.NaN };
  };
  const sockets: BotSocket[] = [];
  try {
    const started = await reading();
    for (const batch of chunks(tables, 100))
      sockets.push(
        ...(await Promise.all(
          batch.map((t) => connectSeat(server.url, t.seats.find((s) => s.color === t.active)!.user)),
        )),
      );
    const idle = await reading();
    const t0 = performance.now();
    // Bounded: the point is the memory they keep, not a storm.
    const taken: TurnTaken[] = await inBatches(
      tables.map((t, i) => ({ t, i })),
      16,
      ({ t, i }) => playOneTurn(sockets[i]!, t, i + 1),
    );
    const openSeconds = (performance.now() - t0) / 1000;
    const open = await reading();

    const row = (what: string, r: { heap: number; rss: number }) =>
      console.log(`  ${what.padEnd(44)}${r.heap.toFixed(1).padStart(9)}${r.rss.toFixed(0).padStart(9)}`);
    console.log(`\n  live state of ${count} open tables of ${events} events (heap after a full collection):`);
    console.log(`  ${"".padEnd(44)}${"heap MB".padStart(9)}${"RSS MB".padStart(9)}`);
    row("after the start (no table loaded)", started);
    row(`${count} idle sockets, one per table`, idle);
    row(`${count} tables open, a turn played at each`, open);
    const perHeap = ((open.heap - idle.heap) * 1024) / count;
    const perRss = ((open.rss - idle.rss) * 1024) / count;
    console.log(
      `  per open table: ${perHeap.toFixed(0)} KB heap, ${perRss.toFixed(0)} KB RSS ` +
        `(opened and played in ${openSeconds.toFixed(1)} s, 16 at a time; per idle socket ` +
        `${(((idle.heap - started.heap) * 1024) / count).toFixed(1)} KB heap)`,
    );
    console.log("\n  check (the accepted turn against a fold of the log in the database):");
    const checked = spread(
      taken.map((t) => t.table),
      CHECKED,
    ).map((t) => taken.find((x) => x.table === t)!);
    const check = await checkFolds((text, params) => server.read(text, params), checked);
    console.log(
      `  views equal to the fold: ${check.equal} of ${check.equal + check.differ} (a spread sample)`,
    );
    for (const e of check.examples) console.log(`    ${e}`);
  } finally {
    for (const s of sockets) s.close();
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
