import { describe, expect, it } from "vitest";
import { ASSET_ACCEPT, formatBytes, oversizeMessage, previewUrl } from "./globalAssetsApi";

describe("global assets helpers", () => {
  it("formats sizes for people", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(200 * 1024)).toBe("200 KB");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(2.34 * 1024 * 1024)).toBe("2.3 MB");
  });

  it("names the files over the 10 MB limit before uploading", () => {
    const MB = 1024 * 1024;
    expect(oversizeMessage([{ name: "a.png", size: 10 * MB }])).toBeNull();
    expect(oversizeMessage([{ name: "a.png", size: 10 * MB + 1 }])).toBe(
      "a.png is larger than 10 MB, the limit for one asset.",
    );
    expect(
      oversizeMessage([
        { name: "a.png", size: 11 * MB },
        { name: "b.png", size: 1 },
        { name: "c.jpg", size: 20 * MB },
      ]),
    ).toBe("a.png, c.jpg are larger than 10 MB, the limit for one asset.");
  });

  it("versions preview URLs by upload time, and accepts images only", () => {
    expect(
      previewUrl({ url: "/api/storage/projects/p/assets/a.png", uploadedAt: "2026-01-02T03:04:05.000Z" }),
    ).toBe("/api/storage/projects/p/assets/a.png?v=2026-01-02T03%3A04%3A05.000Z");
    expect(previewUrl({ url: "https://cdn.test/a.png?x=1", uploadedAt: "t" })).toBe(
      "https://cdn.test/a.png?x=1&v=t",
    );
    expect(ASSET_ACCEPT).toContain("image/png");
    expect(ASSET_ACCEPT).toContain(".svg");
  });
});
