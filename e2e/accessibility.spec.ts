import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { piece, ready, startedChess } from "./chess";
import { openTableSettings, sharedSite } from "./harness";

// Screen-reader and keyboard basics, checked by axe-core (WCAG 2.x A and AA rules plus its best
// practices) on every kind of page a person reaches: signed out, home, lobby, a table before, during
// and after a game, the table settings, administration, the component editor, profile, invitations,
// feedback results, the rulebook and a missing page. Each page must have no violation at all.

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const site = sharedSite();
const { person } = site;

interface Violation {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * The page's violations, each with the first elements it concerns. axe's `label-content-name-mismatch`
 * is left out for tree items: an expanded item holds its subtree (the WAI-ARIA tree pattern), so its
 * text always contains more than its own label.
 */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string;
        help: string;
        nodes: { html: string; target: string[]; any: unknown }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .filter((n) => !(v.id === "label-content-name-mismatch" && n.html.includes('role="treeitem"')))
          .map((n) => `${n.target.join(" ")}: ${n.html.slice(0, 140)}`),
      }))
      .filter((v) => v.nodes.length > 0);
  });
}

async function expectAccessible(page: Page, what: string) {
  // Let transitions and lazy chunks settle: axe reads colours and names as drawn.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  expect(await violations(page), what).toEqual([]);
}

describe("accessibility", () => {
  it("has no axe violation on the pages of a signed-out visitor", async () => {
    const context = await site.browser.newContext();
    site.contexts.push(context);
    const page = await context.newPage();
    await page.goto(site.server.url);
    await page.getByRole("button", { name: "Log in" }).waitFor();
    await expectAccessible(page, "login");
    await page.goto(`${site.server.url}/register`);
    await page.getByRole("button", { name: "Register" }).waitFor();
    await expectAccessible(page, "register");
  });

  it("has no axe violation on the player's pages, from home to an ended table", {
    timeout: 120_000,
  }, async () => {
    const ann = await person("a11y_ann", "admin");
    const ben = await person("a11y_ben");
    const page = ann.page;
    await page.goto(site.server.url);
    await page.getByRole("button", { name: "Got it, let me in already!" }).waitFor();
    await expectAccessible(page, "welcome");
    await page.getByRole("button", { name: "Got it, let me in already!" }).click();
    await page.getByRole("heading", { name: "Select a game" }).waitFor();
    await expectAccessible(page, "home");
    await page.goto(`${site.server.url}/about`);
    await expectAccessible(page, "about");
    await page.goto(`${site.server.url}/projects/night-market`);
    await page.getByRole("button", { name: /Create new table/ }).waitFor();
    await expectAccessible(page, "lobby");

    // A Night Market table before it starts (its lobby) and while it is played.
    const base = `${site.server.url}/api/projects/night-market`;
    const made = await page.request.post(`${base}/new-table`, {
      data: { start_position: { options: {} }, tableMode: "competitive-edit" },
    });
    const { tableId } = (await made.json()) as { tableId: string };
    await page.request.get(`${base}/join-table/${tableId}?color=red`);
    await ben.page.request.get(`${base}/join-table/${tableId}?color=blue`);
    await page.goto(`${site.server.url}/projects/night-market/table/${tableId}`);
    await page.getByText("Waiting for the table to start").waitFor();
    await expectAccessible(page, "table lobby");
    expect((await page.request.post(`${base}/${tableId}/start-table`, { data: {} })).status()).toBe(200);
    await page.reload();
    await page.getByRole("region", { name: "red player area" }).waitFor();
    await ready(page);
    await expectAccessible(page, "Night Market table");
    await openTableSettings(page);
    await expectAccessible(page, "table settings");
    await page.keyboard.press("Escape");

    // A chess game resigned: the ended-table page with its results.
    const chess = await startedChess(site.server, page, ben.page);
    const white = chess.white === "red" ? page : ben.page;
    for (const p of new Set([page, white])) {
      await p.goto(`${site.server.url}/projects/chess/table/${chess.tableId}`);
      await piece(p, "white-pawn-e2").waitFor();
      await ready(p);
    }
    await white.getByRole("button", { name: "Resign" }).click();
    await white.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The game has ended.").first().waitFor();
    const feedback = page.getByRole("dialog");
    if ((await feedback.count()) > 0) await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Score overview" }).waitFor();
    await expectAccessible(page, "ended chess table");

    for (const [path, what] of [
      ["/user/a11y_ann", "profile"],
      ["/invitations", "invitations"],
      ["/new-project", "new project"],
      ["/projects/chess/rules", "rulebook"],
      ["/projects/chess/feedback", "feedback results"],
      ["/no/such/page", "page not found"],
    ]) {
      await page.goto(`${site.server.url}${path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expectAccessible(page, what as string);
    }
  });

  it("has no axe violation on the administration page and in the component editor", async () => {
    const { page } = await person("a11y_dee", "admin");
    await page.goto(`${site.server.url}/projects/night-market/admin`);
    await page.getByRole("heading", { name: "night-market administration" }).waitFor();
    await expectAccessible(page, "administration");
    // A site admin's view of a profile: its badge with a remove button, and the form that awards one.
    const badge = await page.request.post(`${site.server.url}/api/award-badge`, {
      data: { username: "a11y_dee", name: "a11y", displayName: "Accessible", description: "Checked by axe" },
    });
    expect(badge.status()).toBe(200);
    await page.goto(`${site.server.url}/user/a11y_dee`);
    await page.getByRole("form", { name: "Award a badge" }).waitFor();
    await page.getByRole("button", { name: "Remove badge Accessible" }).waitFor();
    await expectAccessible(page, "profile, as a site admin");
    await page.goto(`${site.server.url}/projects/night-market/admin/component-editor`);
    await page.getByRole("heading", { name: "night-market component editor" }).waitFor();
    await page.getByRole("tree").waitFor();
    await expectAccessible(page, "component editor");
    // Its dialogs: the positions editor of the market, and the conditions of the market's width.
    await page.getByRole("treeitem", { name: "market", exact: true }).click();
    await page.getByRole("button", { name: "Edit positions" }).click();
    const positions = page.getByRole("dialog", { name: /Positions: positions of market/ });
    await positions.getByText(/Coordinates of/).waitFor();
    await expectAccessible(page, "positions editor");
    await page.keyboard.press("Escape");
    await positions.waitFor({ state: "detached" });
    await page.getByRole("button", { name: /^Conditions .*of width$/ }).click();
    await page.getByRole("dialog", { name: "Conditions of width (market)" }).waitFor();
    await expectAccessible(page, "conditions editor");
  });
});
