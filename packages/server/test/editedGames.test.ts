import type { FeedbackResultPage, TableFeedback, TableInfo } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// A game whose result a player's edit moves changed (tables.edited, set by the turn pipeline at tables
// whose mode is no sandbox or debug mode): every answer that shows a finished game's result says so,
// and it counts as no played game. The flag is set here on the row, as the pipeline would leave it.

let server: TestServer;
let as: Record<Role, Client>;
let clean: string;
let edited: string;

/** A competitive-edit table player (red) and outsider (blue) started, then ended with these scores. */
async function endedTable(scores: { red: number; blue: number }): Promise<string> {
  const t = (
    await as.player.post("/api/projects/test-game/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
  await as.outsider.get(`/api/projects/test-game/join-table/${t.tableId}?color=blue`);
  expect((await as.player.post(`/api/projects/test-game/${t.tableId}/start-table`, {})).status).toBe(200);
  await server.database.db
    .update(tables)
    .set({
      status: "ended",
      endedAt: new Date(),
      resultStats: { players: { red: { score: scores.red }, blue: { score: scores.blue } }, global: {} },
    })
    .where(eq(tables.id, t.tableId));
  return t.tableId;
}

const markEdited = (tableId: string) =>
  server.database.db.update(tables).set({ edited: true }).where(eq(tables.id, tableId));

const revOf = async (tableId: string) =>
  (await server.database.db.select({ rev: tables.rev }).from(tables).where(eq(tables.id, tableId)))[0]!.rev;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  const form = await as.designer.post("/api/update-form-questions", {
    projectSlug: "test-game",
    questions: { fun: { text: "Was it fun?", type: "text", formOrder: 0 } },
  });
  expect(form.status).toBe(200);
  clean = await endedTable({ red: 10, blue: 8 });
  // Red gave themselves the win with edit moves.
  edited = await endedTable({ red: 100, blue: 0 });
  await markEdited(edited);
});
afterAll(() => server.close());

describe("a game edit moves changed", () => {
  it("is unmarked until the pipeline marks it, and the mark does not move the table's rev", async () => {
    const t = (
      await as.player.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    expect(t.edited).toBe(false);
    const before = await revOf(t.tableId);
    // Instances keep their cached table when a turn marks it: no turn is evaluated against the mark.
    await markEdited(t.tableId);
    expect(await revOf(t.tableId)).toBe(before);
    await server.database.db.update(tables).set({ status: "midgame" }).where(eq(tables.id, t.tableId));
    expect(await revOf(t.tableId)).toBe(before + 1);
  });

  it("is marked on the ended-table page's answer, for players and spectators", async () => {
    for (const client of [as.player, as.staff]) {
      const mine = (await client.get(`/api/table-feedback/${edited}`)).json() as TableFeedback;
      expect(mine.edited).toBe(true);
      const other = (await client.get(`/api/table-feedback/${clean}`)).json() as TableFeedback;
      expect(other.edited).toBe(false);
    }
  });

  it("marks the feedback answers given on it, stats and all", async () => {
    for (const tableId of [clean, edited]) {
      const saved = await as.player.post("/api/submit-feedback", { tableId, answers: { fun: "yes" } });
      expect(saved.status).toBe(200);
    }
    const page = (
      await as.mod.get("/api/get-feedback-result/test-game?stat[]=score&filterUser=player")
    ).json() as FeedbackResultPage;
    const byTable = Object.fromEntries(page.rows.map((r) => [r.tableId, r]));
    expect(byTable[edited]).toMatchObject({ edited: true, statValues: { score: 100 } });
    expect(byTable[clean]).toMatchObject({ edited: false, statValues: { score: 10 } });
  });

  it("counts in no one's games played, yet is listed among their finished tables, marked", async () => {
    for (const name of ["player", "outsider"]) {
      expect((await as.mod.get(`/api/get-user-game-stats/?username=${name}`)).json()).toEqual([
        { project_name: "Test Game", amt: 1 },
      ]);
      const list = (
        await as.mod.get(`/api/get-table-list/?status=ended&username=${name}&skip=0`)
      ).json() as TableInfo[];
      expect(Object.fromEntries(list.map((t) => [t.tableId, t.edited]))).toEqual({
        [clean]: false,
        [edited]: true,
      });
    }
  });

  it("leaves a project out of games played when every game there was edited", async () => {
    const t = (
      await as.designer.post("/api/projects/test-game/new-table", {
        start_position: { options: {}, playerColors: ["red"] },
        tableMode: "demo-invite",
      })
    ).json() as TableInfo;
    await as.designer.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
    await server.database.db
      .update(tables)
      .set({ status: "ended", endedAt: new Date(), edited: true })
      .where(eq(tables.id, t.tableId));
    expect((await as.mod.get("/api/get-user-game-stats/?username=designer")).json()).toEqual([]);
  });

  it("is marked in the lobby's list of ended tables", async () => {
    const list = (
      await as.player.get("/api/get-table-list/?projectSlug=test-game&status=ended&skip=0")
    ).json() as TableInfo[];
    expect(list.find((t) => t.tableId === edited)?.edited).toBe(true);
    expect(list.find((t) => t.tableId === clean)?.edited).toBe(false);
  });

  it("loses the mark when a restart empties the log the edit moves were in", async () => {
    const tableId = await endedTable({ red: 1, blue: 1 });
    await markEdited(tableId);
    const restarted = await as.designer.post(`/api/projects/test-game/${tableId}/restart-table/`);
    expect(restarted.status).toBe(200);
    const [row] = await server.database.db
      .select({ edited: tables.edited, status: tables.status })
      .from(tables)
      .where(eq(tables.id, tableId));
    expect(row).toEqual({ edited: false, status: "midgame" });
  });
});
