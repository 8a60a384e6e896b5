import { describe, expect, it } from "vitest";
import {
  addArea,
  areaChanged,
  areaDraft,
  areaProblem,
  coerceNumber,
  newAreaName,
  removeArea,
  saveArea,
} from "./areas";

const areas = () => ({
  pile: { left: 10, top: 20, width: 30, height: 40 },
  "new-area-1": { left: 0, top: 0, width: 100, height: 100 },
});

describe("clickable areas", () => {
  it("names a new area with the prefix and the first free number, at 0, 0, 100 x 100", () => {
    expect(newAreaName({})).toBe("new-area-1");
    expect(newAreaName(areas())).toBe("new-area-2");
    const before = areas();
    expect(addArea(before)).toEqual({
      name: "new-area-2",
      areas: { ...areas(), "new-area-2": { left: 0, top: 0, width: 100, height: 100 } },
    });
    expect(before).toEqual(areas());
  });

  it("coerces numbers", () => {
    expect(coerceNumber("12")).toBe(12);
    expect(coerceNumber("abc")).toBe(0);
    expect(coerceNumber(undefined)).toBe(0);
    const saved = saveArea(areas(), "pile", { ...areaDraft(areas(), "pile"), left: "15" });
    expect(saved.ok && saved.value.pile).toEqual({ left: 15, top: 20, width: 30, height: 40 });
  });

  it("needs a name, and one no other area has", () => {
    expect(areaProblem(areas(), "pile", { ...areaDraft(areas(), "pile"), name: " " })).toBe(
      "Name cannot be empty",
    );
    expect(areaProblem(areas(), "pile", { ...areaDraft(areas(), "pile"), name: "new-area-1" })).toBe(
      "Name already exists",
    );
  });

  it("saves only when the name or position changed", () => {
    const draft = areaDraft(areas(), "pile");
    expect(areaChanged(areas(), "pile", draft)).toBe(false);
    expect(areaChanged(areas(), "pile", { ...draft, top: "20.0" })).toBe(false);
    expect(saveArea(areas(), "pile", draft).ok).toBe(false);
    const renamed = saveArea(areas(), "pile", { ...draft, name: "deck" });
    expect(renamed.ok && Object.keys(renamed.value)).toEqual(["deck", "new-area-1"]);
  });

  it("removes an area", () => {
    expect(Object.keys(removeArea(areas(), "pile"))).toEqual(["new-area-1"]);
  });
});
