import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Deck, deckReport, deckSchema } from "@tt/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSY, REPORT_SKIPPED, uploadWork } from "../src/work/uploads";
import { spawnInstance } from "./faults/instances";
import { buildPsd, noisyPsd } from "./fixtures/psdFixture";
import { buildWorkbook } from "./fixtures/xlsxFixture";
import { type Client, controlMember, controlOf, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// Issue 20, point 3: heavy work off the event loop. A ~15 MB .psd is read in a worker thread of a
// server process while another user, in a process of its own, keeps asking it for the project list;
// their p99 is measured with and without the upload (and, to show that the measure catches a stall,
// with the server's thread held as long as the parse takes, as a parse on it held it before). The
// pool's refusals (busy, too long) are checked through the routes of a server in this process;
// pool.test.ts checks memory, crashes and replacement on their own.

let server: TestServer;
let as: Record<Role, Client>;
let deckId: string;
let victimProcess: ChildProcess | undefined;

beforeAll(async () => {
  // One worker and a queue of one, so the busy refusal below is reached with two jobs; time enough for
  // the parse on a machine busy with other test runs.
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "100000",
    WORK_THREADS: "1",
    WORK_QUEUE: "1",
    WORK_TIMEOUT_SECONDS: "120",
  });
  as = await lobbyWorld(server);
  const made = await as.designer.post("/api/projects/create-deck/test-game", { deckName: "Big" });
  deckId = (made.json() as Deck).id;
});
afterAll(async () => {
  victimProcess?.kill();
  await server.close();
});

/** A 2000x2000 card template of five 1000x1000 image layers: ~14.7 MB. */
const bigPsd = () => noisyPsd(5);

/** Uploads a .psd as the admin page does, to this file's in-process server. */
async function uploadPsd(bytes: Buffer | Blob, name = "big.psd") {
  const form = new FormData();
  form.append("deckId", deckId);
  form.append("psdfile", bytes instanceof Blob ? bytes : new Blob([bytes]), name);
  const res = await fetch(`${server.url}/api/update-deck-source-psd/test-game`, {
    method: "POST",
    body: form,
    headers: { cookie: as.designer.cookie },
  });
  return { status: res.status, text: await res.text(), retryAfter: res.headers.get("retry-after") };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Latency {
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Another user's latencies (victim.mjs, a GET of the project list every 10 ms, with `cookie`, from
 * the server at `base`) while `work` runs, with 300 ms either side.
 */
async function victimDuring(base: string, cookie: string, work: () => Promise<unknown>): Promise<Latency> {
  const config = { url: `${base}/api/get-project-list`, cookie, everyMs: 10 };
  const child = fork(new URL("./victim.mjs", import.meta.url), [JSON.stringify(config)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  victimProcess = child;
  const [ready] = await once(child, "message");
  expect(ready).toBe("ready");
  await sleep(300);
  await work();
  await sleep(300);
  const answer = once(child, "message");
  child.send("stop");
  const [{ latencies, failures }] = (await answer) as [{ latencies: number[]; failures: number }];
  await once(child, "exit");
  victimProcess = undefined;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { count: sorted.length, failures, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (what: string, l: Latency) =>
  `${what}: p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)} (${l.count} requests)`;

describe("heavy work off the event loop", () => {
  it("keeps other users' p99 under 100 ms while a 15 MB .psd is read", { timeout: 240_000 }, async () => {
    // The server under measure runs in a process of its own, started as an operator starts it, with
    // one upload worker: in this test's process its thread would also carry the test runner, its
    // heap and the uploader, whose pauses (a 15 MB form encoded, collections of a heap ten times the
    // server's) the other user counted against the server, 150-600 ms on a slower machine.
    // Its embedded database, as `npm start` runs it (the reads measured here do not depend on which).
    const dataDir = mkdtempSync(path.join(tmpdir(), "tt-heavy-"));
    const instance = await spawnInstance({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      WORK_THREADS: "1",
      WORK_TIMEOUT_SECONDS: "120",
    });
    try {
      const control = controlOf(dataDir);
      const admin = await controlMember(instance.url, control, "heavy_admin", "admin");
      const other = await controlMember(instance.url, control, "heavy_other");
      const made = await admin.post("/api/projects/create-deck/sandbox", { deckName: "Big" });
      expect(made.status).toBe(200);
      const bigDeck = (made.json() as Deck).id;
      const upload = async (bytes: Buffer) => {
        const form = new FormData();
        form.append("deckId", bigDeck);
        form.append("psdfile", new Blob([bytes]), "big.psd");
        const res = await fetch(`${instance.url}/api/update-deck-source-psd/sandbox`, {
          method: "POST",
          body: form,
          headers: { cookie: admin.cookie },
        });
        return { status: res.status, text: await res.text() };
      };

      const psd = bigPsd();
      expect(psd.length).toBeGreaterThan(14 * 1024 * 1024);
      // The first upload starts the worker (tsx loads the parsers); the measured ones find it ready.
      expect((await upload(psd)).status).toBe(200);
      // The parse alone, in a worker, through the same pool the route uses (this file's server's),
      // once to start the worker and once measured.
      const work = uploadWork(server.config.work);
      expect((await work.psd(Buffer.from(psd), "test")).ok).toBe(true);
      const started = performance.now();
      const parsed = await work.psd(Buffer.from(psd), "test");
      const parseMs = performance.now() - started;
      expect(parsed.ok).toBe(true);

      // This machine is shared and noisy (other test runs, browsers), so the bound is relative, not a
      // tight wall-clock figure: the 100 ms on top of the p99 the same load has here without
      // any upload, measured right after (or twice that p99, when the machine is so busy that it is
      // more). A round spoilt by a neighbour's burst is tried again, up to 5 rounds.
      const rounds: { withUpload: Latency; without: Latency; uploadMs: number }[] = [];
      const bound = (without: Latency) => Math.max(100 + without.p99, 2 * without.p99);
      const passes = (r: (typeof rounds)[number]) => r.withUpload.p99 < bound(r.without);
      while (rounds.length < 5 && !rounds.some(passes)) {
        let uploadMs = 0;
        const withUpload = await victimDuring(instance.url, other.cookie, async () => {
          const at = performance.now();
          const res = await upload(psd);
          uploadMs = performance.now() - at;
          expect(res.status, res.text).toBe(200);
        });
        const without = await victimDuring(instance.url, other.cookie, () => sleep(uploadMs));
        rounds.push({ withUpload, without, uploadMs });
      }
      // The server's thread held as long as the parse takes (SIGSTOP, SIGCONT), as a parse on it would
      // hold it (deckRoutes did so before issue 20): what the measure must catch.
      const pid = instance.pid()!;
      const stalled = await victimDuring(instance.url, other.cookie, async () => {
        process.kill(pid, "SIGSTOP");
        try {
          await sleep(parseMs);
        } finally {
          process.kill(pid, "SIGCONT");
        }
      });

      console.log(
        [
          `.psd of ${(psd.length / 1024 / 1024).toFixed(1)} MB: read in a worker in ${ms(parseMs)}`,
          ...rounds.flatMap((r, i) => [
            `round ${i + 1}: the upload answered in ${ms(r.uploadMs)}`,
            line("  other user, no upload", r.without),
            line("  other user, .psd read in a worker", r.withUpload),
          ]),
          line(`other user, the server's thread held for ${ms(parseMs)}`, stalled),
        ].join("\n"),
      );
      for (const r of rounds) expect(r.withUpload.failures + r.without.failures).toBe(0);
      expect(rounds.some(passes)).toBe(true);
      // A stall of the parse's length blows through the bound: the measure is known to catch one.
      expect(stalled.p99).toBeGreaterThan(bound(rounds.at(-1)!.without));
    } finally {
      await instance.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses an upload while the workers and their queue are full: 503, try again in a minute", async () => {
    // The project's data sheet: 600 cards and 20 rules, a report big enough to be made in a worker.
    const sheet = await buildWorkbook({
      data: [["ID", "name"], ...Array.from({ length: 600 }, (_, i) => [`c${i}`, `Card ${i}`])],
      rules: [
        ["layer", "rule", "arg"],
        ...Array.from({ length: 20 }, () => ["art 0", "set_innerHTML", "{name}"]),
      ],
    });
    const form = new FormData();
    form.append("xlsx", new Blob([sheet]), "data.xlsx");
    const saved = await fetch(`${server.url}/api/projects/upload-data-sheet/test-game`, {
      method: "POST",
      body: form,
      headers: { cookie: as.designer.cookie },
    });
    expect(saved.status).toBe(200);

    const work = uploadWork(server.config.work);
    const psd = bigPsd();
    // The deck's layers, from its template: a deck without layers has its report made in place.
    expect((await uploadPsd(psd)).status).toBe(200);
    // One job running on the one worker, one waiting: the queue is full.
    const running = work.psd(Buffer.from(psd), "test");
    const waiting = work.psd(Buffer.from(psd), "test");
    const refused = await uploadPsd(buildPsd(), "card.psd");
    expect(refused).toEqual({ status: 503, text: BUSY, retryAfter: "60" });
    // A deck saved from the data sheet meanwhile is saved; its report says it could not be made now.
    const fromSheet = await as.designer.post("/api/update-deck-source-sheet/test-game", {
      deckId,
      deckName: "Big",
    });
    expect(fromSheet.status).toBe(200);
    expect(fromSheet.json()).toMatchObject({ problems: [REPORT_SKIPPED] });
    expect((fromSheet.json() as Deck).cards).toHaveLength(600);
    expect((await running).ok && (await waiting).ok).toBe(true);
    expect((await uploadPsd(buildPsd(), "card.psd")).status).toBe(200);
  });

  it("stops reading a file that takes longer than the limit, and the next upload is read", async () => {
    // A second server on the same database whose workers give a file 0.2 s.
    const strict = await startTestServer({ WORK_TIMEOUT_SECONDS: "0.2" }, server.database);
    try {
      const post = async (bytes: Buffer) => {
        const form = new FormData();
        form.append("deckId", deckId);
        form.append("psdfile", new Blob([bytes]), "card.psd");
        const res = await fetch(`${strict.url}/api/update-deck-source-psd/test-game`, {
          method: "POST",
          body: form,
          headers: { cookie: as.designer.cookie },
        });
        return { status: res.status, text: await res.text() };
      };
      expect(await post(bigPsd())).toEqual({
        status: 413,
        text: "Reading the .psd file took more than 0.2 seconds and was stopped: make the file smaller or simpler and upload it again.",
      });
      expect((await post(buildPsd())).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("sanitises a large SVG in a worker", async () => {
    // ~200 kB of elements (every SVG is read in a worker; uploadQueue.test.ts shows small ones go there too).
    const groups = '<g><rect x="1" y="2" width="3" height="4" onclick="alert(1)"/></g>'.repeat(3_000);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><script>alert(2)</script>${groups}</svg>`;
    const form = new FormData();
    form.append("assets", new Blob([svg]), "large.svg");
    const res = await fetch(`${server.url}/api/projects/test-game/upload-assets`, {
      method: "POST",
      body: form,
      headers: { cookie: as.designer.cookie },
    });
    expect(res.status).toBe(200);
    const listed = (await as.designer.get("/api/projects/test-game/assets")).json() as {
      name: string;
      url: string;
      width?: number;
    }[];
    const asset = listed.find((a) => a.name === "large.svg")!;
    expect(asset.width).toBe(30);
    const stored = await (
      await fetch(server.url + asset.url, { headers: { cookie: as.designer.cookie } })
    ).text();
    expect(stored).toContain('<rect x="1" y="2" width="3" height="4"/>');
    expect(stored).not.toMatch(/script|alert|onclick/);
  });

  it("reads fonts and makes deck reports in a worker with the same answers as in place", async () => {
    const work = uploadWork(server.config.work);
    const font = readFileSync(new URL("./fixtures/fonts/TTBoxes-Italic.woff2", import.meta.url));
    const checked = await work.pool.run("font", {
      name: "TTBoxes-Italic.woff2",
      bytes: font,
      maxBytes: 1 << 20,
    });
    expect(checked.ok && checked.value.ok && checked.value.asset.font).toMatchObject({ italic: true });
    expect(checked.ok && checked.value.ok && Buffer.from(checked.value.asset.bytes).equals(font)).toBe(true);

    const deck = deckSchema.parse({
      id: "d",
      name: "D",
      cardInfo: { w: 100, h: 100 },
      layers: [{ name: "title", kind: "image", left: 0, top: 0, width: 10, height: 10, asset: "a.png" }],
      rules: [{ layer: "nope", rule: "set_innerHTML", arg: "{name}" }],
      cards: Array.from({ length: 3 }, (_, i) => ({ ID: `c${i}`, name: `Card ${i}` })),
    });
    expect(await work.pool.run("report", deck)).toEqual({ ok: true, value: deckReport(deck) });
  });
});
