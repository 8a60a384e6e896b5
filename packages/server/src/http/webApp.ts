import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendText } from "./errors";

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

/** The build id of the served web app: a new one makes open pages reload (spec: instanceId). */
export function readBuildId(webDist: string): string {
  try {
    return readFileSync(path.join(webDist, "build-id.txt"), "utf8").trim();
  } catch {
    return "dev";
  }
}

/** Serves the built React app; every non-API path gets index.html so client routes work on reload. */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasDist = existsSync(path.join(webDist, "index.html"));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (web vite.config.ts, precompress): the
      // one the browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, file) {
        // Vite names assets by content hash: cache them for good, but never index.html.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const where = normalisedPath(request.url);
    if (where.startsWith("/api/") || where.startsWith("/socket.io") || request.method !== "GET") {
      return sendText(reply, 404, "Not found");
    }
    if (!hasDist) return sendText(reply, 503, "The web app is not built. Run: npm run build");
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

/**
 * A request's path as the router would read it, for the few decisions made where no route matched:
 * query cut off, percent-escapes decoded, repeated slashes and dot segments resolved, lower case. A
 * path that cannot be decoded is kept as it came, lower-cased.
 */
export function normalisedPath(url: string): string {
  const raw = url.split("?", 1)[0] ?? "";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: the router answers such a path with 400 before any handler runs.
  }
  const collapsed = `/${decoded.replace(/\\/g, "/").replace(/^\/+/, "")}`.replace(/\/{2,}/g, "/");
  return new URL(collapsed, "http://x").pathname.toLowerCase();
}
