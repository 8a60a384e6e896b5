import { randomBytes } from "node:crypto";
import {
  LIMIT_MESSAGES,
  SESSION_CAPS,
  TABLE_CAPS,
  TABLE_REFUSALS,
  type TableLoadResponse,
} from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, rawGet } from "../harness";
import { abuseSuite, answerTo, sleep } from "./suite";

// Issue 36 'Why' item 6, made against a real server process with the default caps (docs/abuse.md):
// a user fills a sandbox's log to its cap (32 MB) with edit-mode turns, ends the game and reloads the
// ended table again and again, as a browser does (the load, then the log with its ETag, gzip) and as
// a script does (the whole log, no gzip, no ETag). Before issue 36 each reload serialised the whole
// log on the server's thread and another user's p50 went from 6 to 160-180 ms; now the log is stored
// once, compressed, a reload is answered 304, and a user's loads are counted in bytes.

const suite = abuseSuite();
const { figures, member, sandbox, tab, underAttack } = suite;

/** Players taking turns in round: one socket's, session's and user's rates would hold the filling up. */
const FILLERS = 8;

/** LIMIT_MESSAGES.readBytesTooFast, whatever the wait. */
const READ_BYTES_REFUSAL =
  /^You have loaded a lot of table data in a short time: wait \d+ s and try again\.$/;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let turns = 0;
/** An edit-mode raw move at the sandbox as red, answered with its event's seq or its refusal. */
function send(s: Socket, tableId: string, moveId: number, move: object) {
  const turnUID = `log-${++turns}`;
  const answer = answerTo(s, turnUID);
  s.emit("game-move", {
    tableId,
    moveId,
    turnUID,
    editMode: true,
    seat: "red",
    actions: [{ kind: "raw move", move }],
  });
  return answer;
}

/** Tallies of what a loop of loads was answered: status -> count. */
function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(", ");
}

describe("attacks of issue 36: reloading a full log", { timeout: 600_000 }, () => {
  let attacker: Client & { name: string };
  let tableId = "";
  let endedLog = "";

  beforeAll(async () => {
    attacker = await member();
    tableId = await sandbox(attacker);
    // Noise, so the log does not compress away: one global set again and again (the situation stays
    // small), a turn just under the size a turn may send.
    const fillers: Socket[] = [];
    for (let i = 0; i < FILLERS; i++) {
      const s = await tab(i === 0 ? attacker : await member());
      await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
      fillers.push(s);
    }
    const noise = () => randomBytes(11_000).toString("base64");
    let moveId = 0;
    let next = 0;
    /** A turn, sent again from the next player's socket at once while it is refused for speed. */
    const play = async (move: object) => {
      for (;;) {
        const answer = await send(fillers[next++ % FILLERS]!, tableId, moveId, move);
        if ("seq" in answer) moveId++;
        if ("seq" in answer || answer.code !== TABLE_REFUSALS.tooFast) return answer;
      }
    };
    const started = performance.now();
    let last: Awaited<ReturnType<typeof play>>;
    do last = await play({ type: "set global", name: "noise", value: noise() });
    while ("seq" in last);
    expect(last).toMatchObject({ code: TABLE_REFUSALS.logFull });
    // The log has no room for another such turn; the game's end is small and still goes.
    expect(await play({ type: "game end" })).toMatchObject({ ok: true });
    figures.push(
      `  the log filled with ${moveId} turns in ${((performance.now() - started) / 1000).toFixed(1)} s (cap ${mb(TABLE_CAPS.logBytes)})`,
    );
    for (const s of fillers) s.close();
    const load = (await attacker.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    expect(load.status).toBe("ended");
    endedLog = `${suite.server.url}${load.endedLog}`;
  }, 600_000);

  it("baseline: the victim alone", async () => {
    await underAttack("no attack (logs file)", () => sleep(2_000));
  });

  let tag = "";
  it("answers a browser's reloads of the ended table: the log once, then refused by bytes", async () => {
    const cookie = { cookie: attacker.cookie };
    const result = await underAttack("reloading the ended 32 MB table as a browser, 10 s", async () => {
      const seen = { loads: [] as number[], logs: [] as number[], bytes: 0, zipped: 0, refusal: "" };
      const until = performance.now() + 10_000;
      while (performance.now() < until) {
        const load = await rawGet(`${suite.server.url}/api/table-open/${tableId}`, {
          ...cookie,
          "accept-encoding": "gzip",
        });
        seen.loads.push(load.status);
        seen.bytes += load.body.length;
        if (load.status !== 200) {
          seen.refusal = load.body.toString();
          continue;
        }
        const log = await rawGet(endedLog, {
          ...cookie,
          "accept-encoding": "gzip, deflate, br",
          ...(tag ? { "if-none-match": tag } : {}),
        });
        seen.logs.push(log.status);
        seen.bytes += log.body.length;
        if (log.status === 200) {
          tag = log.headers.etag ?? "";
          seen.zipped = log.body.length;
        }
      }
      return seen;
    });
    figures.push(
      `  table-open: ${tally(result.loads)}; table-log: ${tally(result.logs)}; ${mb(result.bytes)} sent (the log, gzip: ${mb(result.zipped)}); refused with '${result.refusal}'`,
    );
    // The log went once (its making and its bytes put the user in debt); the loads after are refused.
    expect(result.logs).toEqual([200]);
    expect(result.loads.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(result.refusal).toMatch(READ_BYTES_REFUSAL);
  });

  it("answers a log the browser holds with 304 (no bytes), up to the user's calls", async () => {
    const result = await underAttack("asking again for the log it holds (its ETag), 10 s", async () => {
      const statuses: number[] = [];
      const refusals = new Set<string>();
      const until = performance.now() + 10_000;
      while (performance.now() < until) {
        const res = await rawGet(endedLog, { cookie: attacker.cookie, "if-none-match": tag });
        statuses.push(res.status);
        if (res.status === 429) refusals.add(res.body.toString());
      }
      return { statuses, refusals };
    });
    figures.push(`  table-log with its ETag: ${tally(result.statuses)}`);
    expect(new Set(result.statuses)).toEqual(new Set([304, 429]));
    // Held back by the calls a user may make, not by bytes: a 304 sends none.
    expect([...result.refusals]).toEqual([LIMIT_MESSAGES.readsTooFast]);
  });

  it("holds back a script fetching the whole log again and again, by bytes, with the message", async () => {
    // Another user (the first spent their budget above): a script that takes no gzip and keeps no tag.
    const script = await member();
    const result = await underAttack(
      "fetching the 32 MB log without gzip or ETag, 10 s, 4 at once",
      async () => {
        const statuses: number[] = [];
        let bytes = 0;
        let refusal = "";
        const until = performance.now() + 10_000;
        await Promise.all(
          Array.from({ length: SESSION_CAPS.heavyReadsInFlight }, async () => {
            while (performance.now() < until) {
              const res = await rawGet(endedLog, { cookie: script.cookie, "accept-encoding": "identity" });
              statuses.push(res.status);
              bytes += res.body.length;
              if (res.status === 429 && res.body.toString() !== LIMIT_MESSAGES.readsTooFast)
                refusal = res.body.toString();
            }
          }),
        );
        return { statuses, bytes, refusal };
      },
    );
    figures.push(
      `  table-log: ${tally(result.statuses)}; ${mb(result.bytes)} sent; refused with '${result.refusal}'`,
    );
    const served = result.statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThan(0);
    // The byte budget: its burst, and at most one answer into debt per load running at once.
    expect(result.bytes).toBeLessThanOrEqual(
      SESSION_CAPS.heavyReadBytes.burst +
        SESSION_CAPS.heavyReadBytes.perSecond * 12 +
        SESSION_CAPS.heavyReadsInFlight * TABLE_CAPS.logBytes * 1.1,
    );
    expect(result.refusal).toMatch(READ_BYTES_REFUSAL);
    // Others still read it at once.
    const other = await member();
    expect((await rawGet(endedLog, { cookie: other.cookie, "accept-encoding": "gzip" })).status).toBe(200);
  });
});
