import { describe, expect, it } from "vitest";
import { testSituation } from "../test/fixture.js";
import { defaultModule } from "./default.js";
import { resolveModule } from "./resolve.js";

describe("resolveModule", () => {
  it("fills every omitted hook from the default module", () => {
    const module = resolveModule({ name: "mine", tooltip: () => "hello" });
    expect(module.name).toBe("mine");
    expect(module.tooltip(testSituation(), "m1", "red", { pieces: {}, options: {} })).toBe("hello");
    for (const key of Object.keys(defaultModule) as (keyof typeof defaultModule)[]) {
      expect(module[key]).toBeDefined();
      if (key !== "name" && key !== "tooltip") expect(module[key]).toBe(defaultModule[key]);
    }
  });

  it("ignores hooks given as undefined", () => {
    expect(resolveModule({ gameEvent: undefined }).gameEvent).toBe(defaultModule.gameEvent);
  });
});
