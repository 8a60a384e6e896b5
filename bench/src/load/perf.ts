import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

// `--perf`: the servers' CPU over the measured window as Linux `perf` sees it, beside (or instead
// of) V8's own profile (`--profile`).
//
// Why a second profiler: V8's sampler counts a tick to the native function last entered from
// JavaScript when it cannot walk the stack, so in our runs `writev` got 21-49% of the server's
// "busy" time while the kernel's accounting gave the whole process 8-14% system time; earlier notes
// read that as waiting. `perf` samples the CPU itself: kernel, V8's builtins and runtime (inline
// caches, JSON, the garbage collector), the optimising compiler's threads and the JIT code each get
// what they used. The servers run with --perf-basic-prof (a map of JIT code for perf), so JavaScript
// frames have names; a frame's name can be stale when V8 moved or freed code, so only the sums over
// many frames are read here, never one sample.

/** Areas a sample is counted to: its innermost frame that matches, in this order of patterns. */
const AREAS: [pattern: string, area: string][] = [
  ["tableEventEncoder", "socket messages (our encoder)"],
  ["/node_modules/ws/", "WebSocket (ws)"],
  ["/node_modules/engine.io", "Socket.IO and Engine.IO"],
  ["/node_modules/socket.io", "Socket.IO and Engine.IO"],
  ["/node_modules/pg", "node-postgres driver"],
  ["/node_modules/drizzle-orm/", "Drizzle ORM (query building)"],
  ["/node_modules/zod/", "zod (input parsing)"],
  ["/node_modules/fastify", "Fastify and HTTP"],
  ["node:_http", "Fastify and HTTP"],
  ["/node_modules/@electric-sql/pglite", "PGlite"],
  ["/packages/engine/src/view/", "engine: views and patches"],
  ["/packages/engine/src/table/", "engine: table (record, holder, tiles)"],
  ["/packages/engine/src/", "engine: rules and moves"],
  ["/packages/games/src/", "game modules"],
  ["/packages/server/src/", "server code"],
  ["/bench/src/load/probe", "load probe (the bench's own)"],
];

export function perfAvailable(): boolean {
  try {
    execFileSync("perf", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Starts `perf record` on the given processes (every thread); the returned function stops it. */
export function startPerf(pids: number[], dir: string): () => Promise<void> {
  const child: ChildProcess = spawn(
    "perf",
    ["record", "-F", "499", "-g", "-o", path.join(dir, "perf.data"), "-p", pids.join(",")],
    { stdio: "ignore" },
  );
  return () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGINT");
    });
}

interface Sample {
  thread: "main" | "gc" | "compiler" | "other";
  frames: string[];
}

function* samplesOf(script: string): Generator<Sample> {
  for (const block of script.split("\n\n")) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    if (lines.length < 2) continue;
    const [pid, tid] = (
      lines[0]!
        .trim()
        .split(/\s+/)
        .find((t) => t.includes("/")) ?? ""
    ).split("/");
    const frames = lines.slice(1).map((l) => l.trim().replace(/^[0-9a-f]+\s+/, ""));
    const all = frames.join(" ");
    let thread: Sample["thread"] = pid !== undefined && tid !== undefined && pid === tid ? "main" : "other";
    if (thread === "other" && /Scaveng|Marking|Sweep|Heap::|GCTracer/.test(all)) thread = "gc";
    else if (thread === "other" && /Compil|compiler::|Turbofan|Maglev/.test(all)) thread = "compiler";
    yield { thread, frames };
  }
}

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1).padStart(5)}%`;

/** Sums up what `perf record` wrote, by thread, by kind of code and by area. */
export function printPerf(dir: string): void {
  const data = path.join(dir, "perf.data");
  if (!existsSync(data)) {
    console.log("  perf: no samples written");
    return;
  }
  // perf script reads the JIT maps (/tmp/perf-PID.map) the servers wrote while they ran.
  const script = execFileSync("perf", ["script", "-i", data, "-F", "pid,tid,ip,sym,dso"], {
    maxBuffer: 1 << 30,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const threads = new Map<string, number>();
  const kinds = new Map<string, number>();
  const areas = new Map<string, number>();
  const inner = new Map<string, number>();
  let total = 0;
  let main = 0;
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const { thread, frames } of samplesOf(script)) {
    total++;
    add(threads, thread);
    if (thread !== "main") continue;
    main++;
    const leaf = frames[0] ?? "";
    add(
      kinds,
      leaf.includes("[kernel")
        ? "kernel"
        : leaf.includes("JS:")
          ? "JIT code (JavaScript)"
          : "Node and V8 native",
    );
    let area = "other (event loop, Node internals)";
    for (const frame of frames) {
      const hit = AREAS.find(([pattern]) => frame.includes(pattern));
      if (hit) {
        area = hit[1];
        break;
      }
    }
    if (/Scaveng|MarkCompact|Heap::Collect/.test(frames.slice(0, 8).join(" ")))
      area = "garbage collector (on the main thread)";
    add(areas, area);
    const js = frames.find((f) => f.includes("JS:"));
    if (js)
      add(
        inner,
        js
          .replace(/^.*?JS:[*^~+]?/, "")
          .replace(/\s*\([^()]*\)$/, "")
          .replace(/file:\/\/\/.*?\/(packages|node_modules|bench)\//, "$1/")
          .slice(0, 100),
      );
  }
  if (total === 0) {
    console.log("  perf: no samples");
    return;
  }
  console.log(`\n  perf (Linux perf, every thread of the servers, 499 Hz): ${total} samples`);
  console.log("  by thread:");
  const threadNames = {
    main: "main thread",
    gc: "GC helper threads",
    compiler: "optimising compiler threads",
    other: "other threads",
  };
  for (const [k, v] of [...threads].sort((a, b) => b[1] - a[1]))
    console.log(`    ${percent(v, total)}  ${threadNames[k as Sample["thread"]]}`);
  console.log("  main thread, by kind of code (the leaf frame):");
  for (const [k, v] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`    ${percent(v, main)}  ${k}`);
  console.log("  main thread, by area (innermost frame of ours or of a library):");
  for (const [k, v] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`    ${percent(v, main)}  ${k}`);
  console.log("  main thread, innermost JavaScript function:");
  for (const [k, v] of [...inner].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${percent(v, main)}  ${k}`);
}
