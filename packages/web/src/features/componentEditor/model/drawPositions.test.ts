import { describe, expect, it } from "vitest";
import { CURRENT_COLOR, type DotCanvas, type DotSize, drawPositions, OTHER_COLOR } from "./drawPositions";
import type { Positions } from "./positions";

/** A canvas context that writes down what is drawn: dots (arc + fill), rings (arc + stroke) and text. */
function recorder() {
  const drawn: {
    kind: "dot" | "ring" | "text";
    x: number;
    y: number;
    size: number | string;
    color: string;
  }[] = [];
  let arc: [number, number, number] = [0, 0, 0];
  const ctx = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    font: "",
    beginPath() {},
    arc(x: number, y: number, r: number) {
      arc = [x, y, r];
    },
    fill() {
      drawn.push({ kind: "dot", x: arc[0], y: arc[1], size: arc[2], color: String(ctx.fillStyle) });
    },
    stroke() {
      drawn.push({ kind: "ring", x: arc[0], y: arc[1], size: arc[2], color: String(ctx.strokeStyle) });
    },
    fillText(text: string, x: number, y: number) {
      drawn.push({ kind: "text", x, y, size: text, color: String(ctx.fillStyle) });
    },
  };
  return { ctx: ctx as unknown as DotCanvas, drawn };
}

const positions: Positions = {
  dims: [200, 100],
  supply: { coords: [{ x: 10, y: 20 }] },
  grid: { coords: { a1: { x: 100, y: 50 } } },
};

const draw = (dot: DotSize, moving: string | null = null, scale = 2) => {
  const r = recorder();
  drawPositions(r.ctx, scale, positions, "grid", moving, dot);
  return r.drawn;
};

describe("the positions canvas (sections 2, 9)", () => {
  it("draws every coordinate as a dot of 1, 4 or 16 px for small, medium and large", () => {
    const sizes = (dot: DotSize) =>
      draw(dot)
        .filter((d) => d.kind === "dot")
        .map((d) => d.size);
    expect(sizes("small")).toEqual([1, 1]);
    expect(sizes("medium")).toEqual([4, 4]);
    expect(sizes("large")).toEqual([16, 16]);
  });

  it("draws at the canvas scale, the current set in red and the others in blue", () => {
    expect(draw("medium").filter((d) => d.kind === "dot")).toEqual([
      { kind: "dot", x: 20, y: 40, size: 4, color: OTHER_COLOR },
      { kind: "dot", x: 200, y: 100, size: 4, color: CURRENT_COLOR },
    ]);
  });

  it("writes the current set's keys beside dots from medium up, never beside a 1 px dot", () => {
    expect(draw("small").filter((d) => d.kind === "text")).toEqual([]);
    expect(draw("medium").filter((d) => d.kind === "text")).toEqual([
      { kind: "text", x: 206, y: 94, size: "a1", color: "#000" },
    ]);
    expect(draw("large").filter((d) => d.kind === "text")).toMatchObject([{ x: 218, y: 82 }]);
  });

  it("rings the coordinate selected for moving, 5 px outside its dot", () => {
    expect(draw("large", "a1").filter((d) => d.kind === "ring")).toEqual([
      { kind: "ring", x: 200, y: 100, size: 21, color: CURRENT_COLOR },
    ]);
    expect(draw("large").filter((d) => d.kind === "ring")).toEqual([]);
  });
});
