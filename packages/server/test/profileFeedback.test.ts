import type { TableInfo } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

let server: TestServer;
let as: Record<Role, Client>;
let ended: TableInfo;

/** A table played to the end by player (red) and outsider (blue), as the table issue will finish it. */
async function endedTable(): Promise<TableInfo> {
  const t = (
    await as.player.post("/api/projects/test-game/new-table", {
      start_position: { options: { speed: "fast" } },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
  await as.outsider.get(`/api/projects/test-game/join-table/${t.tableId}?color=blue`);
  await as.player.post(`/api/projects/test-game/${t.tableId}/start-table`, {});
  await server.database.db
    .update(tables)
    .set({
      status: "ended",
      endedAt: new Date(),
      resultStats: { players: { red: { score: 12 }, blue: { score: 9 } }, global: { rounds: 7 } },
    })
    .where(eq(tables.id, t.tableId));
  return t;
}

/** An ended table at which `client` sat (alone, as red). */
async function endedTableWith(client: Client): Promise<string> {
  const t = (
    await client.post("/api/projects/test-game/new-table", {
      start_position: { options: {}, playerColors: ["red"] },
      tableMode: "demo-invite",
    })
  ).json() as TableInfo;
  await client.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
  await server.database.db
    .update(tables)
    .set({ status: "ended", endedAt: new Date() })
    .where(eq(tables.id, t.tableId));
  return t.tableId;
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  // Answers are taken only to questions the project's form asks.
  const form = await as.designer.post("/api/update-form-questions", {
    projectSlug: "test-game",
    questions: {
      fun: { text: "Was it fun?", type: "text", formOrder: 0 },
      balance: { text: "Was it balanced?", type: "text", formOrder: 1 },
    },
  });
  expect(form.status).toBe(200);
  ended = await endedTable();
});
afterAll(() => server.close());

describe("profile calls", () => {
  it("counts finished games per project", async () => {
    expect((await as.mod.get("/api/get-user-game-stats/?username=player")).json()).toEqual([
      { project_name: "Test Game", amt: 1 },
    ]);
    expect((await as.mod.get("/api/get-user-game-stats/?username=mod")).json()).toEqual([]);
    expect(await as.mod.get("/api/get-user-game-stats/?username=nobody")).toMatchObject({
      status: 404,
      text: "User not found.",
    });
    expect((await new Client(server.url).get("/api/get-user-game-stats/?username=player")).status).toBe(401);
  });

  it("lets only the owner change the bio, kept as plain text", async () => {
    const html = "<script>alert(1)</script> I like <b>trains</b>";
    expect(await as.player.post("/api/user-bio/?username=player", { bioText: html })).toMatchObject({
      status: 200,
    });
    expect((await as.outsider.get("/api/user-bio/?username=player")).text).toBe(html);
    expect(await as.admin.post("/api/user-bio/?username=player", { bioText: "hacked" })).toMatchObject({
      status: 403,
      text: "You can only change your own bio.",
    });
    expect(
      await as.player.post("/api/user-bio/?username=player", { bioText: "x".repeat(2001) }),
    ).toMatchObject({
      status: 400,
      text: "Bio must be at most 2000 characters.",
    });
    expect((await as.outsider.get("/api/user-bio/?username=player")).text).toBe(html);
  });

  it("lists badges and a user's finished tables", async () => {
    expect((await as.player.get("/api/get-user-badges?username=player")).json()).toEqual([]);
    const list = (
      await as.mod.get("/api/get-table-list/?status=ended&username=player&skip=0")
    ).json() as TableInfo[];
    expect(list.map((t) => t.tableId)).toEqual([ended.tableId]);
    expect((await as.mod.get("/api/get-table-list/?status=ended&username=player&skip=1")).json()).toEqual([]);
    expect((await as.mod.get("/api/get-table-list/?status=open&username=player")).status).toBe(400);
  });
});

describe("feedback", () => {
  it("takes a seated player's answers only once the table has ended", async () => {
    const open = (
      await as.staff.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    expect(
      await as.staff.post("/api/submit-feedback", { tableId: open.tableId, answers: { fun: "yes" } }),
    ).toMatchObject({
      status: 409,
      text: "Feedback opens when the game has ended.",
    });
    expect(
      (
        await as.player.post("/api/submit-feedback", {
          tableId: ended.tableId,
          user: "player",
          answers: { fun: "very", balance: "ok" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await as.outsider.post("/api/submit-feedback", { tableId: ended.tableId, answers: { fun: "meh" } }))
        .status,
    ).toBe(200);
    expect(await as.player.post("/api/submit-feedback", { tableId: "nope", answers: {} })).toMatchObject({
      status: 404,
    });
  });

  it("shows results with chosen stats and options to feedback readers only, filterable by user", async () => {
    const url =
      "/api/get-feedback-result/test-game?stat[]=score&tableOption[]=speed&globalStats[]=rounds&page=1";
    expect(await as.player.get(url)).toMatchObject({
      status: 403,
      text: "Only project admins, designers and mods may read feedback.",
    });
    expect((await as.outsider.get("/api/get-feedback-result/closed-game")).status).toBe(404);
    const res = (await as.mod.get(url)).json() as { rows: Record<string, unknown>[]; pageCount: number };
    expect(res.pageCount).toBe(1);
    const byUser = Object.fromEntries(res.rows.map((r) => [r.username, r]));
    expect(byUser.player).toMatchObject({
      tableId: ended.tableId,
      color: "red",
      note: "",
      feedbackAnswers: { fun: "very", balance: "ok" },
      statValues: { score: 12 },
      globalStatValues: { rounds: 7 },
      options: { speed: "fast" },
    });
    expect(byUser.outsider).toMatchObject({ color: "blue", statValues: { score: 9 } });
    const filtered = (await as.designer.get(`${url}&filterUser=outsider`)).json() as {
      rows: { username: string }[];
    };
    expect(filtered.rows.map((r) => r.username)).toEqual(["outsider"]);
  });

  it("lets feedback readers save a note on someone's row, and nobody else", async () => {
    const note = { tableId: ended.tableId, user: "player", answers: { note: "Check the scoring" } };
    expect(await as.outsider.post("/api/submit-feedback", note)).toMatchObject({ status: 403 });
    expect(await as.mod.post("/api/submit-feedback", { ...note, answers: { fun: "x" } })).toMatchObject({
      status: 400,
      text: "Only the note of someone else's feedback can be changed.",
    });
    expect((await as.mod.post("/api/submit-feedback", note)).status).toBe(200);
    const res = (await as.admin.get("/api/get-feedback-result/test-game?filterUser=player")).json() as {
      rows: { note: string; feedbackAnswers: object }[];
    };
    expect(res.rows[0]!.note).toBe("Check the scoring");
    expect(res.rows[0]!.feedbackAnswers).toEqual({ fun: "very", balance: "ok" });
    // A player cannot write a note, nor wipe their answers with an empty submission.
    const own = { tableId: ended.tableId, answers: { note: "mine" } };
    expect(await as.player.post("/api/submit-feedback", own)).toMatchObject({
      status: 400,
      text: "There are no answers to save.",
    });
  });

  it("lets a reader note their own row without touching their answers", async () => {
    const mine = await endedTableWith(as.mod);
    await as.mod.post("/api/submit-feedback", { tableId: mine, answers: { fun: "good" } });
    const note = { tableId: mine, user: "mod", answers: { note: "self note" } };
    expect((await as.mod.post("/api/submit-feedback", note)).status).toBe(200);
    const res = (await as.mod.get("/api/get-feedback-result/test-game?filterUser=mod")).json() as {
      rows: { note: string; feedbackAnswers: object }[];
    };
    expect(res.rows[0]).toMatchObject({ note: "self note", feedbackAnswers: { fun: "good" } });
  });
});
