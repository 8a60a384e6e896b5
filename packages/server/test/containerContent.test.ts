import { type Component, findComponent, type Situation } from "@tt/engine";
import type { TableInfo } from "@tt/protocol";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableEvents, tables } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// GET /api/container-content (game-table.md section 7): right-click on a deck shows what it holds, but
// only as far as the asking seat may see it. A face-down draw pile comes back as backs that carry no
// face, no name and no card id, so neither its faces nor its order can be read from the answer.

let server: TestServer;
let as: Record<Role, Client>;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  await server.close();
});

/** A started Night Market table at which edit mode is allowed: the designer red, the player blue. */
async function nightMarket(): Promise<string> {
  const t = (
    await as.designer.post("/api/projects/night-market/new-table", {
      start_position: { options: { moths: false } },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.designer.get(`/api/projects/night-market/join-table/${t.tableId}?color=red`);
  await as.player.get(`/api/projects/night-market/join-table/${t.tableId}?color=blue`);
  const start = await as.designer.post(`/api/projects/night-market/${t.tableId}/start-table`, {});
  expect(start.status).toBe(200);
  return t.tableId;
}

/** The draw pile as the server itself holds it (no turn played yet: the start situation), and its deck sheet. */
async function truePile(tableId: string): Promise<{ pile: Component[]; names: string[] }> {
  const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
  const events = await server.database.db
    .select()
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
  expect(events).toEqual([]);
  const start = row!.startSituation as Situation;
  const names = (start.deckData.goods?.cards ?? []).map((card) => String(card.name));
  return { pile: findComponent(start.root, "goods-deck")!.children.deck as Component[], names };
}

const contentsUrl = (tableId: string) => `/api/container-content?tableId=${tableId}&containerId=goods-deck`;

describe("a deck's contents", () => {
  it("gives a seated player a face-down deck as backs: no faces, names or card ids of its cards", async () => {
    const tableId = await nightMarket();
    const { pile, names } = await truePile(tableId);
    const faces = new Set(pile.map((c) => String(c.options.cardId)));
    // The goods differ (else the test could not tell a face from a back).
    expect(faces.size).toBeGreaterThan(3);

    const reply = await as.player.get(contentsUrl(tableId));
    expect(reply.status).toBe(200);
    const body = reply.json() as { components: Component[]; discardedComponents: Component[] };
    expect(body.components).toHaveLength(pile.length);
    for (const c of body.components) {
      expect(c.placeholder).toBe("back");
      // Every card is called 'card' and keeps only what draws its back.
      expect(c.name).toBe("card");
      expect(Object.keys(c.options).sort()).toEqual(["deckName", "facedown"]);
      expect(c.variables).toBeUndefined();
    }
    // Nowhere in the answer, under any key: not a card id, nor a card's name from the deck's sheet.
    const { text } = reply;
    expect(names).toContain("Closing Bell");
    for (const face of faces) expect(text).not.toContain(`"${face}"`);
    for (const name of names) expect(text).not.toContain(name);
    // The ids are the pile's places (numbered in tree order at the start), nothing of what lies there.
    for (const c of body.components) for (const face of faces) expect(c.id).not.toContain(face);
  });

  it("is refused to a user who does not sit at the table", async () => {
    const tableId = await nightMarket();
    const reply = await as.outsider.get(contentsUrl(tableId));
    expect(reply.status).toBe(403);
    expect(reply.text).not.toContain("cardId");
  });

  it("answers 404, not someone else's deck, for a container that is not a deck or bank", async () => {
    const tableId = await nightMarket();
    const reply = await as.player.get(`/api/container-content?tableId=${tableId}&containerId=market`);
    expect(reply.status).toBe(404);
  });
});
