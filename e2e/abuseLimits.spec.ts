import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// Issue 20, point 2, as a person sees it: one login may hold a few tabs open at once (the server's
// SOCKETS_PER_SESSION, two here); a tab beyond them says why instead of waiting to connect forever,
// and once another tab is closed, reloading it connects.

const site = sharedSite({ SOCKETS_PER_SESSION: "2" });

describe("too many tabs of one login", () => {
  it("tells the tab beyond the cap why it cannot connect; it connects once another tab closes", async () => {
    const { page, context } = await site.person("tabs_owner");
    const lobby = `${site.server.url}/projects/template-board`;
    // The project's page, shown once the tab's socket is connected.
    const shown = (p: typeof page) =>
      p.getByRole("heading", { name: "Template: Board Game", level: 1 }).waitFor({ timeout: 30_000 });
    await page.goto(lobby);
    const second = await context.newPage();
    await second.goto(lobby);
    // Both connected: the page's content is shown, not the wait.
    for (const p of [page, second]) await shown(p);

    const third = await context.newPage();
    await third.goto(lobby);
    await third
      .getByText("Too many open tabs for this login (at most 2): close some tabs, then reload this one.")
      .waitFor({ timeout: 30_000 });
    expect(await third.getByText("Please wait, connecting websocket").isVisible()).toBe(false);

    await second.close();
    await third.reload();
    await shown(third);
    expect(await third.getByText("Too many open tabs").count()).toBe(0);
  });
});
