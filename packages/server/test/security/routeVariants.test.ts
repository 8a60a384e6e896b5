import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_PATHS, type ControlServer, startControlServer } from "../../src/http/controlServer";
import { buildWorld, GAME, type SecurityServer, startSecurityServer, type World } from "./world";

// Issue 36 point 1: no route decision is made on a raw URL string. Every route the public app
// registers is asked for under other spellings of its path (percent-encoded letters, doubled slashes,
// dot segments, other case, a trailing slash) by callers it refuses; no spelling may be answered
// where the plain path is refused. The local control routes are not on the public port at all.

let server: SecurityServer;
let w: World;
let control: ControlServer;
const TOKEN = "variants-control-token-0123456789";

beforeAll(async () => {
  server = await startSecurityServer();
  w = await buildWorld(server);
  control = await startControlServer(server.database.db, server.config, TOKEN);
}, 120_000);
afterAll(async () => {
  await control?.close();
  await server?.close();
});

/** A request with its path sent byte for byte (fetch would resolve dot segments and slashes first). */
function raw(
  port: number,
  method: string,
  path: string,
  cookie = "",
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const body = method === "GET" || method === "HEAD" ? undefined : "{}";
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body ? { "content-type": "application/json", "content-length": String(body.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const portOf = (url: string) => Number(new URL(url).port);

/** Other spellings of a path that a lenient router, proxy or decoder could take for the same one. */
function spellings(path: string): string[] {
  const segments = path.split("/").slice(1);
  const out = new Set<string>();
  const percent = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  segments.forEach((segment, i) => {
    const at = segment.search(/[a-z]/i);
    if (at < 0) return;
    const changed = (s: string) => `/${segments.map((x, j) => (j === i ? s : x)).join("/")}`;
    out.add(changed(segment.slice(0, at) + percent(segment[at]!) + segment.slice(at + 1)));
    out.add(changed(segment.slice(0, at) + percent(segment[at]!).toLowerCase() + segment.slice(at + 1)));
    out.add(changed(segment.toUpperCase()));
  });
  out.add(`/${path}`);
  out.add(path.replace("/api/", "/api//"));
  out.add(path.replace("/api/", "/api/./"));
  out.add(path.replace("/api/", "/api/x/../"));
  out.add(path.replace("/api/", "/api/%2e/"));
  out.add(path.replace("/api/", "/api/%2E%2E/api/"));
  out.add(`${path}/`);
  out.add(path.toUpperCase());
  out.delete(path);
  return [...out];
}

/** A registered route's path with its parameters filled with the world's real ids. */
function concrete(url: string): string {
  return url
    .replace(/:slug/g, GAME)
    .replace(/:tableId/g, w.publicTable)
    .replace(/:deckId/g, w.deckId)
    .replace(/:[A-Za-z]+/g, "x")
    .replace(/\*$/, "x");
}

/** Routes whose plain call may end or change the caller's session (a logged-in sweep skips them). */
const ENDS_SESSION = /logout|password|delete-account|unsubscribe/;

describe("no route decision on a raw URL (issue 36 point 1)", () => {
  it("answers no spelling of a privileged path where the plain path is refused", async () => {
    const routes = server.routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(60);
    const port = portOf(server.url);
    const callers = [
      { who: "anonymous", cookie: "" },
      { who: "outsider", cookie: w.as.outsider.cookie },
      { who: "player", cookie: w.as.player.cookie },
    ];
    const leaks: string[] = [];
    let refusedPlain = 0;
    let variantsTried = 0;
    for (const { who, cookie } of callers) {
      for (const route of routes) {
        if (cookie && ENDS_SESSION.test(route.url)) continue;
        const path = concrete(route.url);
        const plain = await raw(port, route.method, path, cookie);
        if (plain.status < 400) {
          // Answered: a percent-encoded spelling reaches the same handler, and the same checks decide.
          if (route.method !== "GET") continue;
          for (const variant of spellings(path).filter((v) => /%[0-9a-f]{2}/i.test(v) && !v.includes("%2"))) {
            const got = await raw(port, "GET", variant, cookie);
            if (got.status !== 404 && got.status !== plain.status)
              leaks.push(`${who} GET ${variant}: ${got.status}, plain ${path}: ${plain.status}`);
          }
          continue;
        }
        refusedPlain++;
        for (const variant of spellings(path)) {
          variantsTried++;
          const got = await raw(port, route.method, variant, cookie);
          if (got.status < 400)
            leaks.push(`${who} ${route.method} ${variant}: ${got.status} (plain ${path}: ${plain.status})`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The sweep tried what it says: many refused routes, each under many spellings.
    expect(refusedPlain).toBeGreaterThan(50);
    expect(variantsTried).toBeGreaterThan(refusedPlain * 8);
  }, 120_000);

  it("has no control route on the public port, however it is spelled, with or without the token", async () => {
    const port = portOf(server.url);
    const paths = [
      ...Object.values(CONTROL_PATHS),
      ...Object.values(CONTROL_PATHS).map((p) => `/api${p}`),
    ].flatMap((p) => [p, ...spellings(p)]);
    for (const path of paths) {
      for (const headers of [{}, { "x-control-token": TOKEN }] as Record<string, string>[]) {
        const res = await raw(port, "POST", path, "", headers);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
    }
    // The issue's own request: an outsider minting a superadmin code.
    const attack = await raw(port, "POST", "/api/%63ontrol/invitations", "", {});
    expect(attack.status).toBe(404);
    expect(attack.text).not.toMatch(/[A-Z2-9]{10}/);
  });

  it("serves the control routes on their own loopback listener, to the token only", async () => {
    const url = `http://127.0.0.1:${control.port}${CONTROL_PATHS.invitations}`;
    const body = JSON.stringify({ count: 1, role: "superadmin" });
    const headers = { "content-type": "application/json" };
    expect((await fetch(url, { method: "POST", body, headers })).status).toBe(403);
    const guessed = { ...headers, "x-control-token": TOKEN.replace(/.$/, "x") };
    expect((await fetch(url, { method: "POST", body, headers: guessed })).status).toBe(403);
    // Every path of the listener is checked, not only the known ones.
    for (const path of ["/", "/%63ontrol/invitations", "/CONTROL/SEED", "/x"])
      expect((await raw(control.port, "POST", path)).status).toBe(403);
    const minted = await fetch(url, {
      method: "POST",
      body,
      headers: { ...headers, "x-control-token": TOKEN },
    });
    expect(minted.status).toBe(200);
    expect((await minted.json()) as string[]).toHaveLength(1);
  });
});
