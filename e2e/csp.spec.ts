import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// The site's Content-Security-Policy against the built app in Chromium (issue 20, point 6): every
// screen loads with no violation report, so a report means something real, and a real one (an
// injected inline script) is still refused and reported. See server/src/http/csp.ts.

const site = sharedSite();

/** Every violation report the context's pages raise, as 'directive blocked-uri source'. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const found: string[] = [];
  const hook = (p: Page) =>
    p.on("console", (m) => {
      const text = m.text();
      if (text.startsWith("CSP-VIOLATION ") || text.includes("Content Security Policy")) {
        found.push(`${p.url()} ${text}`);
      }
    });
  // Injected by the browser driver, so it runs whatever the page's policy says.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.log(`CSP-VIOLATION ${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  hook(page);
  context.on("page", hook);
  return found;
}

describe("the Content-Security-Policy", () => {
  it("lets every screen load without a violation report", { timeout: 180_000 }, async () => {
    const { page, context, errors } = await site.person("csp_admin", "admin");
    const violations = await watchViolations(context, page);
    const base = site.server.url;
    const table = async (slug: string, colors: string[]) => {
      const res = await page.request.post(`${base}/api/projects/${slug}/new-table`, {
        data: { start_position: { options: {}, playerColors: colors }, tableMode: "public-sandbox" },
      });
      expect(res.status()).toBe(200);
      return `/projects/${slug}/table/${(await res.json()).tableId}`;
    };
    const screens: [string, RegExp | string][] = [
      ["/", /^Tabletop Lab$/],
      ["/about", "How to use"],
      ["/invitations", "Invitations"],
      ["/new-project", "New project"],
      ["/user/csp_admin", "csp_admin"],
      ["/projects/chess", "Chess"],
      ["/projects/chess/feedback", /Feedback results/],
      ["/projects/chess/admin", "chess administration"],
      ["/projects/chess/admin/component-editor", /component editor/i],
      [await table("chess", ["red", "blue"]), /Chess - Tabletop Lab$/],
      [await table("night-market", ["red", "blue"]), /Night Market - Tabletop Lab$/],
      ["/projects/template-cards/admin", "template-cards administration"],
    ];
    for (const [path, title] of screens) {
      await page.goto(base + path);
      await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(title);
      // Lazy chunks, styles and the socket settle.
      await page.waitForLoadState("networkidle");
    }
    // Logged out: the login gate and the register page.
    const anonymous = await site.browser.newContext();
    site.contexts.push(anonymous);
    const gate = await anonymous.newPage();
    violations.push(...(await watchViolations(anonymous, gate)));
    for (const path of ["/", "/register"]) {
      await gate.goto(base + path);
      await gate.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("still refuses and reports a real violation: an inline script", async () => {
    const { page, context } = await site.person("csp_victim");
    const violations = await watchViolations(context, page);
    await page.goto(`${site.server.url}/about`);
    await page.waitForLoadState("networkidle");
    const ran = await page.evaluate(() => {
      const w = window as unknown as { injected?: boolean };
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.join("\n")).toMatch(/CSP-VIOLATION script-src-elem inline/);
  });

  it("sends the policy with no eval and no foreign scripts", async () => {
    const res = await fetch(`${site.server.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });
});
