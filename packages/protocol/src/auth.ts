import { z } from "zod";
import {
  EMAIL_MAX,
  INVITE_CODE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SITE_ROLES,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./constants";
import { normaliseUserName, userNameRefusal } from "./userNames";

// Messages are part of the contract: the web app shows the server's text as it is.
/**
 * A user name, normalised (NFKC, trimmed: the stored form), then its length and what userNames.ts
 * refuses. Whether it looks like an existing name is the server's check.
 */
export const userNameSchema = z
  .string({ error: "User name is required." })
  .transform(normaliseUserName)
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, `User name must be at least ${USERNAME_MIN} characters.`)
      .max(USERNAME_MAX, `User name must be at most ${USERNAME_MAX} characters.`)
      .superRefine((name, ctx) => {
        const refusal = userNameRefusal(name);
        if (refusal) ctx.addIssue(refusal.message);
      }),
  );

export const passwordSchema = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const emailSchema = z
  .string({ error: "Email address is required." })
  .trim()
  .max(EMAIL_MAX, `Email address must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email({ error: "Email address is not valid." }));

export const inviteCodeSchema = z
  .string({ error: "Invitation code is required." })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().length(INVITE_CODE_LENGTH, `Invitation code must be ${INVITE_CODE_LENGTH} characters.`));

export const registerRequestSchema = z.object({
  userName: userNameSchema,
  userPassword: passwordSchema,
  inviteCode: inviteCodeSchema,
  email: emailSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  userName: z.string({ error: "User name is required." }).trim().min(1, "User name is required.").max(200),
  userPassword: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const siteRoleSchema = z.enum(SITE_ROLES);

export interface LoginResponse {
  username: string;
  role: string;
}

export interface PingLoginResponse {
  username: string;
  role: string;
  serverEnv?: string;
}

export const createInvitationsSchema = z.object({
  count: z
    .number()
    .int()
    .min(1, "Count must be at least 1.")
    .max(100, "Count must be at most 100.")
    .default(1),
  role: siteRoleSchema.default("user"),
});
export type CreateInvitationsRequest = z.input<typeof createInvitationsSchema>;

export interface Invitation {
  code: string;
  role: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  usedBy: string | null;
  usedAt: string | null;
}
