// Account and lobby constants of platform-lobby-accounts.md sections 5 and 9, kept once for client and server.

export const INVITE_CODE_LENGTH = 10;
/** No 0/O, 1/I/L: codes are read aloud and copied from chat by hand. */
export const INVITE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
/** Letters and digits of any script, plus '.', '-' and '_' (not first). Names appear in URLs (/user/{name}). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;
export const PASSWORD_MIN = 8;
/** argon2 hashes any length, but an unbounded body would let one request burn CPU. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/** Site roles. A role string containing 'admin' (admin, superadmin) is a site admin; see permissions. */
export const SITE_ROLES = ["user", "cgestaff", "admin", "superadmin"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/**
 * Where a stored role string stands in SITE_ROLES, lowest first. Roles are read by what they contain
 * (permissions), so an unlisted string ranks by the highest role it names: 'superadmin' before
 * 'admin', which it contains.
 */
export function siteRoleRank(role: string): number {
  if (role.includes("superadmin")) return SITE_ROLES.indexOf("superadmin");
  if (role.includes("admin")) return SITE_ROLES.indexOf("admin");
  if (role.includes("cgestaff")) return SITE_ROLES.indexOf("cgestaff");
  return SITE_ROLES.indexOf("user");
}

/** The roles someone with `role` may hand out (and see unused invitations for): theirs and below. */
export function rolesAtOrBelow(role: string): SiteRole[] {
  return SITE_ROLES.filter((r) => siteRoleRank(r) <= siteRoleRank(role));
}

export const PROJECT_VISIBILITIES = ["public", "closed", "unlisted"] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];

/** Local storage keys (platform-lobby-accounts.md section 3). */
export const STORAGE_KEYS = {
  userName: "user-name",
  userRole: "user-role",
  serverEnv: "server-env",
  aboutRead: "about-red",
  lastInstanceId: "lastInstanceId",
  sessionNum: "sessionNum",
  globalVolume: "global-volume",
  /** Session storage: the tab's session id. */
  sessionId: "sessionId",
  /** The first-visit welcome has been dismissed. */
  welcomeDismissed: "welcome-dismissed",
} as const;
