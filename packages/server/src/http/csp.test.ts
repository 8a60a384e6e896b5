import { describe, expect, it } from "vitest";
import type { Config } from "../config";
import { cspDirectives, storageOrigin } from "./csp";

const disk: Config["storage"] = { kind: "disk", dir: "/tmp/x" };
const s3 = (publicUrl: string | undefined): Config["storage"] => ({
  kind: "s3",
  endpoint: "http://s3.local:9000",
  region: "us-east-1",
  bucket: "b",
  accessKeyId: "k",
  secretAccessKey: "s",
  publicUrl,
});

describe("cspDirectives", () => {
  it("allows no eval and no inline script, and inline styles only", () => {
    const d = cspDirectives({ storage: disk });
    expect(d.scriptSrc).toEqual(["'self'"]);
    expect(d.scriptSrcAttr).toEqual(["'none'"]);
    expect(d.styleSrc).toEqual(["'self'", "'unsafe-inline'"]);
    expect(JSON.stringify(d)).not.toContain("unsafe-eval");
    expect(d.imgSrc).toEqual(["'self'", "data:", "blob:"]);
  });

  it("lets images, fetches and fonts come from the bucket's public address when there is one", () => {
    expect(storageOrigin(s3("https://cdn.example.test/tt/"))).toBe("https://cdn.example.test");
    expect(storageOrigin(s3(undefined))).toBeNull();
    expect(storageOrigin(disk)).toBeNull();
    const d = cspDirectives({ storage: s3("https://cdn.example.test/tt/") });
    for (const key of ["imgSrc", "connectSrc", "fontSrc"])
      expect(d[key]).toContain("https://cdn.example.test");
    expect(d.scriptSrc).toEqual(["'self'"]);
  });
});
