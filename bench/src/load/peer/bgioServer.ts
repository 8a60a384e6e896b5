import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { Origins, Server } from "boardgame.io/server";
import { peerGame } from "./game";

// boardgame.io's server as its documentation sets it up: `Server({ games })` with its defaults
// (matches in memory, Socket.IO transport, the lobby's REST API). Its own process, so that /proc's
// CPU and memory figures are the peer's alone. Started by bgio.ts, which reads the ports from the
// IPC message below and kills it at the end; it also leaves if the bench goes away.

/** A port free right now (the lobby's port must be given: 0 means 'on the game's port'). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const server = Server({ games: [peerGame], origins: [Origins.LOCALHOST] });
// The lobby API on its own port (its documented `lobbyConfig`): on the game's port it answers 404 to
// everything with the koa-compose installed today (4.2 copies the middleware list when the Socket.IO
// transport builds its HTTP server, before `run` adds the lobby's routes). The moves go over the
// Socket.IO port either way.
const { appServer, apiServer } = await server.run({ port: 0, lobbyConfig: { apiPort: await freePort() } });
process.send?.({
  port: (appServer.address() as AddressInfo).port,
  apiPort: (apiServer!.address() as AddressInfo).port,
});
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
