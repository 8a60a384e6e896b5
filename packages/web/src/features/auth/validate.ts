// Client-side checks before anything is sent. The server re-checks with the same schemas; what it
// answers is shown as it is.
import { registerRequestSchema } from "@tt/protocol";

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

export interface RegisterForm {
  userName: string;
  userPassword: string;
  confirmPassword: string;
  email: string;
  inviteCode: string;
}

export type RegisterField = keyof RegisterForm;

export type RegisterCheck =
  | { ok: true; body: { userName: string; userPassword: string; inviteCode: string; email: string } }
  | { ok: false; field: RegisterField; message: string };

const FIELD_ORDER: RegisterField[] = ["userName", "userPassword", "confirmPassword", "email", "inviteCode"];

/** The first problem in form order, or the normalised body to send. */
export function checkRegistration(form: RegisterForm): RegisterCheck {
  // Spec section 5: a mismatch is reported as such and nothing is sent.
  if (form.userPassword !== form.confirmPassword) {
    return { ok: false, field: "confirmPassword", message: PASSWORDS_DONT_MATCH };
  }
  const parsed = registerRequestSchema.safeParse({
    userName: form.userName,
    userPassword: form.userPassword,
    inviteCode: form.inviteCode,
    email: form.email,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({
    field: String(issue.path[0]) as RegisterField,
    message: issue.message,
  }));
  issues.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
  const first = issues[0] ?? { field: "userName" as const, message: "Please check the form." };
  return { ok: false, ...first };
}
