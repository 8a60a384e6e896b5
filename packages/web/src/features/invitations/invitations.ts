import type { Invitation } from "@tt/protocol";

export const INVITATION_FILTERS = ["unused", "used", "all"] as const;
export type InvitationFilter = (typeof INVITATION_FILTERS)[number];

export function isUsed(invitation: Pick<Invitation, "usedBy" | "usedAt">): boolean {
  return Boolean(invitation.usedBy || invitation.usedAt);
}

export function filterInvitations<T extends Pick<Invitation, "usedBy" | "usedAt">>(
  list: readonly T[],
  filter: InvitationFilter,
): T[] {
  if (filter === "all") return [...list];
  const wantUsed = filter === "used";
  return list.filter((invitation) => isUsed(invitation) === wantUsed);
}

/** The link an admin hands out; the register page prefills the code from it. */
export function registrationLink(origin: string, code: string): string {
  return `${origin}/register?inviteCode=${encodeURIComponent(code)}`;
}

/** Whether an unused code is past its expiry at `now`. */
export function isExpired(
  invitation: Pick<Invitation, "expiresAt" | "usedBy" | "usedAt">,
  now: number,
): boolean {
  return !isUsed(invitation) && Date.parse(invitation.expiresAt) <= now;
}
