// The site admin's 'Award a badge' form as data (the spec names no way to give badges; the profile
// offers it to site admins): which badge is chosen, and the request it makes, checked with the same
// schema the server parses it with, so a slip is told at once and nothing is sent.
import { type AwardBadgeRequest, awardBadgeSchema, type Badge } from "@tt/protocol";

/** The choice that defines a new badge instead of picking one that exists. */
export const NEW_BADGE = "__new";

export interface BadgeDraft {
  /** An existing badge's name, or NEW_BADGE. */
  choice: string;
  name: string;
  displayName: string;
  description: string;
}

export const emptyDraft = (choice: string): BadgeDraft => ({
  choice,
  name: "",
  displayName: "",
  description: "",
});

/** The badges one may still give this user (those they have are not offered again). */
export function offeredBadges(all: readonly Badge[], held: readonly Badge[]): Badge[] {
  const has = new Set(held.map((b) => b.name));
  return all.filter((b) => !has.has(b.name));
}

/** The first choice of the form: the first badge offered, or a new one when none is left. */
export function firstChoice(offered: readonly Badge[]): string {
  return offered[0]?.name ?? NEW_BADGE;
}

export type AwardCheck =
  | { ok: true; request: Omit<AwardBadgeRequest, "username"> }
  | { ok: false; message: string };

export function awardRequest(username: string, draft: BadgeDraft): AwardCheck {
  const body: AwardBadgeRequest =
    draft.choice === NEW_BADGE
      ? { username, name: draft.name, displayName: draft.displayName, description: draft.description }
      : { username, name: draft.choice };
  const parsed = awardBadgeSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid badge." };
  const { username: _user, ...request } = parsed.data;
  return { ok: true, request };
}
