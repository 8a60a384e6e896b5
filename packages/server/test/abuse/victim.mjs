// The abuse suite's victim: another user of the server, in a process of its own (its clock and its
// sending are not held up by the attacker's work in the test's process, nor by the server's thread).
// Two loops: an authenticated GET every `everyMs` whether or not the last was answered (an open loop:
// a stall piles requests up, as users' clicks would), and turns at the victim's own sandbox table,
// one at a time, each measured from its send to the table's answer. On 'stop' it sends every
// latency back to its parent.
import { io } from "socket.io-client";

const { url, cookie, tableId, everyMs, turnPauseMs } = JSON.parse(process.argv[2]);

let stopping = false;
process.on("message", (message) => {
  if (message === "stop") stopping = true;
});
// Never outlive the test: a parent that is gone ends this too.
process.on("disconnect", () => process.exit(1));
setTimeout(() => process.exit(1), 5 * 60_000).unref();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const http = { latencies: [], failures: 0 };
const turns = { latencies: [], failures: 0, reasons: [] };

const socket = io(url, {
  transports: ["websocket"],
  extraHeaders: { cookie },
  auth: { sessionId: `victim-${process.pid}` },
  reconnection: false,
  forceNew: true,
});
await new Promise((resolve, reject) => {
  socket.once("instanceId", resolve);
  socket.once("connect_error", reject);
});
const subscribed = await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
if (!subscribed.ok) throw new Error(`victim could not subscribe: ${subscribed.reason}`);
let moveId = subscribed.expected_move_id;

async function httpLoop() {
  const out = new Set();
  const start = performance.now();
  for (let n = 0; !stopping; n++) {
    const wait = start + n * everyMs - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    const request = fetch(`${url}/api/get-project-list`, { headers: { cookie } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) http.failures++;
      })
      .catch(() => {
        http.failures++;
      })
      .then(() => {
        http.latencies.push(performance.now() - sent);
        out.delete(request);
      });
    out.add(request);
  }
  await Promise.all(out);
}

async function turnLoop() {
  for (let n = 0; !stopping; n++) {
    const turnUID = `victim-${process.pid}-${n}`;
    const answered = new Promise((resolve) => {
      const onEvent = (m) => {
        if (m.event?.turnUID !== turnUID) return;
        done({ ok: true });
      };
      const onReject = (m) => {
        if (m.turnUID !== turnUID) return;
        done({ ok: false, reason: m.reason });
      };
      const timer = setTimeout(() => done({ ok: false, reason: "no answer in 30 s" }), 30_000);
      function done(answer) {
        clearTimeout(timer);
        socket.off("table-event", onEvent);
        socket.off("table-event-reject", onReject);
        resolve(answer);
      }
      socket.on("table-event", onEvent);
      socket.on("table-event-reject", onReject);
    });
    const sent = performance.now();
    socket.emit("game-move", {
      tableId,
      moveId,
      turnUID,
      editMode: true,
      seat: "red",
      actions: [{ kind: "raw move", move: { type: "set global", name: "victim", value: n } }],
    });
    const answer = await answered;
    turns.latencies.push(performance.now() - sent);
    if (answer.ok) moveId++;
    else {
      turns.failures++;
      if (turns.reasons.length < 5) turns.reasons.push(answer.reason);
    }
    await sleep(turnPauseMs);
  }
}

process.send("ready");
await Promise.all([httpLoop(), turnLoop()]);
socket.close();
process.send({ http, turns }, () => process.exit(0));
