import { readFileSync } from "node:fs";
import { UPLOAD_JOBS_PER_USER, UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { BUSY } from "../../src/work/uploads";
import { woff2Bomb } from "../fixtures/fontBombs";
import { buildPsd, noisyPsd } from "../fixtures/psdFixture";
import type { Client } from "../harness";
import { abuseSuite, latencyOf, sleep } from "./suite";

// Upload attacks of issue 36 ('Why' 5 and 9; docs/abuse.md), against a real server process with the
// default settings (one upload worker on a 2-core machine, a queue of 8, 2 uploads per user): a WOFF2
// of under 1 kB that unpacks to 1 GiB, uploaded as a deck asset, once and twelve at once; and one
// designer keeping as many uploads in flight as they can while another designer uploads card
// templates. Each test asserts what was refused and what got through; the victim's p50/p99 are printed.

const suite = abuseSuite();
const { figures, member, underAttack } = suite;
const GiB = 1024 * 1024 * 1024;

interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
  ms: number;
}

/** One multipart POST as the admin page sends it. */
async function post(
  c: Client,
  path: string,
  fields: Record<string, string>,
  files: Record<string, [Blob, string]>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [blob, name]] of Object.entries(files)) form.append(k, blob, name);
  const started = performance.now();
  const res = await fetch(suite.server.url + path, {
    method: "POST",
    body: form,
    headers: { cookie: c.cookie },
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    retryAfter: res.headers.get("retry-after"),
    ms: performance.now() - started,
  };
}

/** How many answers had each status: '2 x 413, 10 x 429'. */
function tally(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(", ");
}

describe("upload attacks of issue 36", { timeout: 240_000 }, () => {
  let attacker: Client;
  let other: Client;
  let attackDeck: string;
  let otherDeck: string;
  let bomb: Blob;

  beforeAll(async () => {
    // Designers of the shipped sandbox: site admins maintain every project's decks.
    [attacker, other] = [await member("admin"), await member("admin")];
    const deck = async (c: Client, deckName: string) =>
      ((await c.post("/api/projects/create-deck/sandbox", { deckName })).json() as { id: string }).id;
    attackDeck = await deck(attacker, "Bombs");
    otherDeck = await deck(other, "Templates");
    const bytes = await woff2Bomb(GiB);
    expect(bytes.length).toBeLessThan(1000);
    bomb = new Blob([bytes]);
    // A real font first: the upload worker starts with the first upload (seconds on a busy machine),
    // which is not what the figures below are about.
    const font = new Blob([readFileSync(new URL("../fixtures/fonts/TTBoxes-Italic.woff2", import.meta.url))]);
    const warm = await post(
      other,
      "/api/update-deck-assets/sandbox",
      { targetId: otherDeck },
      {
        "additional-assets": [font, "TTBoxes-Italic.woff2"],
      },
    );
    expect(warm.status).toBe(200);
  });

  const bombUpload = (c: Client) =>
    post(
      c,
      "/api/update-deck-assets/sandbox",
      { targetId: attackDeck },
      { "additional-assets": [bomb, "bomb.woff2"] },
    );
  const refusedBomb = { status: 413, text: UPLOAD_LIMIT_MESSAGES.fontTooLarge("bomb.woff2", GiB) };

  it("baseline: the victim alone", async () => {
    await underAttack("no attack (uploads' server)", () => sleep(2_000));
  });

  it("refuses a WOFF2 that unpacks to 1 GiB from its header, in a worker", async () => {
    const answer = await underAttack("a WOFF2 of 0.8 kB that unpacks to 1 GiB, as a deck asset", () =>
      bombUpload(attacker),
    );
    expect(answer).toMatchObject(refusedBomb);
    figures.push(`  the bomb's answer: ${answer.status} in ${answer.ms.toFixed(0)} ms: ${answer.text}`);
  });

  it("refuses twelve of them at once: each read in a worker or refused for the user's share", async () => {
    const answers = await underAttack("twelve such WOFF2s at once, one designer", () =>
      Promise.all(Array.from({ length: 12 }, () => bombUpload(attacker))),
    );
    figures.push(`  answers: ${tally(answers)}`);
    const tooMany = { status: 429, text: UPLOAD_LIMIT_MESSAGES.tooManyUploads(UPLOAD_JOBS_PER_USER) };
    for (const a of answers)
      expect([refusedBomb, tooMany]).toContainEqual({ status: a.status, text: a.text });
    expect(answers.filter((a) => a.status === 413).length).toBeGreaterThanOrEqual(1);
  });

  it("keeps a designer flooding the upload queue to their share while another designer uploads", async () => {
    // The attacker keeps the queue full as in the issue: ten uploads in flight (more than the worker
    // and the queue hold, 1 + 8; ~5.9 MB each, a few hundred milliseconds of a worker); each one
    // refused is sent again as soon as another of theirs is answered. Meanwhile the other designer
    // uploads a card template five times, one after another.
    const heavy = new Blob([noisyPsd(2)]);
    const template = new Blob([buildPsd()]);
    const flood: Answer[] = [];
    const mine: Answer[] = [];
    await underAttack("one designer keeping 10 .psd uploads in flight, another uploading 5", async () => {
      let done = false;
      let wake = () => {};
      let nextRead = new Promise<void>((resolve) => (wake = resolve));
      /** Wakes the refused: one of the attacker's uploads was read, a place is free again. */
      const read = () => {
        const woken = wake;
        nextRead = new Promise<void>((resolve) => (wake = resolve));
        woken();
      };
      const attack = async () => {
        while (!done) {
          const answer = await post(
            attacker,
            "/api/update-deck-source-psd/sandbox",
            { deckId: attackDeck },
            { psdfile: [heavy, "flood.psd"] },
          );
          flood.push(answer);
          if (answer.status === 200) read();
          else if (!done) await nextRead; // once done, read() has woken the waiting for the last time
        }
      };
      const attackers = Array.from({ length: 10 }, attack);
      for (let i = 0; i < 5; i++)
        mine.push(
          await post(
            other,
            "/api/update-deck-source-psd/sandbox",
            { deckId: otherDeck },
            { psdfile: [template, "card.psd"] },
          ),
        );
      done = true;
      read();
      await Promise.all(attackers);
    });
    const times = latencyOf(
      mine.map((a) => a.ms),
      0,
    );
    figures.push(
      `  the other designer's uploads: ${tally(mine)}, p50 ${times.p50.toFixed(0)} ms, max ${times.max.toFixed(0)} ms; the flood's: ${tally(flood)}`,
    );
    // The other designer: every upload read. The flood: its share read, the rest refused with 429 and
    // when to try again; nobody was told the server is busy.
    expect(mine.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(flood.some((a) => a.status === 200)).toBe(true);
    const refused = flood.filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused)
      expect(a).toMatchObject({
        status: 429,
        text: UPLOAD_LIMIT_MESSAGES.tooManyUploads(UPLOAD_JOBS_PER_USER),
        retryAfter: "30",
      });
    expect([...flood, ...mine].some((a) => a.text === BUSY)).toBe(false);
  });
});
