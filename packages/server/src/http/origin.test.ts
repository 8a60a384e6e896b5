import { describe, expect, it } from "vitest";
import { isSameOrigin, schemeOf } from "./origin";

describe("isSameOrigin", () => {
  const http = { host: "play.example:3000", protocol: "http" };
  const https = { host: "play.example", protocol: "https" };

  it("accepts the scheme and host the request came over", () => {
    expect(isSameOrigin("http://play.example:3000", http, undefined)).toBe(true);
    expect(isSameOrigin("https://play.example", https, undefined)).toBe(true);
    expect(isSameOrigin("https://PLAY.example", { ...https, host: "Play.Example" }, undefined)).toBe(true);
  });

  it("refuses the same host over another scheme", () => {
    expect(isSameOrigin("http://play.example", https, undefined)).toBe(false);
    expect(isSameOrigin("https://play.example:3000", http, undefined)).toBe(false);
    expect(isSameOrigin("ws://play.example:3000", http, undefined)).toBe(false);
  });

  it("accepts PUBLIC_URL's origin, scheme included, and nothing else", () => {
    const behindProxy = { host: "10.0.0.11:3000", protocol: "http" };
    expect(isSameOrigin("https://play.example", behindProxy, "https://play.example")).toBe(true);
    expect(isSameOrigin("http://play.example", behindProxy, "https://play.example")).toBe(false);
    expect(isSameOrigin("https://evil.example", behindProxy, "https://play.example")).toBe(false);
    expect(isSameOrigin("null", behindProxy, "https://play.example")).toBe(false);
    expect(isSameOrigin("not a url", http, undefined)).toBe(false);
  });
});

describe("schemeOf", () => {
  it("reads the connection, or with trustProxy the proxy's last X-Forwarded-Proto", () => {
    expect(schemeOf(false, undefined, false)).toBe("http");
    expect(schemeOf(true, undefined, false)).toBe("https");
    expect(schemeOf(false, "https", false)).toBe("http");
    expect(schemeOf(false, "https", true)).toBe("https");
    expect(schemeOf(false, "http, https", true)).toBe("https");
    expect(schemeOf(false, ["https", "http"], true)).toBe("http");
    expect(schemeOf(true, "gopher", true)).toBe("https");
  });
});
