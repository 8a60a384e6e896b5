import type { TableInfo } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { startedNotice } from "./startedNotice";

const chessTable = (seated: string[]): TableInfo => ({
  tableId: "t9",
  status: "midgame",
  tableMode: "competitive-edit",
  creator: { username: "ann", badges: [] },
  createdTime: "2026-11-22T00:00:00.000Z",
  isPrivate: false,
  expected_move_id: 0,
  numPlayers: seated.length,
  playerColors: seated.map((username, i) => ({
    color: ["red", "blue"][i]!,
    userInfo: { username, badges: [] },
    nonuser: false,
  })),
  possibleColors: ["red", "blue"],
  tableTileStats: [],
  start_position: { options: {}, numPlayers: seated.length },
  options: {},
  projectInfo: { slug: "chess", project_name: "Chess" },
  activePlayer: "red",
  turnsPlayed: 0,
  edited: false,
});

describe("startedNotice", () => {
  it("names the table's own project and sends a seated viewer to that project's table", () => {
    expect(startedNotice("t9", chessTable(["ann", "ben"]), "ben")).toEqual({
      title: "Your table is starting",
      body: "Chess: table t9 has started.",
      mine: true,
      slug: "chess",
    });
  });

  it("tells a viewer who does not sit at the table, without sending them there", () => {
    expect(startedNotice("t9", chessTable(["ann"]), "ben")).toEqual({
      title: "Table started",
      body: "Chess: table t9 has started.",
      mine: false,
      slug: "chess",
    });
  });

  it("names no project when the table could not be read", () => {
    expect(startedNotice("t9", undefined, "ben")).toEqual({
      title: "Table started",
      body: "Table t9 has started.",
      mine: false,
      slug: null,
    });
  });
});
