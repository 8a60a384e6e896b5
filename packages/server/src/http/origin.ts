// Cross-site request checks (DESIGN.md 'Security model': state-changing requests check Origin), shared
// by the HTTP hook in app.ts and the Socket.IO handshake in realtime/socket.ts.

/** Where a request arrived: the Host it was sent to and the scheme it came over. */
export interface RequestSite {
  host: string | undefined;
  /** 'http' or 'https', as the connection (or, with TRUST_PROXY, X-Forwarded-Proto) says. */
  protocol: string;
}

/**
 * Whether a browser's Origin header names this server: the scheme and Host the request came over, or
 * PUBLIC_URL. The scheme counts: a page on http://this-host is not the https site (on a network
 * where plain http can be tampered with, an attacker writes that page), and neither is
 * https://this-host the site of a server reached over plain http.
 */
export function isSameOrigin(origin: string, site: RequestSite, publicUrl: string | undefined): boolean {
  try {
    const o = new URL(origin);
    if (site.host && o.host === site.host.toLowerCase() && o.protocol === `${site.protocol}:`) return true;
    return !!publicUrl && new URL(publicUrl).origin === o.origin;
  } catch {
    // 'null' (sandboxed frames, some redirects) and garbage are never this site.
    return false;
  }
}

/**
 * The scheme of a request Fastify did not parse (the Socket.IO handshake), read as Fastify reads it:
 * the connection's, or with `trustProxy` the proxy's X-Forwarded-Proto (its last hop first).
 */
export function schemeOf(
  encrypted: boolean,
  forwardedProto: string | string[] | undefined,
  trustProxy: boolean,
): string {
  const header = Array.isArray(forwardedProto) ? forwardedProto.join(",") : forwardedProto;
  if (trustProxy && header) {
    const last = header.split(",").at(-1)?.trim().toLowerCase();
    if (last === "http" || last === "https") return last;
  }
  return encrypted ? "https" : "http";
}

/**
 * Sec-Fetch-Site values of requests another site started. SameSite=Lax still sends the session cookie
 * on a top-level GET navigation, and some calls of the spec are GETs that change state (join-table,
 * leave-table, erase-table): a link on another site must not be able to make them. 'same-site' is a
 * sibling subdomain, which is another party too. 'none' (typed or bookmarked address) is the user.
 */
const FOREIGN_FETCH_SITES = new Set(["cross-site", "same-site"]);

export function startedByAnotherSite(secFetchSite: string | string[] | undefined): boolean {
  return typeof secFetchSite === "string" && FOREIGN_FETCH_SITES.has(secFetchSite);
}
