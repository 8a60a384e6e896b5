import { needsPlayersMessage, TABLE_LIST_PAGE_SIZE, type TableInfo } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import {
  freeColors,
  insertTable,
  listsOf,
  nextSkip,
  parsePlayerEvent,
  removeTable,
  seatJoined,
  seatLabel,
  seatLeft,
  startRefusalHint,
  type TablePages,
  tileOffer,
  tileStatText,
  toPage,
} from "./tableLists";

function table(over: Partial<TableInfo> = {}): TableInfo {
  return {
    tableId: "t1",
    status: "open",
    tableMode: "competitive-edit",
    creator: { username: "ann", badges: [] },
    createdTime: "2026-11-22T00:00:00.000Z",
    isPrivate: false,
    expected_move_id: 0,
    numPlayers: 0,
    playerColors: [],
    possibleColors: ["red", "blue"],
    tableTileStats: [],
    start_position: { options: {}, numPlayers: 0 },
    options: {},
    projectInfo: { slug: "chess", project_name: "Chess" },
    activePlayer: null,
    turnsPlayed: 0,
    edited: false,
    ...over,
  };
}

const user = (username: string) => ({ username, badges: [] });
const pagesOf = (...pages: TableInfo[][]): TablePages => ({
  pages: pages.map(toPage),
  pageParams: pages.map((_, i) => i * TABLE_LIST_PAGE_SIZE),
});

describe("paging", () => {
  it("skips the count loaded while pages come back full, and stops after a short page", () => {
    const full = Array.from({ length: TABLE_LIST_PAGE_SIZE }, (_, i) => table({ tableId: `t${i}` }));
    expect(nextSkip(pagesOf(full))).toBe(TABLE_LIST_PAGE_SIZE);
    expect(nextSkip(pagesOf(full, [table({ tableId: "x" })]))).toBeUndefined();
  });
  it("counts live additions in the skip without changing whether more exist", () => {
    const full = Array.from({ length: TABLE_LIST_PAGE_SIZE }, (_, i) => table({ tableId: `t${i}` }));
    const data = insertTable(pagesOf(full), table({ tableId: "new" }));
    expect(data.pages[0]?.tables[0]?.tableId).toBe("new");
    expect(nextSkip(data)).toBe(TABLE_LIST_PAGE_SIZE + 1);
    expect(nextSkip(removeTable(pagesOf([table()]), "t1"))).toBeUndefined();
  });
  it("does not add a table twice", () => {
    const data = insertTable(pagesOf([table()]), table({ turnsPlayed: 3 }));
    expect(data.pages[0]?.tables).toHaveLength(1);
    expect(data.pages[0]?.tables[0]?.turnsPlayed).toBe(3);
  });
});

describe("seat events", () => {
  it("parses the JSON string payload and rejects garbage", () => {
    expect(
      parsePlayerEvent('{"tableId":"t1","color":"red","userInfo":{"username":"bo","badges":[]}}'),
    ).toEqual({
      tableId: "t1",
      color: "red",
      userInfo: user("bo"),
    });
    expect(parsePlayerEvent("not json")).toBeNull();
    expect(parsePlayerEvent('{"color":"red"}')).toBeNull();
  });
  it("competitive: a join adds a seat in colour order, a leave removes it", () => {
    const t = seatJoined(table(), { tableId: "t1", color: "blue", userInfo: user("bo") });
    const both = seatJoined(t, { tableId: "t1", color: "red", userInfo: user("cy") });
    expect(both.playerColors.map((s) => s.color)).toEqual(["red", "blue"]);
    expect(both.numPlayers).toBe(2);
    const left = seatLeft(both, { tableId: "t1", color: "blue", userInfo: user("bo") });
    expect(left.playerColors.map((s) => s.color)).toEqual(["red"]);
    expect(left.numPlayers).toBe(1);
  });
  it("sandbox and demo: a join takes over the dummy, a leave makes it a dummy again", () => {
    const demo = table({
      tableMode: "demo-invite",
      playerColors: [
        { color: "red", userInfo: null, nonuser: true },
        { color: "blue", userInfo: null, nonuser: true },
      ],
      numPlayers: 2,
    });
    const joined = seatJoined(demo, { tableId: "t1", color: "blue", userInfo: user("bo") });
    expect(joined.playerColors.map(seatLabel)).toEqual(["Dummy-red", "bo"]);
    expect(freeColors(joined)).toEqual(["red"]);
    const left = seatLeft(joined, { tableId: "t1", color: "blue", userInfo: user("bo") });
    expect(left.playerColors.map(seatLabel)).toEqual(["Dummy-red", "Dummy-blue"]);
  });
});

describe("tileOffer", () => {
  const viewer = (username: string, role = "user") => ({ username, role });
  it("offers free colours to a player without a seat, and start to the creator", () => {
    const t = seatJoined(table(), { tableId: "t1", color: "red", userInfo: user("bo") });
    expect(tileOffer(t, viewer("cy"))).toMatchObject({
      joinColors: ["blue"],
      leaveColor: null,
      action: null,
      canDelete: false,
      messages: ["Free to join", "ann may start the game."],
    });
    expect(tileOffer(t, viewer("bo"))).toMatchObject({ joinColors: [], leaveColor: "red", action: null });
    expect(tileOffer(t, viewer("ann"))).toMatchObject({ action: "start", canDelete: true });
  });
  it("midgame: continue for a seated player, view for others; no join or leave", () => {
    const t = seatJoined(table(), { tableId: "t1", color: "red", userInfo: user("bo") });
    const running = { ...t, status: "midgame" as const };
    expect(tileOffer(running, viewer("bo"))).toMatchObject({
      joinColors: [],
      leaveColor: null,
      action: "continue",
      messages: ["This game is currently running. Go to the table to play."],
    });
    expect(tileOffer(running, viewer("cy")).messages).toEqual([
      "This game is currently running. Go to the table to spectate.",
    ]);
    expect(tileOffer(running, viewer("cy")).action).toBe("view");
    const sandbox = { ...running, tableMode: "public-sandbox" };
    expect(tileOffer(sandbox, viewer("cy")).action).toBe("continue");
  });
  it("delete: the creator on a table that has not ended, a superadmin always", () => {
    const ended = table({ status: "ended" });
    expect(tileOffer(ended, viewer("ann")).canDelete).toBe(false);
    expect(tileOffer(ended, viewer("zed", "superadmin")).canDelete).toBe(true);
    expect(tileOffer(ended, viewer("zed", "admin")).canDelete).toBe(false);
    expect(tileOffer(ended, viewer("ann"))).toMatchObject({
      action: "replay",
      messages: ["This game has already ended. Go to the table to view the replay and results."],
    });
  });
  it("says of an ended game that edit moves changed that its result is not counted", () => {
    expect(tileOffer(table({ status: "ended", edited: true }), viewer("ann")).messages).toEqual([
      "This game has already ended. Go to the table to view the replay and results.",
      "Edit moves changed this game: its result is not counted.",
    ]);
    // A running game's result is still to come: the tile's 'Edited game' label is enough there.
    expect(tileOffer(table({ status: "midgame", edited: true }), viewer("ann")).messages).toEqual([
      "This game is currently running. Go to the table to spectate.",
    ]);
  });
  it("leads the creator of a table that has not started to its page, where bots are seated", () => {
    const t = seatJoined(table(), { tableId: "t1", color: "red", userInfo: user("ann") });
    expect(tileOffer(t, viewer("ann")).tablePage).toBe(true);
    // Others join from the tile; a started or ended table has its own way there (Continue, View, Replay).
    expect(tileOffer(t, viewer("cy")).tablePage).toBe(false);
    expect(tileOffer({ ...t, status: "midgame" }, viewer("ann")).tablePage).toBe(false);
    expect(tileOffer({ ...t, status: "ended" }, viewer("ann")).tablePage).toBe(false);
  });
  it("puts a table in its status list and in 'my' for its creator and players", () => {
    const t = seatJoined(table(), { tableId: "t1", color: "red", userInfo: user("bo") });
    expect(listsOf(t, { username: "ann" })).toEqual(["open", "my"]);
    expect(listsOf(t, { username: "bo" })).toEqual(["open", "my"]);
    expect(listsOf(t, { username: "cy" })).toEqual(["open"]);
  });
});

describe("startRefusalHint", () => {
  it("points a start refused for too few players at seating bots, on the table page and from a tile", () => {
    const refusal = needsPlayersMessage(2);
    expect(startRefusalHint(refusal, true)).toMatch(/'Seat a bot' beside an empty seat/);
    expect(startRefusalHint(refusal, false)).toMatch(/open the table page and seat bots/);
    expect(startRefusalHint(needsPlayersMessage(1), true)).not.toBeNull();
  });
  it("adds nothing to other refusals", () => {
    expect(startRefusalHint("Only the creator of the table may start it.", true)).toBeNull();
    expect(startRefusalHint("The table has already started.", false)).toBeNull();
  });
});

describe("tile stats", () => {
  it("show their text, else their number", () => {
    const stat = { name: "score", displayName: "Score" };
    expect(tileStatText({ ...stat, numValue: null, strValue: "red 3, blue 5" })).toBe("red 3, blue 5");
    expect(tileStatText({ ...stat, numValue: 0, strValue: null })).toBe("0");
    expect(tileStatText({ ...stat, numValue: null, strValue: null })).toBe("");
  });
});
