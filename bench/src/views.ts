/**
 * What per-seat views cost the server per turn, measured on the engine alone (no sockets, no
 * database), so the figure is CPU per unit of work and not the machine's mood: the same random games
 * of Night Market at four seats, played through the engine's table holder as the server plays them,
 * once as the server did before views (evaluate the turn, serialise the whole event once for
 * everyone) and once as it does now (evaluate, build each seat's event, serialise each distinct one).
 * Also the bytes each seat is sent per turn. Run: node --import tsx bench/src/views.ts [--quick]
 *
 * Those two play one game after another. A server plays its tables' turns in turn instead (a turn at
 * one table, then at the others, then the next at the first), so what one turn leaves in the CPU's
 * caches is gone by the table's next; the last lines play the same games that way, with the time
 * split into the rules, the seats' views and patches, and their serialising, then what that run
 * allocates and what it keeps until each table's next turn (what a server's young collections copy).
 */

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import v8 from "node:v8";
import vm from "node:vm";
import {
  type Action,
  mayAct,
  randomTurn,
  seedRng,
  type TableEvent,
  type TableHolder,
  type ViewEvent,
} from "@tt/engine";
import { shippedGames } from "@tt/games";
import { playTable } from "../../packages/games/src/testing/driver";

// The "kept" measure below forces young collections; a flag set at run time, so `npm run bench` needs none.
v8.setFlagsFromString("--expose-gc");
const quick = process.argv.includes("--quick");
const SEATS = ["red", "blue", "green", "yellow"];
const GAMES = quick ? 20 : 100;

const game = shippedGames.find((g) => g.content.slug === "night-market");
if (game === undefined) throw new Error("Night Market is not shipped");

/** The turns of GAMES random games, chosen once so both ways replay exactly the same turns. */
function chooseGames(): { seed: number; turns: { seat: string; actions: Action[] }[] }[] {
  const out = [];
  for (let g = 0; g < GAMES; g++) {
    const seed = g + 1;
    const table = playTable(game as NonNullable<typeof game>, { players: SEATS, seed });
    const rng = { state: seedRng(seed * 31) };
    const turns: { seat: string; actions: Action[] }[] = [];
    for (let t = 0; t < 200 && !table.holder.live.ended; t++) {
      const { holder } = table;
      const seat = SEATS.find((s) => mayAct(holder.live, s)) ?? (SEATS[0] as string);
      const actions = randomTurn(holder.live, holder.events.length, seat, holder.module, holder.ctx, rng);
      if (actions === null) break;
      const played = holder.play({ seat, actions, timestamp: t, turnUID: `g${g}t${t}` });
      if (!played.ok) break;
      if (played.value.event !== null) turns.push({ seat, actions });
    }
    out.push({ seed, turns });
  }
  return out;
}

interface Totals {
  turns: number;
  ms: number;
  bytesPerSeat: number;
}

function run(
  games: ReturnType<typeof chooseGames>,
  send: (holder: TableHolder, event: TableEvent) => { bytes: number; perSeat: number },
): Totals {
  let turns = 0;
  let bytes = 0;
  let ms = 0;
  for (const { seed, turns: list } of games) {
    const table = playTable(game as NonNullable<typeof game>, { players: SEATS, seed });
    const { holder } = table;
    const t0 = performance.now();
    list.forEach(({ seat, actions }, t) => {
      const played = holder.play({ seat, actions, timestamp: t, turnUID: `t${t}` });
      if (!played.ok || played.value.event === null) return;
      bytes += send(holder, played.value.event).perSeat;
      turns++;
    });
    ms += performance.now() - t0;
  }
  return { turns, ms, bytesPerSeat: bytes / turns };
}

/** Before views: the whole event, serialised once, the same for every seat. */
const wholeEvent = (_holder: TableHolder, event: TableEvent) => {
  const bytes = JSON.stringify(["table-event", { tableId: "t", type: "game-move", event }]).length;
  return { bytes, perSeat: bytes };
};

/** Now: each seat's own event; seats sent the very same object share one serialisation. */
const perSeat = (holder: TableHolder, event: TableEvent) => {
  const made = new Map<ViewEvent, number>();
  let total = 0;
  for (const seat of SEATS) {
    const mine = holder.viewEvent(seat, event.seq, true);
    let bytes = made.get(mine);
    if (bytes === undefined) {
      bytes = JSON.stringify(["table-event", { tableId: "t", type: "game-move", event: mine }]).length;
      made.set(mine, bytes);
    }
    total += bytes;
  }
  return { bytes: total, perSeat: total / SEATS.length };
};

/**
 * The same turns, every game's next turn in turn (as a server with many tables plays them).
 * `betweenRounds` runs after each round of one turn per table.
 */
function interleaved(games: ReturnType<typeof chooseGames>, betweenRounds?: () => void) {
  const holders = games.map(
    ({ seed }) => playTable(game as NonNullable<typeof game>, { players: SEATS, seed }).holder,
  );
  const longest = Math.max(...games.map((g) => g.turns.length));
  const split = { rules: 0, views: 0, json: 0 };
  let turns = 0;
  for (let t = 0; t < longest; t++) {
    for (let g = 0; g < games.length; g++) {
      const turn = (games[g] as (typeof games)[number]).turns[t];
      const holder = holders[g] as TableHolder;
      if (turn === undefined) continue;
      const t0 = performance.now();
      const played = holder.play({ seat: turn.seat, actions: turn.actions, timestamp: t, turnUID: `t${t}` });
      const t1 = performance.now();
      split.rules += t1 - t0;
      if (!played.ok || played.value.event === null) continue;
      const mine = SEATS.map((seat) => holder.viewEvent(seat, (played.value.event as TableEvent).seq, true));
      const t2 = performance.now();
      split.views += t2 - t1;
      const made = new Set<ViewEvent>();
      for (const event of mine) {
        if (made.has(event)) continue;
        made.add(event);
        JSON.stringify(["table-event", { tableId: "t", type: "game-move", event }]);
      }
      split.json += performance.now() - t2;
      turns++;
    }
    betweenRounds?.();
  }
  return { turns, ms: split.rules + split.views + split.json, split };
}

/**
 * What `work` allocates, objects collected since included: V8's sampling heap profiler, one sample
 * per 4 kB on average, so the sum is within about a percent. Allocation is what sets how often the
 * young generation is collected, and it does not drift with the machine's load as times do.
 * `youngGarbage` false: what died in a young collection is left out (what `work` kept).
 */
async function bytesAllocated<T>(work: () => T, youngGarbage = true): Promise<{ bytes: number; result: T }> {
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.enable");
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMinorGC: youngGarbage,
    includeObjectsCollectedByMajorGC: true,
  });
  const result = work();
  const { profile } = await session.post("HeapProfiler.stopSampling");
  // BENCH_ALLOC_PROFILE=file keeps the profile (Chrome DevTools reads it as a .heapprofile), the
  // kept run's as file.kept.
  const file = process.env.BENCH_ALLOC_PROFILE;
  if (file) writeFileSync(youngGarbage ? file : `${file}.kept`, JSON.stringify(profile));
  session.disconnect();
  interface Node {
    selfSize: number;
    children: Node[];
  }
  const sum = (node: Node): number =>
    node.children.reduce((total, child) => total + sum(child), node.selfSize);
  return { bytes: sum(profile.head as Node), result };
}

const games = chooseGames();
// Once each to warm the JIT, then measured, alternating, three rounds.
run(games, wholeEvent);
run(games, perSeat);
const rounds: { before: Totals; now: Totals }[] = [];
for (let r = 0; r < 3; r++) rounds.push({ before: run(games, wholeEvent), now: run(games, perSeat) });
interleaved(games);
const allocated = await bytesAllocated(() => interleaved(games));
// What a turn keeps until its table's next turn. A server with a hundred tables at a turn a second
// collects its young generation several times between two turns of one table, so whatever a turn
// keeps for the next (the situation, its sight and index, the seats' views) is copied by those
// collections and promoted to the old space: that, not what dies young, is what its collections
// cost. Two young collections after each round of one turn per table reproduce it here: what one
// round made and the next still holds is promoted, what died young is left out of the count.
const collect = vm.runInNewContext("gc") as (options: { type: "minor" }) => void;
const kept = await bytesAllocated(
  () =>
    interleaved(games, () => {
      collect({ type: "minor" });
      collect({ type: "minor" });
    }),
  false,
);
const mixed = [0, 1, 2]
  .map(() => interleaved(games))
  .reduce((a, b) => (a.ms / a.turns <= b.ms / b.turns ? a : b));
const best = (pick: (r: { before: Totals; now: Totals }) => Totals) =>
  rounds.map(pick).reduce((a, b) => (a.ms / a.turns <= b.ms / b.turns ? a : b));
const before = best((r) => r.before);
const now = best((r) => r.now);
const us = (t: Totals) => (1000 * t.ms) / t.turns;
console.log(`Night Market, 4 seats, ${before.turns} turns of ${GAMES} random games (best of 3 rounds):`);
console.log(
  `  whole event to every seat (before views)  ${us(before).toFixed(0).padStart(5)} us CPU per turn, ${before.bytesPerSeat.toFixed(0)} bytes per seat`,
);
console.log(
  `  each seat its own view's event (now)      ${us(now).toFixed(0).padStart(5)} us CPU per turn, ${now.bytesPerSeat.toFixed(0)} bytes per seat`,
);
console.log(
  `  views add ${(us(now) - us(before)).toFixed(0)} us per turn (x${(us(now) / us(before)).toFixed(2)})`,
);
const perTurn = (ms: number) => ((1000 * ms) / mixed.turns).toFixed(0);
const kbPerTurn = allocated.bytes / allocated.result.turns / 1024;
console.log(
  `  the same, ${GAMES} tables in turn (as a server) ${perTurn(mixed.ms).padStart(5)} us CPU per turn: rules ${perTurn(mixed.split.rules)}, views and patches ${perTurn(mixed.split.views)}, serialising ${perTurn(mixed.split.json)}`,
);
console.log(`  allocated in that run: ${kbPerTurn.toFixed(1)} kB per turn`);
console.log(
  `  kept until the table's next turn (what young collections copy): ${(kept.bytes / kept.result.turns / 1024).toFixed(1)} kB per turn`,
);
