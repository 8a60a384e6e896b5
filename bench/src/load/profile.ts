import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

// Reads the V8 CPU profiles the servers wrote (`--profile`: node --cpu-prof) and says where their time
// went: by layer (database driver, Socket.IO, engine, ...), the hottest functions by their own time,
// and the server's own functions with everything they called.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const LAYERS: [RegExp, string][] = [
  // PGlite is the only WebAssembly in the server.
  [/@electric-sql\/pglite|^wasm:/, "PGlite (embedded PostgreSQL, WASM)"],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//, "node-postgres driver"],
  [/drizzle-orm/, "Drizzle ORM"],
  [/redis-adapter|@redis|node_modules\/redis\//, "Redis adapter and client"],
  [/socket\.io|engine\.io|node_modules\/ws\//, "Socket.IO and WebSocket"],
  [/fastify|find-my-way|avvio|pino|light-my-request/, "Fastify and logging"],
  [/node_modules\/zod/, "zod validation"],
  [/@node-rs\/argon2/, "argon2"],
  [/packages\/engine\//, "engine (moves, turns)"],
  [/packages\/games\//, "game modules"],
  [/packages\/protocol\//, "protocol"],
  [/packages\/server\//, "server code"],
  [/bench\/src\/load\/probe/, "load probe"],
  [/node_modules\//, "other packages"],
  [/^node:/, "Node internals"],
];

function layerOf(frame: CallFrame): string {
  if (frame.functionName.startsWith("(")) return frame.functionName; // (garbage collector), (program), (idle)
  for (const [re, name] of LAYERS) if (re.test(frame.url)) return name;
  return frame.url ? "other" : "native code called from the event loop";
}

function label(frame: CallFrame): string {
  const file = frame.url.replace(/^.*\/(node_modules|packages)\//, "").replace(/^file:\/\//, "");
  // Bundled and transpiled files report line 1 for everything: the name and file say more.
  const line = frame.lineNumber > 0 ? `:${frame.lineNumber + 1}` : "";
  return `${frame.functionName || "(anonymous)"} ${file}${line}`;
}

function analyse(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)");
  const busy = total - idle.reduce((a, [, v]) => a + v, 0);

  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Native code (a write, a stat, JSON.parse) is counted in the layer of the JavaScript that called it.
  const layerMemo = new Map<number, string>();
  const layerFor = (id: number): string => {
    const known = layerMemo.get(id);
    if (known !== undefined) return known;
    const frame = byId.get(id)!.callFrame;
    const up = parent.get(id);
    const layer =
      frame.url || frame.functionName.startsWith("(") || up === undefined ? layerOf(frame) : layerFor(up);
    layerMemo.set(id, layer);
    return layer;
  };
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    layers.set(layerFor(id), (layers.get(layerFor(id)) ?? 0) + us);
    functions.set(label(frame), (functions.get(label(frame)) ?? 0) + us);
  }

  // Inclusive time of the server's own functions: each sample counted once per function on its stack.
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url.includes("packages/server/src") || !frame.functionName) continue;
      const key = label(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  return { total, busy, layers, functions, inclusive };
}

export function printProfiles(dir: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  if (files.length === 0) {
    console.log(`  no CPU profile written in ${dir}`);
    return;
  }
  for (const file of files) {
    const a = analyse(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile);
    const share = (us: number) => `${((100 * us) / a.busy).toFixed(1)}%`.padStart(6);
    const top = (m: Map<string, number>, n: number) => [...m].sort((x, y) => y[1] - x[1]).slice(0, n);
    console.log(
      `\n  CPU profile ${file}: ${(a.busy / 1e6).toFixed(1)} s busy of ${(a.total / 1e6).toFixed(1)} s (shares of busy time)`,
    );
    console.log("  by layer (own time; native calls count with their caller):");
    for (const [k, v] of top(a.layers, 14)) console.log(`    ${share(v)}  ${k}`);
    console.log("  hottest functions (own time):");
    for (const [k, v] of top(a.functions, 15)) console.log(`    ${share(v)}  ${k}`);
    // Only the synchronous part: what an async function awaits runs later, from the event loop.
    console.log("  server functions (with what they call synchronously):");
    for (const [k, v] of top(a.inclusive, 15)) console.log(`    ${share(v)}  ${k}`);
  }
}

/** Profiles this process (the bots) from now until the returned function writes it to `file`. */
export async function profileSelf(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (err, result) => (err ? reject(err) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.start");
  return async (file) => {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
  };
}
