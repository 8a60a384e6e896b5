import { describe, expect, it } from "vitest";
import { TEST_PIECES, testSituation } from "../test/fixture.js";
import { resolveModule } from "./resolve.js";
import { selectionTargets } from "./targets.js";

const ctx = { pieces: TEST_PIECES, options: {} };

describe("selectionTargets", () => {
  it("lights up every place the rules would accept the held piece on", () => {
    const targets = selectionTargets(resolveModule({}), testSituation(), "red", "m1", ctx);
    // The board's three named slots and the table's piles take a meeple by the default rules.
    expect(targets).toEqual(expect.arrayContaining(["a", "b", "c", "table"]));
    // The held piece is never its own target.
    expect(targets).not.toContain("m1");
  });

  it("leaves out a place the rules refuse", () => {
    const module = resolveModule({
      clickPosition: (_s, click) =>
        click.positionIndex === "b"
          ? { prevent: ["Not there."] }
          : [
              {
                type: "component move",
                componentId: click.selected,
                destinationId: "table",
                positionName: "board",
                positionIndex: String(click.positionIndex),
              },
            ],
    });
    const targets = selectionTargets(module, testSituation(), "red", "m1", ctx);
    expect(targets).toContain("a");
    expect(targets).not.toContain("b");
  });

  it("asks a game that names its targets itself, with the selection in the situation", () => {
    const module = resolveModule({
      highlights: (s, seat) => (s.selected[seat] === "m2" ? ["c"] : []),
    });
    expect(selectionTargets(module, testSituation(), "red", "m2", ctx)).toEqual(["c"]);
  });

  it("shows nothing with nothing held, in edit mode, or past the try limit", () => {
    const module = resolveModule({});
    const s = testSituation();
    expect(selectionTargets(module, s, "red", null, ctx)).toEqual([]);
    expect(selectionTargets(module, s, "red", "m1", ctx, { editMode: true })).toEqual([]);
    expect(selectionTargets(module, s, "red", "m1", ctx, { maxTries: 2 })).toEqual([]);
  });

  it("leaves the situation as it was", () => {
    const s = testSituation();
    const before = JSON.stringify(s);
    selectionTargets(resolveModule({}), s, "red", "m1", ctx);
    expect(JSON.stringify(s)).toBe(before);
  });
});
