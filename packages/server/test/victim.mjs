// Test support: another user of the server, in a process of its own, so its clock and its sending are
// not held up by whatever holds up the server's thread. It sends an authenticated GET every `everyMs`
// whether or not the last one was answered (an open loop: a stalled server piles requests up, as
// users' clicks would, and every request caught in a stall counts it), and measures each from the
// moment it is sent: on a busy machine this process may itself wake late, which is not the server's
// delay. On 'stop' it waits for the answers still out and sends every latency back to its parent.
const { url, cookie, everyMs } = JSON.parse(process.argv[2]);

let stopping = false;
process.on("message", (message) => {
  if (message === "stop") stopping = true;
});
// Never outlive the test: a parent that is gone (killed, timed out) ends this too.
process.on("disconnect", () => process.exit(1));
setTimeout(() => process.exit(1), 5 * 60_000).unref();

const latencies = [];
let failures = 0;
const out = new Set();
const start = performance.now();
process.send("ready");
for (let n = 0; !stopping; n++) {
  const due = start + n * everyMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const sent = performance.now();
  const request = fetch(url, { headers: { cookie } })
    .then(async (res) => {
      await res.arrayBuffer();
      if (!res.ok) failures++;
    })
    .catch(() => {
      failures++;
    })
    .then(() => {
      latencies.push(performance.now() - sent);
      out.delete(request);
    });
  out.add(request);
}
await Promise.all(out);
process.send({ latencies, failures }, () => process.exit(0));
