import {
  applyMove,
  createSnapshotCache,
  fold,
  nextInt,
  type Situation,
  seedRng,
  situationAt,
  walk,
} from "../src/index.js";
import { bigLog, bigSituation, MoveStream } from "./world.js";

/**
 * Engine benchmarks (DESIGN.md performance budgets). Prints figures; nothing here asserts times.
 * Run: npm run bench -w packages/engine
 */

declare const console: { log(...values: unknown[]): void };
declare const process: { memoryUsage(): { heapUsed: number } };
declare const performance: { now(): number };
const gc = (globalThis as { gc?: () => void }).gc;

function count(situation: Situation): number {
  let n = 0;
  walk(situation.root, () => n++);
  return n;
}

function componentMoves(): void {
  const start = bigSituation();
  const stream = new MoveStream();
  let situation = start;
  const warm = 20_000;
  for (let i = 0; i < warm; i++) {
    const r = applyMove(situation, stream.next());
    if (r.ok) situation = r.value.situation;
  }
  const n = 200_000;
  const moves = Array.from({ length: n }, () => stream.next());
  const t0 = performance.now();
  for (const move of moves) {
    const r = applyMove(situation, move);
    if (!r.ok) throw new Error(r.message);
    situation = r.value.situation;
  }
  const ms = performance.now() - t0;
  console.log(
    `component moves: ${count(start)} components, ${n} moves in ${ms.toFixed(0)} ms = ${Math.round((n / ms) * 1000).toLocaleString("en")} moves/s (budget >= 100,000/s)`,
  );
}

function heap(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

function seeking(): void {
  const start = bigSituation();
  const events = bigLog(10_000);
  const t0 = performance.now();
  const baseline = heap();
  const cache = createSnapshotCache(start, events, 100);
  const held = heap() - baseline;
  const built = performance.now() - t0;
  let rng = seedRng(3);
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const [k, next] = nextInt(rng, events.length + 1);
    rng = next;
    const s0 = performance.now();
    situationAt(cache, k);
    times.push(performance.now() - s0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p99 = times[Math.floor(times.length * 0.99)] as number;
  const f0 = performance.now();
  fold(start, events.slice(0, 9_999));
  const fromZero = performance.now() - f0;
  console.log(
    `seek: 10,000 events, snapshot every 100: mean ${mean.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${(times.at(-1) as number).toFixed(2)} ms (budget <= 20 ms); fold from 0 would take ${fromZero.toFixed(0)} ms`,
  );
  console.log(
    `snapshots: ${cache.snapshots.length} held, cache built in ${built.toFixed(0)} ms; ${uniqueObjects(cache.snapshots).toLocaleString("en")} distinct objects in all snapshots vs ${uniqueObjects([start]).toLocaleString("en")} in one situation (structural sharing), ~${(estimatedBytes(cache.snapshots) / 1024 / 1024).toFixed(1)} MB estimated; heap growth while building ${(held / 1024 / 1024).toFixed(1)} MB${gc === undefined ? " (run with NODE_OPTIONS=--expose-gc for a GC-settled figure)" : " (GC-settled)"}`,
  );
}

/** Distinct objects reachable from the roots, and a rough size (V8: ~16 bytes a header, 8 a field). */
function uniqueObjects(roots: unknown[]): number {
  return reachable(roots).size;
}

function estimatedBytes(roots: unknown[]): number {
  let bytes = 0;
  for (const value of reachable(roots)) bytes += 16 + 8 * Object.keys(value).length;
  return bytes;
}

function reachable(roots: unknown[]): Set<object> {
  const seen = new Set<object>();
  const stack: unknown[] = [...roots];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const child of Object.values(value)) stack.push(child);
  }
  return seen;
}

componentMoves();
seeking();
