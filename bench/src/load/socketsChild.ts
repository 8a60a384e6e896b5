import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";

// A child of the sockets mode: opens idle, authenticated Socket.IO connections to one server, as many
// as it is told, and holds them. Its own process, so its descriptors and memory are its own (the
// parent raises its descriptor limit before starting it). Told over IPC: {open: total} -> opens up
// to that many and answers {opened, error}; {close} -> disconnects and exits.

const url = process.env.BENCH_SOCKETS_URL!;
const cookies = JSON.parse(process.env.BENCH_SOCKETS_COOKIES ?? "[]") as string[];
const sockets: Socket[] = [];
const BATCH = 100;

function openOne(i: number): Promise<Socket> {
  const socket = io(url, {
    transports: ["websocket"],
    extraHeaders: { cookie: cookies[i % cookies.length]! },
    auth: { sessionId: randomUUID() },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

async function openUpTo(total: number): Promise<string | null> {
  while (sockets.length < total) {
    const n = Math.min(BATCH, total - sockets.length);
    const tries = await Promise.allSettled(Array.from({ length: n }, (_, k) => openOne(sockets.length + k)));
    for (const t of tries) if (t.status === "fulfilled") sockets.push(t.value);
    const failed = tries.find((t): t is PromiseRejectedResult => t.status === "rejected");
    if (failed) return String((failed.reason as Error)?.message ?? failed.reason);
  }
  return null;
}

process.on("message", (message: { open?: number; close?: boolean }) => {
  if (message.close) {
    for (const s of sockets) s.close();
    process.exit(0);
  }
  if (message.open !== undefined) {
    void openUpTo(message.open).then((error) =>
      process.send!({
        opened: sockets.length,
        // Still connected now: a server that sheds sockets under memory pressure shows here.
        connected: sockets.filter((s) => s.connected).length,
        error,
        rssMb: process.memoryUsage.rss() / 2 ** 20,
      }),
    );
  }
});
process.send!({ ready: true });
