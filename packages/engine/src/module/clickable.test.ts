import { describe, expect, it } from "vitest";
import { TEST_PIECES, testSituation } from "../test/fixture.js";
import { clickableComponents } from "./clickable.js";
import { resolveModule } from "./resolve.js";

const ctx = { pieces: TEST_PIECES, options: {} };

describe("clickableComponents", () => {
  it("offers what the default rules let a seat click: selectable pieces, decks and banks, never the root", () => {
    const ids = clickableComponents(resolveModule({}), testSituation(), "red", false, ctx);
    expect(ids).toEqual(expect.arrayContaining(["m1", "m2", "deck", "bank"]));
    expect(ids).not.toContain("table");
    // The die has no selectable piece: a click on it would be refused, so the keyboard skips it.
    expect(ids).not.toContain("die");
  });

  it("offers every component in edit mode", () => {
    const s = testSituation();
    const ids = clickableComponents(resolveModule({}), s, "red", true, ctx);
    expect(ids).toContain("die");
    expect(ids).not.toContain("table");
  });

  it("follows a module's own answer, and leaves out a component whose rule script throws", () => {
    const module = resolveModule({
      isClickable: (_s, id) => {
        if (id === "m2") throw new Error("broken script");
        return id === "m1" || id === "m2";
      },
    });
    expect(clickableComponents(module, testSituation(), "red", false, ctx)).toEqual(["m1"]);
  });
});
