import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { Deployment } from "./deploy";
import type { LoadOptions } from "./options";
import { memoryMb } from "./procstat";
import { sleep } from "./run";
import { printTargets, TARGETS, type TargetLine } from "./targets";
import { createUsers } from "./users";

// The sockets mode: idle, authenticated connections (a logged-in tab that sits there) added in
// steps to every server process, up to the target or until the OS refuses; prints the server's memory
// at each step and the memory one socket costs.

const root = path.resolve(import.meta.dirname, "../../..");
const USERS = 20;
/** Time for the server to settle (handshakes finished, garbage collected in its own time). */
const SETTLE_MS = 3000;

interface Answer {
  ready?: boolean;
  opened?: number;
  connected?: number;
  error?: string | null;
  rssMb?: number;
}

function startChild(url: string, cookies: string[]): { child: ChildProcess; next: () => Promise<Answer> } {
  // Each socket is a descriptor at both ends: the child gets the hard limit, as the servers do.
  const child = spawn(
    "bash",
    [
      "-c",
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      "bash",
      process.execPath,
      "--import",
      "tsx",
      path.join(import.meta.dirname, "socketsChild.ts"),
    ],
    {
      cwd: root,
      env: { ...process.env, BENCH_SOCKETS_URL: url, BENCH_SOCKETS_COOKIES: JSON.stringify(cookies) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const queue: Answer[] = [];
  const waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void }[] = [];
  let gone: Error | null = null;
  child.on("message", (m: Answer) => {
    const w = waiting.shift();
    if (w) w.resolve(m);
    else queue.push(m);
  });
  child.on("exit", (code) => {
    gone = new Error(`sockets child exited with ${code}`);
    for (const w of waiting.splice(0)) w.reject(gone);
  });
  const next = () =>
    new Promise<Answer>((resolve, reject) => {
      const q = queue.shift();
      if (q) return resolve(q);
      if (gone) return reject(gone);
      waiting.push({ resolve, reject });
    });
  return { child, next };
}

export async function socketsRun(deployment: Deployment, options: LoadOptions): Promise<void> {
  const users = await createUsers(deployment, USERS, "idle");
  const cookies = users.map((u) => u.http.cookie);
  const children = deployment.servers.map((s) => startChild(s.url, cookies));
  try {
    await Promise.all(children.map((c) => c.next()));
    await sleep(SETTLE_MS);
    // Heap after a full collection: what the sockets hold, not garbage waiting its turn.
    const reading = async (s: Deployment["servers"][number]) => ({
      rss: memoryMb(s.pid)?.rss ?? Number.NaN,
      heap: (await s.sample(true))?.heapUsedMb ?? Number.NaN,
    });
    const base = await Promise.all(deployment.servers.map(reading));
    const target = options.sockets;
    const step = Math.max(1000, Math.round(target / 10 / 1000) * 1000);
    console.log(`  ${USERS} users logged in; opening up to ${target} idle sockets per server process\n`);
    console.log(
      "  server     sockets   RSS MB   heap MB   KB per socket: heap  RSS (this step)   client RSS MB",
    );
    for (const [i, s] of deployment.servers.entries())
      console.log(
        `  ${s.label.padEnd(9)} ${"0".padStart(8)} ${base[i]!.rss.toFixed(0).padStart(8)} ${base[i]!.heap.toFixed(0).padStart(9)}`,
      );
    const first: { n: number; rss: number }[] = [];
    const previous = base.map((b) => ({ n: 0, rss: b.rss }));
    const last: { n: number; rss: number; heap: number; error: string | null }[] = [];
    for (let goal = Math.min(step, target); ; goal = Math.min(goal + step, target)) {
      const answers = await Promise.all(
        children.map(async (c) => {
          c.child.send({ open: goal });
          return c.next();
        }),
      );
      await sleep(SETTLE_MS);
      let stop = goal >= target;
      for (const [i, s] of deployment.servers.entries()) {
        const a = answers[i]!;
        const { rss, heap } = await reading(s);
        const n = a.connected ?? 0;
        const perHeap = n ? ((heap - base[i]!.heap) * 1024) / n : Number.NaN;
        const stepRss =
          n > previous[i]!.n ? ((rss - previous[i]!.rss) * 1024) / (n - previous[i]!.n) : Number.NaN;
        console.log(
          `  ${s.label.padEnd(9)} ${String(n).padStart(8)} ${rss.toFixed(0).padStart(8)} ${heap.toFixed(0).padStart(9)} ${perHeap.toFixed(1).padStart(20)} ${stepRss.toFixed(1).padStart(16)} ${(a.rssMb ?? 0).toFixed(0).padStart(15)}` +
            (a.error ? `  stopped: ${a.error}` : ""),
        );
        first[i] ??= { n, rss };
        previous[i] = { n, rss };
        last[i] = { n, rss, heap, error: a.error ?? null };
        if (a.error) stop = true;
      }
      if (stop) break;
    }
    console.log("");
    const targets: TargetLine[] = [];
    for (const [i, s] of deployment.servers.entries()) {
      const l = last[i]!;
      const f = first[i]!;
      const heapKb = ((l.heap - base[i]!.heap) * 1024) / l.n;
      targets.push({
        what: `${s.label}: heap per idle socket <= ${TARGETS.heapKbPerIdleSocket} KB`,
        measured: `${heapKb.toFixed(1)} KB at ${l.n} sockets`,
        met: heapKb <= TARGETS.heapKbPerIdleSocket,
      });
      // RSS from the first step on: the start-up's high-water memory (PGlite's especially) is handed
      // back to the OS over the first minutes and would make the first sockets look free.
      const rss = l.n > f.n ? `${(((l.rss - f.rss) * 1024) / (l.n - f.n)).toFixed(1)} KB RSS` : "RSS -";
      console.log(
        `  ${s.label}: ${l.n} sockets held${l.error ? ` (refused beyond: ${l.error})` : ""}; per socket ` +
          `${heapKb.toFixed(1)} KB heap, ${rss} (from ${f.n} to ${l.n} sockets)`,
      );
    }
    printTargets("targets", targets);
  } finally {
    for (const c of children) {
      if (c.child.exitCode === null) {
        const exited = new Promise((r) => c.child.once("exit", r));
        c.child.send({ close: true });
        await Promise.race([exited, sleep(10_000)]);
        if (c.child.exitCode === null) c.child.kill("SIGKILL");
      }
    }
  }
}
