import { describe, expect, it } from "vitest";
// The icon as served, read as text by Vite (a Node import is not the web app's to make).
import served from "../../public/favicon.svg?raw";
import { badgedFavicon, FAVICON_SVG } from "./favicon";

describe("badgedFavicon", () => {
  it("draws the served icon: the badged one is the same icon with a dot", () => {
    expect(served.trim()).toBe(FAVICON_SVG.trim());
  });

  it("is an SVG data URL of the icon with a dot drawn last (on top), inside the svg", () => {
    const url = badgedFavicon();
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    const svg = decodeURIComponent(url.slice("data:image/svg+xml,".length));
    expect(svg.startsWith(FAVICON_SVG.replace(/<\/svg>$/, ""))).toBe(true);
    expect(svg).toMatch(/<circle [^>]*fill="#d32f2f"[^>]*\/><\/svg>$/);
  });
});
