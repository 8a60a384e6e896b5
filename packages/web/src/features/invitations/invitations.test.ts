import { describe, expect, it } from "vitest";
import { filterInvitations, isExpired, registrationLink } from "./invitations";

const unused = { code: "AAAAAAAAAA", usedBy: null, usedAt: null, expiresAt: "2030-01-01T00:00:00Z" };
const used = {
  code: "BBBBBBBBBB",
  usedBy: "bob",
  usedAt: "2026-01-01T00:00:00Z",
  expiresAt: "2030-01-01T00:00:00Z",
};

describe("filterInvitations", () => {
  const list = [unused, used];
  it("keeps only unused codes", () => expect(filterInvitations(list, "unused")).toEqual([unused]));
  it("keeps only used codes", () => expect(filterInvitations(list, "used")).toEqual([used]));
  it("keeps everything in order and copies the list", () => {
    const all = filterInvitations(list, "all");
    expect(all).toEqual(list);
    expect(all).not.toBe(list);
  });
});

describe("registrationLink", () => {
  it("points at the register page with the code", () => {
    expect(registrationLink("https://lab.example", "ABCDEFGHJK")).toBe(
      "https://lab.example/register?inviteCode=ABCDEFGHJK",
    );
  });
});

describe("isExpired", () => {
  it("is true only for unused codes past their expiry", () => {
    const later = Date.parse("2031-01-01T00:00:00Z");
    expect(isExpired(unused, later)).toBe(true);
    expect(isExpired(used, later)).toBe(false);
    expect(isExpired(unused, Date.parse("2029-01-01T00:00:00Z"))).toBe(false);
  });
});
