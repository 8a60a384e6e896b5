import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// The Balance lab (issue 22 points 3 and 4): a designer starts a small Night Market run from the
// project's admin page, sees it finish and reads its report.

const site = sharedSite();

describe("the balance lab", () => {
  it("runs a small self-play run from the admin page and shows its report", {
    timeout: 180_000,
  }, async () => {
    const admin = await site.person("bal_admin", "admin");
    const dee = await site.person("bal_dee");
    const added = await admin.page.request.post(`${site.server.url}/api/projects/add-role/night-market`, {
      data: { username: "bal_dee", roleName: "designer" },
    });
    expect(added.status()).toBe(200);

    const { page, errors } = dee;
    await page.goto(`${site.server.url}/projects/night-market/admin`);
    const lab = page.getByRole("region", { name: "Balance lab" });
    await lab.getByText("No runs yet.").waitFor();
    // Two players only, eight games.
    await lab.getByRole("checkbox", { name: "3 players" }).uncheck();
    await lab.getByRole("checkbox", { name: "4 players" }).uncheck();
    await lab.getByRole("spinbutton", { name: "Number of games" }).fill("8");
    await lab.getByRole("spinbutton", { name: "Seed" }).fill("7");
    await lab.getByRole("button", { name: "Start run" }).click();

    // The run ends: the list says so, and its report opens.
    const runs = lab.getByRole("table", { name: "Balance runs" });
    await runs
      .getByRole("row")
      .filter({ hasText: "8 / 8" })
      .filter({ hasText: "Done" })
      .waitFor({ timeout: 120_000 });
    const report = lab.getByRole("article", { name: "Report of run 1" });
    await report.getByRole("heading", { name: "Report of run 1 (8 games)" }).waitFor({ timeout: 60_000 });
    const seats = report.getByRole("table", { name: "Win rate per seat, 2 players" });
    const rows = await seats.getByRole("row").allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^Seat 1\s/);
    // The two seats' wins add up to the games (ties share a win).
    const wins = rows.slice(1).map((r) => Number(r.split(/\t|\n/)[1]));
    expect(wins.reduce((a, b) => a + b, 0)).toBe(8);
    await report.getByRole("img", { name: "Win rate per seat, 2 players" }).waitFor();
    const csv = await report.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const file = await page.request.get(`${site.server.url}${csv}`);
    expect((await file.text()).trim().split("\n")).toHaveLength(9);

    // A second run with another seed, then both side by side.
    await lab.getByRole("spinbutton", { name: "Seed" }).fill("8");
    await lab.getByRole("button", { name: "Start run" }).click();
    await runs.getByRole("row").filter({ hasText: "Done" }).nth(1).waitFor({ timeout: 120_000 });
    await lab.getByRole("checkbox", { name: "Show run 1" }).check();
    const both = lab.getByRole("article", { name: "Run 2 against run 1" });
    const differences = both.getByRole("table", { name: "Win rate differences" });
    await differences.waitFor({ timeout: 60_000 });
    const lines = await differences.getByRole("row").allInnerTexts();
    // A header, then seats 1 and 2 at two players, each with a p-value and a verdict.
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toMatch(/^2\t[12]\t.*\t\d\.\d{3}\t(Yes|No)$/);
    expect(errors).toEqual([]);
  });
});
