import { describe, expect, it } from "vitest";
import type { Component } from "./situation.js";
import { component, testSituation } from "./test/fixture.js";
import { findComponent, isInside, moveComponent, pathTo, sameLayoutAs, updateComponent } from "./tree.js";

/** A copy of the tree with every component a new object (as a view is: same ids in the same places). */
function copyTree(c: Component): Component {
  const children: Component["children"] = {};
  for (const [name, list] of Object.entries(c.children))
    children[name] = Array.isArray(list)
      ? list.map(copyTree)
      : Object.fromEntries(Object.entries(list).map(([slot, child]) => [slot, copyTree(child)]));
  return { ...c, options: { ...c.options, copy: true }, children };
}

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

  it("keeps a view's lookups its own when the situation it shares an index with moves on, and the reverse", () => {
    const s = testSituation();
    findComponent(s.root, "m1");
    const view = copyTree(s.root);
    sameLayoutAs(view, s.root);
    // The situation moves on (its index goes to the new root): the view still finds m1 where it was.
    const moved = moveComponent(s.root, "m1", { parentId: "area-red", positionName: "hand", slot: null });
    if (typeof moved === "string") throw new Error(moved);
    expect(findComponent(moved.root, "m1")?.parent).toBe("area-red");
    expect(findComponent(view, "m1")?.parent).toBe("table");
    expect(findComponent(view, "m1")?.options.copy).toBe(true);
    expect(pathTo(view, "m1")?.map((c) => c.id)).toEqual(["table", "m1"]);
    // A turn tried on the view (a bot's) leaves the situation's lookups as they were.
    const tried = moveComponent(view, "coin1", { parentId: "area-red", positionName: "hand", slot: null });
    if (typeof tried === "string") throw new Error(tried);
    expect(findComponent(tried.root, "coin1")?.parent).toBe("area-red");
    expect(pathTo(s.root, "coin1")?.map((c) => c.id)).toEqual(["table", "bank", "coin1"]);
    expect(pathTo(view, "coin1")?.map((c) => c.id)).toEqual(["table", "bank", "coin1"]);
    expect(findComponent(s.root, "m1")?.parent).toBe("table");
  });
});
