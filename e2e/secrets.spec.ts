import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sharedSite } from "./harness";
import { area, board, findPiece, logText, type Piece, type Seat, settled, stateButton } from "./tablePage";

// Secrets stay on the server (DESIGN.md 'Hidden information'), seen as a tester with a network
// inspector would look: everything one player's page at a Night Market table received (the table
// load, every WebSocket frame) and everything it drew (the DOM) holds none of the rival's goods nor
// the next cards of the deck. The truth comes from a site admin who watches with the full view.

const site = sharedSite({ PORT: String(21000 + Math.floor(Math.random() * 20000)) });

interface Received {
  /** Every JSON value the page was sent: the table load's body and each Socket.IO frame's payload. */
  values: unknown[];
}

/** Records what the page receives, as the browser's network inspector shows it. */
function inspect(page: Page): Received {
  const received: Received = { values: [] };
  page.on("response", async (response) => {
    if (!response.url().includes("/api/table-open/")) return;
    try {
      received.values.push(await response.json());
    } catch {
      // A body that is not JSON holds no table.
    }
  });
  page.on("websocket", (ws) => {
    ws.on("framereceived", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString();
      // Socket.IO frames: a packet type digit (and an ack id), then the JSON array of the event.
      const json = /^\d+(\[.*)$/s.exec(text)?.[1];
      if (json === undefined) return;
      try {
        received.values.push(JSON.parse(json));
      } catch {
        // Not an event.
      }
    });
  });
  return received;
}

/** Every object the page received that describes the component `id` (a piece, or a patch's record of it). */
function descriptionsOf(received: Received, ids: ReadonlySet<string>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value !== null && typeof value === "object") {
      const o = value as Record<string, unknown>;
      if (typeof o.id === "string" && ids.has(o.id) && typeof o.type === "string") found.push(o);
      for (const v of Object.values(o)) walk(v);
    }
  };
  for (const v of received.values) walk(v);
  return found;
}

/** Random states the page was sent: only ever the constant that stands for none. */
function randomStates(received: Received): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value !== null && typeof value === "object") {
      const o = value as Record<string, unknown>;
      if ("rng" in o) found.push(o.rng);
      for (const v of Object.values(o)) walk(v);
    }
  };
  for (const v of received.values) walk(v);
  return found;
}

const pile = (root: Piece, parent: string, position: string) => {
  const kids = findPiece(root, parent).children[position] ?? [];
  return Array.isArray(kids) ? kids : Object.values(kids);
};

describe("one player's page at a Night Market table", () => {
  it("receives and draws none of the rival's goods nor the next cards of the deck", {
    timeout: 120_000,
  }, async () => {
    const ann = await site.person("sec_ann");
    const ben = await site.person("sec_ben");
    const watcher = await site.person("sec_admin", "admin");
    const api = `${site.server.url}/api/projects/night-market`;
    const create = await ann.page.request.post(`${api}/new-table`, {
      data: { start_position: { options: { moths: false } }, tableMode: "competitive-edit" },
    });
    const { tableId } = (await create.json()) as { tableId: string };
    await ann.page.request.get(`${api}/join-table/${tableId}?color=red`);
    await ben.page.request.get(`${api}/join-table/${tableId}?color=blue`);
    expect((await ann.page.request.post(`${api}/${tableId}/start-table`, { data: {} })).status()).toBe(200);
    const truth = async () =>
      (
        (await (
          await watcher.page.request.get(`${site.server.url}/api/table-open/${tableId}?view=full`)
        ).json()) as {
          live: {
            viewer: string;
            situation: { root: Piece; gameState: { current: { activePlayer: string } } };
          };
        }
      ).live;

    // Ben's page, inspected from the first request on.
    const seen = inspect(ben.page);
    const url = `${site.server.url}/projects/night-market/table/${tableId}`;
    await Promise.all([ann.page.goto(url), ben.page.goto(url)]);
    const seats: Seat[] = [
      { color: "red", page: ann.page, errors: ann.errors },
      { color: "blue", page: ben.page, errors: ben.errors },
    ];
    await board(ben.page).waitFor();
    await settled(seats);

    // Play a turn, so events flow too: whoever is first buys the free card (it goes into their
    // stall), which Ben's page must then show only as a back if it is Ann's.
    let full = await truth();
    expect(full.viewer).toBe("full");
    // The admin read every hand over HTTP: both players' pages say so, in words (issue 36 point 7).
    for (const s of seats)
      await s.page
        .getByLabel("Full view watchers")
        .getByText("sec_admin is watching with the full view")
        .waitFor();
    const first = full.situation.gameState.current.activePlayer;
    const mover = seats.find((s) => s.color === first) as Seat;
    const free = (findPiece(full.situation.root, "market").children.row as Record<string, Piece>)[
      "1"
    ] as Piece;
    await mover.page.locator(`[data-component-id="${free.id}"]`).click();
    // The turn was played: both pages show it in the log (else no event would have flowed at all).
    for (const s of seats)
      await expect.poll(() => logText(s.page)).toMatch(/took \w+ for free|bought \w+ for/);
    await settled(seats);
    // And Ben forages once when it is his turn (a card from the deck, drawn on the server).
    full = await truth();
    if (full.situation.gameState.current.activePlayer === "blue") {
      await stateButton(ben.page, "Forage by lantern light").click();
      for (const s of seats) await expect.poll(() => logText(s.page)).toMatch(/went foraging and turned up/);
      await settled(seats);
    }

    full = await truth();
    const annGoods = pile(full.situation.root, "area-red", "hand");
    const deck = pile(full.situation.root, "goods-deck", "deck");
    expect(annGoods.length).toBeGreaterThanOrEqual(2);
    expect(deck.length).toBeGreaterThan(20);
    const secret = new Set([...annGoods, ...deck].map((c) => c.id));

    // The network: every description of those cards Ben's page was sent carries no identity.
    const described = descriptionsOf(seen, secret);
    expect(described.length).toBeGreaterThan(0);
    for (const d of described) {
      expect(d.placeholder, JSON.stringify(d)).toBeDefined();
      expect((d.options as Record<string, unknown>).cardId, JSON.stringify(d)).toBeUndefined();
      expect(d.variables).toBeUndefined();
    }
    // No random state, no moves.
    expect(randomStates(seen).every((r) => JSON.stringify(r) === '{"state":0}')).toBe(true);
    expect(JSON.stringify(seen.values)).not.toContain('"moves"');

    // The page: Ann's goods are card backs on Ben's page, and nothing names a card Ben may not see.
    for (const c of annGoods) {
      const img = area(ben.page, "red").locator(`[data-component-id="${c.id}"] > img`);
      await expect.poll(() => img.getAttribute("src")).toMatch(/card-back\.svg$/);
    }
    const html = await ben.page.content();
    for (const c of [...annGoods, ...deck]) {
      const element = new RegExp(`data-component-id="${c.id}"[^>]*>\\s*<img[^>]*src="[^"]*card-(?!back)`);
      expect(html).not.toMatch(element);
    }
    expect(ann.errors).toEqual([]);
    expect(ben.errors).toEqual([]);
  });
});
