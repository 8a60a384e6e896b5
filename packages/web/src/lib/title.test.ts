import { describe, expect, it } from "vitest";
import { isSiteAdmin } from "./roles";
import { pageTitle, tablePageTitle } from "./title";

describe("pageTitle", () => {
  it("names the page before the product", () => {
    expect(pageTitle("How to use")).toBe("How to use - Tabletop Lab");
  });
  it("is the product name alone without a page name", () => {
    expect(pageTitle()).toBe("Tabletop Lab");
    expect(pageTitle("  ")).toBe("Tabletop Lab");
  });
});

describe("tablePageTitle", () => {
  it("names the project before the product, as every page does", () => {
    expect(tablePageTitle("Night Market")).toBe("Night Market - Tabletop Lab");
    expect(tablePageTitle("Night Market", false)).toBe("Night Market - Tabletop Lab");
  });
  it("says '(Your turn)' first while the viewer is to play", () => {
    expect(tablePageTitle("Night Market", true)).toBe("(Your turn) Night Market - Tabletop Lab");
  });
});

describe("isSiteAdmin", () => {
  it("accepts roles containing admin", () => {
    expect(isSiteAdmin("admin")).toBe(true);
    expect(isSiteAdmin("superadmin")).toBe(true);
  });
  it("rejects other roles", () => {
    expect(isSiteAdmin("user")).toBe(false);
    expect(isSiteAdmin("cgestaff")).toBe(false);
    expect(isSiteAdmin(undefined)).toBe(false);
  });
});
