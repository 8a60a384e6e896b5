import type { ChatMessage } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { mergeChat } from "./useTableChat";

const said = (username: string, message: string, timestamp: number): ChatMessage => ({
  username,
  message,
  timestamp,
  type: "chat",
});

describe("the chat kept across the page's rebuilds", () => {
  it("keeps what was said after the first load when the page is rebuilt from it (the game's end)", () => {
    const firstLoad = [said("ann", "hi", 1)];
    const heard = [...firstLoad, said("ben", "good luck", 2), said("ann", "gg", 3)];
    expect(mergeChat(firstLoad, heard).map((m) => m.message)).toEqual(["hi", "good luck", "gg"]);
  });

  it("shows each message once when a later load already has what was heard", () => {
    const load = [said("ann", "hi", 1), said("ben", "gg", 3)];
    const heard = [said("ann", "hi", 1)];
    expect(mergeChat(load, heard)).toEqual(load);
  });

  it("keeps the same words said twice, and orders by time", () => {
    const merged = mergeChat([said("ann", "gg", 5)], [said("ann", "gg", 5), said("ben", "gg", 4)]);
    expect(merged.map((m) => `${m.username}@${m.timestamp}`)).toEqual(["ben@4", "ann@5"]);
    expect(mergeChat([said("ann", "gg", 5)], [said("ann", "gg", 6)])).toHaveLength(2);
  });
});
