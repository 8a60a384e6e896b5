/**
 * Self-play speed (issue 22): whole games played by bots through the engine's table holder, as the
 * server records turns, each bot on its seat's view. Prints games per second of one thread and the
 * CPU time per game (process CPU, so a busy machine shows in the wall time, less in the CPU time).
 *
 * A balance run plays its games in worker threads, so the figure that matters on this 2-core machine
 * is also printed with one worker per core.
 *
 *   node --import tsx bench/src/bots.ts [--quick]
 *   node --import tsx bench/src/bots.ts --first-player 1000 [--bot greedy]   first player's win rate
 */
import { cpus } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { playShippedGame, type ShippedGame, shippedGames } from "@tt/games";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const COLORS = ["red", "blue", "green", "yellow"];
/** Night Market games played before the clock runs (see speed()). */
const WARM_UP_GAMES = 200;

function game(slug: string): ShippedGame {
  const found = shippedGames.find((g) => g.content.slug === slug);
  if (found === undefined) throw new Error(`${slug} is not shipped`);
  return found;
}

interface Run {
  games: number;
  wallMs: number;
  cpuMs: number;
  turns: number;
  refused: number;
}

function run(
  slug: string,
  seats: number,
  bots: string[],
  games: number,
  firstSeed: number,
  judged = true,
): Run {
  const g = game(slug);
  const players = COLORS.slice(0, seats);
  const byseat = Object.fromEntries(players.map((c, i) => [c, bots[i % bots.length] as string]));
  let turns = 0;
  let refused = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    const r = playShippedGame({
      game: g,
      players,
      bots: byseat,
      seed: firstSeed + i,
      maxTurns: 2000,
      judged,
    });
    turns += r.turns;
    refused += r.refused;
  }
  const cpu = process.cpuUsage(cpu0);
  return { games, wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, turns, refused };
}

function report(label: string, r: Run): void {
  const perSecond = (1000 * r.games) / r.wallMs;
  console.log(
    `${label.padEnd(42)} ${perSecond.toFixed(1).padStart(7)} games/s   ${(r.cpuMs / r.games).toFixed(2).padStart(7)} ms CPU per game   ${(r.turns / r.games).toFixed(0)} events per game   ${r.refused} refused`,
  );
}

interface Job {
  slug: string;
  seats: number;
  bots: string[];
  games: number;
  firstSeed: number;
}

/**
 * The same games shared among one worker thread per core. The clock runs from the moment every
 * worker has loaded the code and warmed up (a balance run's workers are a pool that stays up) to the
 * last one's end, so the figure is the games' and not the workers' start-up.
 */
async function parallel(job: Job, workers: number): Promise<Run> {
  const share = Math.ceil(job.games / workers);
  const started = Array.from({ length: workers }, (_, w) => {
    const part: Job = { ...job, games: share, firstSeed: job.firstSeed + w * share };
    // Node 20 does not carry tsx's loader into workers: register it there first (as the server's
    // worker pool does, packages/server/src/work/boot.mjs), then load this file.
    const boot = `import("tsx/esm/api").then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: part });
    const ready = new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    return { worker, ready };
  });
  await Promise.all(started.map((s) => s.ready));
  // process.cpuUsage() is the whole process's, in a worker too: measured here, once, for all workers.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const runs = await Promise.all(
    started.map(
      ({ worker }) =>
        new Promise<Run>((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
          worker.postMessage("go");
        }),
    ),
  );
  const total = runs.reduce(
    (a, r) => ({
      games: a.games + r.games,
      wallMs: 0,
      cpuMs: a.cpuMs + r.cpuMs,
      turns: a.turns + r.turns,
      refused: a.refused + r.refused,
    }),
    { games: 0, wallMs: 0, cpuMs: 0, turns: 0, refused: 0 },
  );
  const cpu = process.cpuUsage(cpu0);
  return { ...total, wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function speed(): Promise<void> {
  // Games first, so the JIT has compiled the hot path before the clock runs: a balance run's process
  // plays thousands of games, and its first hundred or so (under a second) run at half speed while
  // V8 is still optimising (measured: 10-11 ms of CPU a game over the first 200, 6.5-7 over 600).
  run("night-market", 4, ["random"], quick ? 20 : WARM_UP_GAMES, 10_000);
  report("Night Market, 4 random bots", run("night-market", 4, ["random"], quick ? 30 : 400, 1));
  // Before beside after: the bots try each turn on their view first, as at a live table, and the
  // table evaluates it again (PlayGameOptions.judged false; what balance runs did before).
  report(
    "  the same, each turn tried on the view first",
    run("night-market", 4, ["random"], quick ? 30 : 400, 1, false),
  );
  const workers = Math.max(1, Math.min(2, cpus().length));
  report(
    `  the same, ${workers} worker threads`,
    await parallel(
      { slug: "night-market", seats: 4, bots: ["random"], games: quick ? 60 : 800, firstSeed: 1 },
      workers,
    ),
  );
  report("Night Market, 4 greedy bots (heuristic)", run("night-market", 4, ["greedy"], quick ? 5 : 30, 1));
  run("chess", 2, ["chess-1"], 1, 10_000);
  report("Chess, level 1 vs level 1", run("chess", 2, ["chess-1"], quick ? 3 : 20, 1));
  report("Chess, level 2 vs level 2", run("chess", 2, ["chess-2"], quick ? 2 : 10, 1));
}

/** How often the seat that plays first wins, with a 95% interval (normal approximation). */
function firstPlayer(games: number, bot: string): void {
  console.log(`Night Market, first player's win rate (${games} games each, ${bot} bots, ties shared):`);
  for (const seats of [2, 3, 4]) {
    const g = game("night-market");
    const players = COLORS.slice(0, seats);
    let firstWins = 0;
    for (let i = 0; i < games; i++) {
      const r = playShippedGame({
        game: g,
        players,
        bots: Object.fromEntries(players.map((c) => [c, bot])),
        seed: 1 + i,
      });
      if (r.winners.includes("red")) firstWins += 1 / r.winners.length;
    }
    const p = firstWins / games;
    const half = 1.96 * Math.sqrt((p * (1 - p)) / games);
    console.log(
      `  ${seats} players: ${(100 * p).toFixed(1)}% (95% CI ${(100 * (p - half)).toFixed(1)}-${(100 * (p + half)).toFixed(1)}%; a fair seat: ${(100 / seats).toFixed(1)}%)`,
    );
  }
}

if (!isMainThread) {
  const job = workerData as Job;
  // Warm up like the main thread does, off the clock of the games counted.
  run(job.slug, job.seats, job.bots, WARM_UP_GAMES, 50_000);
  parentPort?.postMessage("ready");
  parentPort?.once("message", () => {
    parentPort?.postMessage(run(job.slug, job.seats, job.bots, job.games, job.firstSeed));
    parentPort?.close();
  });
} else {
  const first = flag("--first-player");
  if (first !== undefined) firstPlayer(Number(first), flag("--bot") ?? "random");
  else await speed();
}
