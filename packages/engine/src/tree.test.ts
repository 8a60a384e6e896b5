import { describe, expect, it } from "vitest";
import { component, testSituation } from "./test/fixture.js";
import { findComponent, isInside, moveComponent, pathTo, updateComponent } from "./tree.js";

describe("component tree", () => {
  it("finds components by id and gives their path", () => {
    const s = testSituation();
    expect(pathTo(s.root, "coin1")?.map((c) => c.id)).toEqual(["table", "bank", "coin1"]);
    expect(findComponent(s.root, "nope")).toBeUndefined();
    expect(isInside(s.root, "coin1", "bank")).toBe(true);
  });

  it("shares every untouched subtree with the old root", () => {
    const s = testSituation();
    const result = moveComponent(s.root, "m1", { parentId: "area-red", positionName: "hand", slot: null });
    if (typeof result === "string") throw new Error(result);
    const root = result.root;
    expect(findComponent(root, "bank")).toBe(findComponent(s.root, "bank"));
    expect(findComponent(root, "deck")).toBe(findComponent(s.root, "deck"));
    expect(root).not.toBe(s.root);
  });

  it("keeps old roots usable after newer ones took over the index", () => {
    const s = testSituation();
    const result = moveComponent(s.root, "m1", { parentId: "area-red", positionName: "hand", slot: null });
    if (typeof result === "string") throw new Error(result);
    const moved = result.root;
    expect(findComponent(moved, "m1")?.parent).toBe("area-red");
    expect(component(s, "m1").parent).toBe("table");
    const updated = updateComponent(s.root, "m2", (c) => ({ ...c, options: { label: "x" } }));
    expect(updated && findComponent(updated, "m2")?.options.label).toBe("x");
  });
});
