import type { SeatInfo, TableEventMessage } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { presenceAfter, seatPresence, watchingLine } from "./presence";

const event = (type: "player-joined" | "player-disconnected", username: string): TableEventMessage => ({
  tableId: "t1",
  type,
  username,
});

const seat = (color: string, username: string | null, nonuser = false): SeatInfo => ({
  color,
  userInfo: username === null ? null : { username, badges: [] },
  nonuser,
});

describe("presenceAfter", () => {
  it("adds a player who joined once and removes one who left", () => {
    const joined = presenceAfter(["ann"], event("player-joined", "bob"));
    expect(joined).toEqual(["ann", "bob"]);
    expect(presenceAfter(joined, event("player-joined", "bob"))).toBe(joined);
    expect(presenceAfter(joined, event("player-disconnected", "ann"))).toEqual(["bob"]);
    expect(presenceAfter(joined, event("player-disconnected", "cy"))).toBe(joined);
  });

  it("leaves the list as it is for every other table event, and its input unchanged", () => {
    const before = ["ann"];
    const chat: TableEventMessage = {
      tableId: "t1",
      type: "chat-message",
      chat: { username: "bob", message: "hi", timestamp: 1, type: "player-joined" },
    };
    expect(presenceAfter(before, chat)).toBe(before);
    presenceAfter(before, event("player-joined", "bob"));
    expect(before).toEqual(["ann"]);
  });
});

describe("seatPresence", () => {
  const seats = [seat("red", "ann"), seat("blue", "bob"), seat("green", null, true), seat("white", null)];

  it("shows each seat's user as here or away, a dummy by name, a free seat as nobody", () => {
    const map = seatPresence(seats, ["bob"], "ann", true);
    expect(map.get("red")).toEqual({ username: "ann", state: "here" });
    expect(map.get("blue")).toEqual({ username: "bob", state: "here" });
    expect(map.get("green")).toEqual({ username: "Dummy-green", state: "none" });
    expect(map.get("white")).toEqual({ username: null, state: "none" });
    expect(seatPresence(seats, [], "ann", true).get("blue")?.state).toBe("away");
  });

  it("shows this page's own user by its connection, whatever the list says", () => {
    expect(seatPresence(seats, [], "ann", true).get("red")?.state).toBe("here");
    expect(seatPresence(seats, ["ann"], "ann", false).get("red")?.state).toBe("away");
  });

  it("names a bot's seat as the bot, never as away or a dummy", () => {
    const bot: SeatInfo = { ...seat("yellow", null, true), bot: "Bot (Random)" };
    expect(seatPresence([...seats, bot], [], "ann", true).get("yellow")).toEqual({
      username: "Bot (Random)",
      state: "bot",
    });
  });
});

describe("watchingLine", () => {
  it("names who watches for the players", () => {
    expect(watchingLine(["ann", "bob"], "red-player", false)).toBe("Watching: ann, bob");
  });
  it("names the other watchers for a spectator, never themself", () => {
    expect(watchingLine(["ann", "bob"], "ann", true)).toBe("Also watching: bob");
    expect(watchingLine(["ann"], "ann", true)).toBeNull();
  });
  it("is nothing when nobody watches", () => {
    expect(watchingLine([], "ann", false)).toBeNull();
  });
});
