import { describe, expect, it } from "vitest";
import { checkRegistration, PASSWORDS_DONT_MATCH, type RegisterForm } from "./validate";

const good: RegisterForm = {
  userName: "alice",
  userPassword: "correct horse",
  confirmPassword: "correct horse",
  email: "alice@example.com",
  inviteCode: "abcdefghjk",
};

describe("checkRegistration", () => {
  it("normalises a good form into the request body", () => {
    const result = checkRegistration({ ...good, userName: " alice " });
    expect(result).toEqual({
      ok: true,
      body: {
        userName: "alice",
        userPassword: "correct horse",
        inviteCode: "ABCDEFGHJK",
        email: "alice@example.com",
      },
    });
  });

  it("reports mismatched passwords with the spec's text", () => {
    expect(checkRegistration({ ...good, confirmPassword: "other" })).toEqual({
      ok: false,
      field: "confirmPassword",
      message: PASSWORDS_DONT_MATCH,
    });
  });

  it("reports the first bad field in form order", () => {
    const result = checkRegistration({ ...good, userName: "", inviteCode: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.field).toBe("userName");
  });

  it("rejects an overlong user name with the schema's message", () => {
    const result = checkRegistration({ ...good, userName: "a".repeat(200) });
    expect(result).toMatchObject({ ok: false, field: "userName" });
    if (!result.ok) expect(result.message).toMatch(/at most/);
  });

  it("rejects a short invitation code", () => {
    expect(checkRegistration({ ...good, inviteCode: "abc" })).toMatchObject({
      ok: false,
      field: "inviteCode",
    });
  });

  it("leaves the input unchanged", () => {
    const form = { ...good };
    checkRegistration(form);
    expect(form).toEqual(good);
  });
});
