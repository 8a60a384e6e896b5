// Pure pieces of the profile page: the tooltip preference, the status text of a failed load, badge
// colours and the owner check (spec sections 3, 5 and 8).

/** Local storage key of the tooltip preference; the value is '1' or '0' (spec section 3). */
export const TOOLTIP_KEY = "display-tooltips-global";

/** Tooltips show unless the user turned them off. */
export function readTooltipPreference(stored: string | null): boolean {
  return stored !== "0";
}

export function tooltipValue(display: boolean): "1" | "0" {
  return display ? "1" : "0";
}

/** Reason phrases, for when the browser gives none (HTTP/2 has no status text). */
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The HTTP status text shown in place of the profile when it fails to load (spec section 8). */
export function statusText(status: number, fromBrowser = ""): string {
  if (fromBrowser.trim()) return fromBrowser.trim();
  return REASONS[status] ?? `HTTP ${status}`;
}

/** Only the owner edits the bio and the tooltip preference; names compare case-insensitively. */
export function isOwner(viewer: string | null | undefined, profile: string): boolean {
  return Boolean(viewer) && viewer!.toLowerCase() === profile.toLowerCase();
}

/** A stable hue (0-359) for a badge name, so each badge keeps its colour. */
export function badgeHue(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash) % 360;
}
