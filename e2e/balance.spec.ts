import type { BrowserContext } from "playwright-core";
import { io } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";

// The Balance lab (issue 22 points 3 and 4): a designer starts a small Night Market run from the
// project's admin page, sees it finish and reads its report; and reads the report over a chess game
// two people played.

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

  it("shows the report over the games people played on a version", { timeout: 120_000 }, async () => {
    const admin = await site.person("bal_chess_admin", "admin");
    const ann = await site.person("bal_ann");
    const ben = await site.person("bal_ben");
    const api = (path: string) => `${site.server.url}${path}`;
    const t = (await (
      await ann.page.request.post(api("/api/projects/chess/new-table"), {
        data: { start_position: { options: {} }, tableMode: "competitive-edit" },
      })
    ).json()) as { tableId: string };
    await ann.page.request.get(api(`/api/projects/chess/join-table/${t.tableId}?color=red`));
    await ben.page.request.get(api(`/api/projects/chess/join-table/${t.tableId}?color=blue`));
    await ann.page.request.post(api(`/api/projects/chess/${t.tableId}/start-table`), { data: {} });
    const load = (await (await ann.page.request.get(api(`/api/table-open/${t.tableId}`))).json()) as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    const [white, black] = load.live.situation.globals.sides.white === "red" ? [ann, ben] : [ben, ann];
    // Fool's mate: 1. f3 e5 2. g4 Qh4#
    const moves: [BrowserContext, string, string][] = [
      [white.context, "white-pawn-f2", "f3"],
      [black.context, "black-pawn-e7", "e5"],
      [white.context, "white-pawn-g2", "g4"],
      [black.context, "black-queen-d8", "h4"],
    ];
    for (const [seq, [context, piece, to]] of moves.entries()) await move(context, t.tableId, seq, piece, to);

    const { page, errors } = admin;
    await page.goto(api("/projects/chess/admin"));
    const lab = page.getByRole("region", { name: "Balance lab" });
    const versions = lab.getByRole("table", { name: "Versions played" });
    await versions.waitFor();
    const row = versions.getByRole("row").filter({ hasText: "(current)" });
    // One ended table on the current version.
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("1");
    await row.getByRole("checkbox", { name: /^Show games played on version \d+$/ }).check();
    const report = lab.getByRole("article", { name: /^Report of games played on version \d+$/ });
    await report.getByText(/^Read from 1 ended table of version \d+\./).waitFor({ timeout: 60_000 });
    const seats = report.getByRole("table", { name: "Win rate per seat, 2 players" });
    const lines = await seats.getByRole("row").allInnerTexts();
    // Black mated White: one win between the two seats, in one game.
    const wins = lines.slice(1).map((r) => Number(r.split(/\t|\n/)[1]));
    expect(wins.reduce((a, b) => a + b, 0)).toBe(1);
    const people = report.getByRole("table", { name: "Win rate per bot or person" });
    expect(await people.getByRole("row").allInnerTexts()).toEqual([
      expect.stringMatching(/^Who/),
      expect.stringMatching(/^person\t1\t2\t50\.0%/),
    ]);
    expect(errors).toEqual([]);
  });
});

/** One chess move, sent through the realtime protocol as the person's own browser session. */
async function move(context: BrowserContext, tableId: string, seq: number, piece: string, to: string) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const socket = io(site.server.url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true });
  try {
    await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
    const done = new Promise<void>((resolve, reject) => {
      // The turn's own event: presence events come on the same channel.
      socket.on("table-event", (e: { type: string }) => {
        if (e.type === "game-move") resolve();
      });
      socket.once("table-event-reject", (r: { reason: string }) => reject(new Error(r.reason)));
    });
    socket.emit("game-move", {
      tableId,
      moveId: seq,
      turnUID: `${tableId}-${seq}`,
      editMode: false,
      actions: [
        { kind: "click component", componentId: piece },
        { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: to },
      ],
    });
    await done;
  } finally {
    socket.close();
  }
}
