import { describe, expect, it } from "vitest";
import {
  badgeHue,
  isOwner,
  readTooltipPreference,
  statusText,
  TOOLTIP_KEY,
  tooltipValue,
} from "./profileLogic";

describe("tooltip preference", () => {
  it("uses the global key with '1' and '0'", () => {
    expect(TOOLTIP_KEY).toBe("display-tooltips-global");
    expect(tooltipValue(true)).toBe("1");
    expect(tooltipValue(false)).toBe("0");
  });

  it("defaults to showing tooltips", () => {
    expect(readTooltipPreference(null)).toBe(true);
    expect(readTooltipPreference("1")).toBe(true);
    expect(readTooltipPreference("0")).toBe(false);
  });
});

describe("status text", () => {
  it("prefers the browser's text, else the reason phrase", () => {
    expect(statusText(404, "Not Found")).toBe("Not Found");
    expect(statusText(404)).toBe("Not Found");
    expect(statusText(500, "")).toBe("Internal Server Error");
    expect(statusText(418)).toBe("HTTP 418");
  });
});

describe("owner and badges", () => {
  it("compares names case-insensitively", () => {
    expect(isOwner("Alice", "alice")).toBe(true);
    expect(isOwner("bob", "alice")).toBe(false);
    expect(isOwner(null, "alice")).toBe(false);
  });

  it("gives a badge a stable hue", () => {
    expect(badgeHue("veteran")).toBe(badgeHue("veteran"));
    expect(badgeHue("veteran")).toBeGreaterThanOrEqual(0);
    expect(badgeHue("veteran")).toBeLessThan(360);
    expect(badgeHue("veteran")).not.toBe(badgeHue("tester"));
  });
});
