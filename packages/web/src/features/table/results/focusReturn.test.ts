import { describe, expect, it } from "vitest";
import { atPath, pathOf } from "./focusReturn";

// A tree of plain objects with the two fields the path walks (unit tests run without a DOM).
interface Node {
  name: string;
  parentElement: Node | null;
  children: Node[];
}

function tree(shape: string[][]): Node {
  const root: Node = { name: "body", parentElement: null, children: [] };
  for (const [i, kids] of shape.entries()) {
    const child: Node = { name: `n${i}`, parentElement: root, children: [] };
    for (const k of kids) child.children.push({ name: k, parentElement: child, children: [] });
    root.children.push(child);
  }
  return root;
}

const el = (n: Node) => n as unknown as Element;

describe("the focus's place", () => {
  it("finds the same place in a page drawn again", () => {
    const before = tree([["a"], ["chat", "log"]]);
    const log = before.children[1]!.children[1]!;
    const path = pathOf(el(log), el(before));
    expect(path).toEqual([1, 1]);
    const after = tree([["a"], ["chat", "log"]]);
    expect((atPath(path!, el(after)) as unknown as Node).name).toBe("log");
  });

  it("finds nothing where the page has no such place, or for an element outside the root", () => {
    const page = tree([["a"]]);
    expect(atPath([1, 0], el(page))).toBeNull();
    expect(atPath([0, 3], el(page))).toBeNull();
    const stray: Node = { name: "stray", parentElement: null, children: [] };
    expect(pathOf(el(stray), el(page))).toBeNull();
    expect(pathOf(el(page), el(page))).toEqual([]);
  });
});
