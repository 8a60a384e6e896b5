// Cross-site request checks (DESIGN.md 'Security model': state-changing requests check Origin), shared
// by the HTTP hook in app.ts and the Socket.IO handshake in realtime/socket.ts.

/** Whether a browser's Origin header names this server: the Host it was sent to, or PUBLIC_URL. */
export function isSameOrigin(
  origin: string,
  host: string | undefined,
  publicUrl: string | undefined,
): boolean {
  try {
    const o = new URL(origin);
    if (host && o.host === host) return true;
    return !!publicUrl && new URL(publicUrl).origin === o.origin;
  } catch {
    // 'null' (sandboxed frames, some redirects) and garbage are never this site.
    return false;
  }
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
