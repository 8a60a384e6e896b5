import type { BrowserContext } from "playwright-core";
import { io } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { sharedSite, watchPageErrors } from "./harness";

const site = sharedSite();
const { person } = site;

/** Plays a chess move through the realtime protocol, as the person's own browser session. */
async function playMoves(
  context: BrowserContext,
  tableId: string,
  moves: { seq: number; piece: string; to: string }[],
) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const socket = io(site.server.url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true });
  await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  for (const m of moves) {
    const done = new Promise<void>((resolve, reject) => {
      // The turn's own event: presence events (player-joined) come on the same channel.
      socket.on("table-event", (e: { type: string }) => {
        if (e.type === "game-move") resolve();
      });
      socket.once("table-event-reject", (r: { reason: string }) => reject(new Error(r.reason)));
    });
    socket.emit("game-move", {
      tableId,
      moveId: m.seq,
      turnUID: `${tableId}-${m.seq}`,
      editMode: false,
      actions: [
        { kind: "click component", componentId: m.piece },
        { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: m.to },
      ],
    });
    await done;
    socket.removeAllListeners("table-event");
    socket.removeAllListeners("table-event-reject");
  }
  socket.close();
}

describe("feedback results", () => {
  it("shows the players' feedback of an ended game to a reader, filters by user and keeps a note", async () => {
    const reader = await person("fb_reader", "admin");
    const ann = await person("fb_ann");
    const ben = await person("fb_ben");
    const errors = watchPageErrors(reader.page);

    const t = (await (
      await ann.page.request.post(`${site.server.url}/api/projects/chess/new-table`, {
        data: { start_position: { options: {} }, tableMode: "competitive-edit" },
      })
    ).json()) as { tableId: string };
    await ann.page.request.get(`${site.server.url}/api/projects/chess/join-table/${t.tableId}?color=red`);
    await ben.page.request.get(`${site.server.url}/api/projects/chess/join-table/${t.tableId}?color=blue`);
    await ann.page.request.post(`${site.server.url}/api/projects/chess/${t.tableId}/start-table`, {
      data: {},
    });
    const load = (await (
      await ann.page.request.get(`${site.server.url}/api/table-open/${t.tableId}`)
    ).json()) as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    const [white, black] = load.live.situation.globals.sides.white === "red" ? [ann, ben] : [ben, ann];
    // Fool's mate: 1. f3 e5 2. g4 Qh4#
    await playMoves(white.context, t.tableId, [{ seq: 0, piece: "white-pawn-f2", to: "f3" }]);
    await playMoves(black.context, t.tableId, [{ seq: 1, piece: "black-pawn-e7", to: "e5" }]);
    await playMoves(white.context, t.tableId, [{ seq: 2, piece: "white-pawn-g2", to: "g4" }]);
    await playMoves(black.context, t.tableId, [{ seq: 3, piece: "black-queen-d8", to: "h4" }]);

    // The players answer the project's form (only its questions are taken), as their own seats.
    const form = await reader.page.request.post(`${site.server.url}/api/update-form-questions`, {
      data: { projectSlug: "chess", questions: { comment: { text: "Any comment?", type: "textarea" } } },
    });
    expect(form.status()).toBe(200);
    for (const [p, text] of [
      [ann, "Loved the end"],
      [ben, "Too short"],
    ] as const) {
      const res = await p.page.request.post(`${site.server.url}/api/submit-feedback`, {
        data: { tableId: t.tableId, answers: { comment: text } },
      });
      expect(res.status()).toBe(200);
    }

    const page = reader.page;
    await page.goto(`${site.server.url}/projects/chess/feedback`);
    await page.getByRole("heading", { name: "Feedback results for project chess" }).waitFor();
    const rows = page.getByRole("table").getByRole("row");
    await page.getByText("Loved the end").waitFor();
    await page.getByText("Too short").waitFor();
    expect(await rows.count()).toBe(3); // header + two

    await page.getByRole("button", { name: "fb_ben" }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole("button", { name: "Clear filter" }).click();
    await expect.poll(() => rows.count()).toBe(3);

    const note = page.getByRole("textbox", { name: `Note for fb_ann on table ${t.tableId}` });
    await note.fill("Check the mate detection");
    await note.press("Enter");
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Feedback results for project chess" }).waitFor();
    await expect
      .poll(() => page.getByRole("textbox", { name: `Note for fb_ann on table ${t.tableId}` }).inputValue())
      .toBe("Check the mate detection");
    const link = page.getByRole("link", { name: t.tableId }).first();
    expect(await link.getAttribute("href")).toBe(`/projects/chess/table/${t.tableId}`);
    expect(errors).toEqual([]);
  });
});
