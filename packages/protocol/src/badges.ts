import { z } from "zod";

// Badges (platform-lobby-accounts.md sections 2 and 3: a badge is name, displayName, description; the
// profile and every user info show them). The spec names no way to give one; site admins do it on the
// user's profile (GET /api/badges, POST /api/award-badge, POST /api/remove-badge).

export const BADGE_NAME_MAX = 40;
export const BADGE_DISPLAY_NAME_MAX = 60;
export const BADGE_DESCRIPTION_MAX = 300;
/** A badge's name is its id (and picks its icon's colour): lower case, no spaces. */
export const BADGE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const BADGE_REFUSALS = {
  notAllowed: "Only site admins may award or remove badges.",
} as const;

export const badgeNameSchema = z
  .string({ error: "Badge name is required." })
  .trim()
  .min(1, "Badge name is required.")
  .max(BADGE_NAME_MAX, `Badge name must be at most ${BADGE_NAME_MAX} characters.`)
  .regex(
    BADGE_NAME_PATTERN,
    "Badge name may contain only lower-case letters, digits, '-' and '_', and must start with a letter or digit.",
  );

const badgeUserSchema = z
  .string({ error: "User name is required." })
  .trim()
  .min(1, "User name is required.")
  .max(100, "User name must be at most 100 characters.");

/**
 * POST /api/award-badge. With `displayName` it defines a new badge and awards it; without, it awards
 * the existing badge of that name.
 */
export const awardBadgeSchema = z.object({
  username: badgeUserSchema,
  name: badgeNameSchema,
  displayName: z
    .string()
    .trim()
    .min(1, "Display name is required.")
    .max(BADGE_DISPLAY_NAME_MAX, `Display name must be at most ${BADGE_DISPLAY_NAME_MAX} characters.`)
    .optional(),
  description: z
    .string()
    .trim()
    .max(BADGE_DESCRIPTION_MAX, `Description must be at most ${BADGE_DESCRIPTION_MAX} characters.`)
    .optional(),
});
export type AwardBadgeRequest = z.input<typeof awardBadgeSchema>;

/** POST /api/remove-badge: takes a badge from a user (the badge itself stays, for others). */
export const removeBadgeSchema = z.object({ username: badgeUserSchema, name: badgeNameSchema });
export type RemoveBadgeRequest = z.input<typeof removeBadgeSchema>;

/** GET /api/get-user-game-stats/ answers a list of these: games the user finished, per project. */
export interface GameStat {
  project_name: string;
  amt: number;
}
