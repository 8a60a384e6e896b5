import { readFileSync } from "node:fs";
import type { Deck } from "@tt/engine";
import { UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PoolEvent } from "../src/work/pool";
import { uploadWork } from "../src/work/uploads";
import { noisyPsd } from "./fixtures/psdFixture";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role, userId } from "./lobbyFixture";
import { png } from "./security/world";

// Issue 36 points 5 and 9, through the routes of a server in this process (its upload workers are
// this process's threads, so the pool's watchers show where each file was read): every upload is read
// in a worker whatever its size, and one user holds at most WORK_JOBS_PER_USER places in the workers
// (running or waiting); the next is refused with 429 while other users' uploads go on.

let server: TestServer;
let as: Record<Role, Client>;
let deckId: string;
const events: PoolEvent[] = [];
const watch = (e: PoolEvent) => events.push(e);

beforeAll(async () => {
  // One worker, so the jobs below queue behind one another; time enough for a busy machine.
  server = await startTestServer({ WORK_THREADS: "1", WORK_TIMEOUT_SECONDS: "120" });
  as = await lobbyWorld(server);
  const made = await as.designer.post("/api/projects/create-deck/test-game", { deckName: "Queue" });
  deckId = (made.json() as Deck).id;
  uploadWork(server.config.work).pool.watchers.add(watch);
});
afterAll(async () => {
  uploadWork(server.config.work).pool.watchers.delete(watch);
  await server.close();
});

const owner = async (role: Role) => `user:${await userId(server, role)}`;

/** One file posted as the admin page posts it; the answer with its Retry-After. */
async function send(
  c: Client,
  path: string,
  fields: Record<string, string>,
  field: string,
  file: [Buffer, string],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([file[0]]), file[1]);
  const res = await fetch(server.url + path, { method: "POST", body: form, headers: { cookie: c.cookie } });
  return { status: res.status, text: await res.text(), retryAfter: res.headers.get("retry-after") };
}
const deckAssets = (c: Client, bytes: Buffer, name: string) =>
  send(c, "/api/update-deck-assets/test-game", { targetId: deckId }, "additional-assets", [bytes, name]);
const globalAsset = (c: Client, bytes: Buffer, name: string) =>
  send(c, "/api/projects/test-game/upload-assets", {}, "assets", [bytes, name]);

/** Resolves when the pool has told `count` events that `match`, counted from now. */
function seen(count: number, match: (e: PoolEvent) => boolean): Promise<void> {
  const from = events.length;
  return new Promise((resolve) => {
    const check = () => {
      if (events.slice(from).filter(match).length < count) return;
      uploadWork(server.config.work).pool.watchers.delete(check);
      resolve();
    };
    uploadWork(server.config.work).pool.watchers.add(check);
  });
}

describe("every upload is read in a worker", () => {
  it("a font of 1 kB, a small image and a small SVG all go to the worker", async () => {
    const font = readFileSync(new URL("./fixtures/fonts/TTBoxes-Italic.woff2", import.meta.url));
    expect(font.length).toBeLessThan(64 * 1024); // what was once read on the server's thread
    const designer = await owner("designer");
    const from = events.length;
    expect((await deckAssets(as.designer, font, "TTBoxes-Italic.woff2")).status).toBe(200);
    expect((await deckAssets(as.designer, png(), "icon.png")).status).toBe(200);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"/>');
    expect((await globalAsset(as.designer, svg, "dot.svg")).status).toBe(200);
    const dispatched = events.slice(from).filter((e) => e.what === "dispatched");
    expect(dispatched).toEqual([
      { what: "dispatched", kind: "font", owner: designer },
      { what: "dispatched", kind: "image", owner: designer },
      { what: "dispatched", kind: "image", owner: designer },
    ]);
  });
});

describe("a fair upload queue", () => {
  it("refuses one user's third upload with 429 while another user's upload is read", async () => {
    const work = uploadWork(server.config.work);
    const designer = await owner("designer");
    // The one worker kept busy by two large .psd files of someone else's (about a second each here),
    // so the uploads below wait in the queue meanwhile.
    const psd = noisyPsd(5);
    const busy = seen(1, (e) => e.what === "dispatched" && e.owner === "someone");
    const blockers = [work.psd(Buffer.from(psd), "someone"), work.psd(Buffer.from(psd), "someone")];
    await busy;

    const admin = await owner("admin");
    const from = events.length;
    const queued = seen(2, (e) => e.what === "queued" && e.owner === designer);
    const first = [deckAssets(as.designer, png(), "one.png"), deckAssets(as.designer, png(), "two.png")];
    await queued;
    // The third, while the first two wait: refused, with when to try again (one job's time limit).
    const third = await globalAsset(as.designer, png(), "three.png");
    expect(third).toEqual({ status: 429, text: UPLOAD_LIMIT_MESSAGES.tooManyUploads(2), retryAfter: "120" });
    expect(third.text).toBe(
      "You already have 2 uploads being read by the server: wait until one of them is done, then send this one again.",
    );
    // Another user's upload is taken meanwhile, and read.
    const other = await deckAssets(as.admin, png(), "other.png");
    expect(other.status).toBe(200);
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    expect((await Promise.all(blockers)).every((r) => r.ok)).toBe(true);
    // The other user's job was queued while the first two still held their places, and went to the
    // worker before the designer's second: that user had no job running yet.
    const after = events.slice(from);
    const otherQueued = after.findIndex((e) => e.what === "queued" && e.owner === admin);
    const designerDone = after.findIndex((e) => e.what === "settled" && e.owner === designer);
    expect(otherQueued).toBeLessThan(designerDone);
    const order = after.filter((e) => e.what === "dispatched" && e.owner !== "someone").map((e) => e.owner);
    expect(order).toEqual([designer, admin, designer]);
    // Once those are read, the same user may upload again.
    expect((await deckAssets(as.designer, png(), "three.png")).status).toBe(200);
  });
});
