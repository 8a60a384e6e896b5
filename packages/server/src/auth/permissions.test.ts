import { describe, expect, it } from "vitest";
import { type Actor, mayMintRole, maySeeInvitation } from "./permissions";

const as = (role: string): Actor => ({ id: 1, username: role, role });

describe("invitation rights", () => {
  it("lets site admins mint roles at or below their own", () => {
    expect(["user", "cgestaff", "admin"].map((r) => mayMintRole(as("admin"), r))).toEqual([true, true, true]);
    expect(mayMintRole(as("admin"), "superadmin")).toBe(false);
    expect(mayMintRole(as("superadmin"), "superadmin")).toBe(true);
    expect(mayMintRole(as("cgestaff"), "user")).toBe(false);
    expect(mayMintRole(null, "user")).toBe(false);
  });

  it("hides unused invitations above the viewer's role, not used ones", () => {
    expect(maySeeInvitation(as("admin"), { role: "superadmin", used: false })).toBe(false);
    expect(maySeeInvitation(as("admin"), { role: "superadmin", used: true })).toBe(true);
    expect(maySeeInvitation(as("admin"), { role: "admin", used: false })).toBe(true);
    expect(maySeeInvitation(as("superadmin"), { role: "superadmin", used: false })).toBe(true);
    expect(maySeeInvitation(as("user"), { role: "user", used: false })).toBe(false);
  });
});
