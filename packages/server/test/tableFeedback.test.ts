import type { TableFeedback, TableInfo } from "@tt/protocol";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback, tables, users } from "../src/db/schema";
import { NOT_SEATED } from "../src/http/feedbackRoutes";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// GET /api/table-feedback/{tableId}: the feedback form an ended table asks, filtered by the table's
// options, with the caller's saved answers (game-table.md sections 3-5); and who may answer it through
// POST /api/submit-feedback (section 6: the players seated at the table, as their own seat).

let server: TestServer;
let as: Record<Role, Client>;

const FORM = {
  overall: { text: "How was the game?", type: "textarea", formOrder: 2 },
  fun: { text: "Was it fun?", type: "yesno", formOrder: 1 },
  expansion: {
    text: "Did the expansion help?",
    type: "rating",
    formOrder: 0,
    condition: { expansion: { eq: true } },
  },
  slowGame: { text: "Too slow?", type: "yesno", formOrder: 3, condition: { speed: { eq: "normal" } } },
};

/** A started table with the creator as red (and `second` as blue), created with these options. */
async function startedTable(
  slug: string,
  creator: Client,
  options: Record<string, string | boolean>,
  second: Client | null = as.outsider,
) {
  const t = (
    await creator.post(`/api/projects/${slug}/new-table`, {
      start_position: { options },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await creator.get(`/api/projects/${slug}/join-table/${t.tableId}?color=red`);
  if (second) await second.get(`/api/projects/${slug}/join-table/${t.tableId}?color=blue`);
  expect((await creator.post(`/api/projects/${slug}/${t.tableId}/start-table`, {})).status).toBe(200);
  return t.tableId;
}

/** The game end itself is the table's business (the turn pipeline); here the row is simply marked ended. */
async function end(tableId: string) {
  await server.database.db
    .update(tables)
    .set({ status: "ended", endedAt: new Date() })
    .where(eq(tables.id, tableId));
}

const form = (client: Client, tableId: string) => client.get(`/api/table-feedback/${tableId}`);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  const saved = await as.designer.post("/api/update-form-questions", {
    projectSlug: "test-game",
    questions: FORM,
  });
  expect(saved).toMatchObject({ status: 200, text: "Update success" });
});
afterAll(() => server.close());

describe("the feedback form of a table", () => {
  it("asks only the questions whose condition holds for the table's options, by form order", async () => {
    const withExpansion = await startedTable("test-game", as.player, { expansion: true, speed: "fast" });
    await end(withExpansion);
    expect((await form(as.player, withExpansion)).json()).toEqual({
      questions: [
        { id: "expansion", text: "Did the expansion help?", type: "rating", formOrder: 0 },
        { id: "fun", text: "Was it fun?", type: "yesno", formOrder: 1 },
        { id: "overall", text: "How was the game?", type: "textarea", formOrder: 2 },
      ],
      userAnswers: null,
      edited: false,
    } satisfies TableFeedback);

    // The defaults: no expansion, normal speed.
    const plain = await startedTable("test-game", as.player, {});
    await end(plain);
    const ids = ((await form(as.player, plain)).json() as TableFeedback).questions.map((q) => q.id);
    expect(ids).toEqual(["fun", "overall", "slowGame"]);
  });

  it("returns the caller's own answers once submitted, and nobody else's", async () => {
    const tableId = await startedTable("test-game", as.player, { speed: "fast" });
    await end(tableId);
    const answers = { fun: "Yes", overall: "Tense to the last move" };
    expect(
      (await as.player.post("/api/submit-feedback", { tableId, color: "red", user: "player", answers }))
        .status,
    ).toBe(200);
    expect(((await form(as.player, tableId)).json() as TableFeedback).userAnswers).toEqual(answers);
    expect(((await form(as.outsider, tableId)).json() as TableFeedback).userAnswers).toBeNull();
    // A spectator may read the form (the page shows what the table asks), but gives no answers.
    expect(((await form(as.staff, tableId)).json() as TableFeedback).userAnswers).toBeNull();
  });

  it("is not open before the game has ended", async () => {
    const open = (
      await as.player.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    const notYet = { status: 409, text: "Feedback opens when the game has ended." };
    expect(await form(as.player, open.tableId)).toMatchObject(notYet);
    const running = await startedTable("test-game", as.player, {});
    expect(await form(as.player, running)).toMatchObject(notYet);
  });

  it("does not exist for strangers: unknown tables, closed projects, anonymous callers", async () => {
    expect(await form(as.player, "no-such-table")).toMatchObject({ status: 404, text: "Table not found." });
    expect((await form(new Client(server.url), "no-such-table")).status).toBe(401);

    const closed = await startedTable("closed-game", as.mod, {}, null);
    await end(closed);
    expect((await form(as.mod, closed)).status).toBe(200);
    expect(await form(as.admin, closed)).toMatchObject({ status: 200 });
    expect(await form(as.outsider, closed)).toMatchObject({ status: 404, text: "Table not found." });
    // Nor may an outsider leave answers there.
    const submit = await as.outsider.post("/api/submit-feedback", { tableId: closed, answers: { fun: "x" } });
    expect(submit).toMatchObject({ status: 404, text: "Table not found." });
  });
});

describe("who may answer a table's feedback form", () => {
  const submit = (client: Client, body: object) => client.post("/api/submit-feedback", body);
  /** What is stored for the user at the table: the seat's colour and the answers. */
  const stored = (tableId: string, username: string) =>
    server.database.db
      .select({ color: feedback.color, answers: feedback.answers })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(and(eq(feedback.tableId, tableId), eq(users.usernameKey, username)));

  it("refuses anyone without a seat at the table, whatever colour they name", async () => {
    const tableId = await startedTable("test-game", as.player, { speed: "fast" });
    await end(tableId);
    // staff may view the table (a spectator), designer and admin may even read feedback: none sat there.
    for (const spectator of [as.staff, as.designer, as.admin]) {
      expect(await submit(spectator, { tableId, color: "red", answers: { fun: "Yes" } })).toMatchObject({
        status: 403,
        text: NOT_SEATED,
      });
    }
    expect(await stored(tableId, "staff")).toEqual([]);
    expect(await stored(tableId, "admin")).toEqual([]);
  });

  it("stores a player's answers under their own seat, and refuses another colour", async () => {
    const tableId = await startedTable("test-game", as.player, { speed: "fast" });
    await end(tableId);
    // outsider sat as blue: claiming red is refused, nothing stored.
    expect(await submit(as.outsider, { tableId, color: "red", answers: { fun: "No" } })).toMatchObject({
      status: 400,
      text: "You sat at this table as blue, not red.",
    });
    expect(await stored(tableId, "outsider")).toEqual([]);
    // Without a colour, or with the right one, the seat's colour is stored.
    expect((await submit(as.outsider, { tableId, answers: { fun: "No" } })).status).toBe(200);
    expect(await stored(tableId, "outsider")).toEqual([{ color: "blue", answers: { fun: "No" } }]);
    expect((await submit(as.player, { tableId, color: "red", answers: { overall: "Close" } })).status).toBe(
      200,
    );
    expect(await stored(tableId, "player")).toEqual([{ color: "red", answers: { overall: "Close" } }]);
  });

  it("takes only answers to questions the table's form asks, each of limited length", async () => {
    const tableId = await startedTable("test-game", as.player, { speed: "fast" });
    await end(tableId);
    // Unknown ids, and a question of the form whose condition does not hold for this table's options.
    expect(await submit(as.player, { tableId, answers: { fun: "Yes", mood: "fine" } })).toMatchObject({
      status: 400,
      text: "This table's feedback form has no question 'mood'.",
    });
    expect(await submit(as.player, { tableId, answers: { slowGame: "Yes", expansion: "5" } })).toMatchObject({
      status: 400,
      text: "This table's feedback form has no question 'slowGame', 'expansion'.",
    });
    const many = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`q${i}`, "a"]));
    expect(await submit(as.player, { tableId, answers: many })).toMatchObject({
      status: 400,
      text: "This table's feedback form has no question 'q0', 'q1', 'q2', 'q3', 'q4' and 3 more.",
    });
    expect(await submit(as.player, { tableId, answers: { overall: "x".repeat(5001) } })).toMatchObject({
      status: 400,
      text: "An answer may be at most 5000 characters.",
    });
    expect(await stored(tableId, "player")).toEqual([]);
    expect((await submit(as.player, { tableId, answers: { overall: "x".repeat(5000) } })).status).toBe(200);
  });
});
