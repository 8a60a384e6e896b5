import { describe, expect, it } from "vitest";
import { rolesAtOrBelow, SITE_ROLES, siteRoleRank } from "./constants";

describe("siteRoleRank", () => {
  it("ranks the site roles in their listed order", () => {
    expect(SITE_ROLES.map(siteRoleRank)).toEqual([0, 1, 2, 3]);
  });

  it("reads other role strings by the highest role they contain", () => {
    expect(siteRoleRank("superadmin")).toBeGreaterThan(siteRoleRank("admin"));
    expect(siteRoleRank("project-admin")).toBe(siteRoleRank("admin"));
    expect(siteRoleRank("cgestaff-lead")).toBe(siteRoleRank("cgestaff"));
    expect(siteRoleRank("")).toBe(0);
  });
});

describe("rolesAtOrBelow", () => {
  it("gives each role its own and those below it", () => {
    expect(rolesAtOrBelow("superadmin")).toEqual(["user", "cgestaff", "admin", "superadmin"]);
    expect(rolesAtOrBelow("admin")).toEqual(["user", "cgestaff", "admin"]);
    expect(rolesAtOrBelow("cgestaff")).toEqual(["user", "cgestaff"]);
    expect(rolesAtOrBelow("user")).toEqual(["user"]);
  });
});
