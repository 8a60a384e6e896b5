import { describe, expect, it } from "vitest";
import { awardRequest, emptyDraft, firstChoice, NEW_BADGE, offeredBadges } from "./badgeAward";

const tester = { name: "tester", displayName: "Tester", description: "Tests games" };
const founder = { name: "founder", displayName: "Founder", description: "" };

describe("the badge award form", () => {
  it("offers the badges the user does not have, and a new one when none is left", () => {
    expect(offeredBadges([tester, founder], [founder])).toEqual([tester]);
    expect(firstChoice([tester])).toBe("tester");
    expect(firstChoice(offeredBadges([founder], [founder]))).toBe(NEW_BADGE);
  });

  it("awards an existing badge by its name alone", () => {
    expect(awardRequest("ann", { ...emptyDraft("tester"), displayName: "ignored" })).toEqual({
      ok: true,
      request: { name: "tester" },
    });
  });

  it("defines a new badge with its name, display name and description, trimmed", () => {
    expect(
      awardRequest("ann", {
        choice: NEW_BADGE,
        name: " early-bird ",
        displayName: " Early bird ",
        description: "Played in the first week",
      }),
    ).toEqual({
      ok: true,
      request: { name: "early-bird", displayName: "Early bird", description: "Played in the first week" },
    });
  });

  it("tells what is wrong with a new badge before anything is sent", () => {
    expect(awardRequest("ann", emptyDraft(NEW_BADGE))).toEqual({
      ok: false,
      message: "Badge name is required.",
    });
    expect(
      awardRequest("ann", { ...emptyDraft(NEW_BADGE), name: "Early Bird", displayName: "x" }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("lower-case letters"),
    });
    expect(awardRequest("ann", { ...emptyDraft(NEW_BADGE), name: "early" })).toEqual({
      ok: false,
      message: "Display name is required.",
    });
  });
});
