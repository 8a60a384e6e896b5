import { describe, expect, it } from "vitest";
import { playedNote } from "./BalancePlayed";

describe("playedNote", () => {
  it("says how many tables were read and why the others were counted out", () => {
    const skipped = { edited: 2, "free play": 1, "bots only": 0, unfinished: 0, unreadable: 0 };
    expect(playedNote({ version: 3, counted: 12, skipped, limited: false })).toBe(
      "Read from 12 ended tables of version 3; counted out: 2 result changed by edit moves, 1 free play " +
        "(sandbox or debug). A person's seat is 'person' where a run names its bot.",
    );
    const none = { edited: 0, "free play": 0, "bots only": 0, unfinished: 0, unreadable: 0 };
    expect(playedNote({ version: 0, counted: 1, skipped: none, limited: true })).toBe(
      "Read from 1 ended table of version 0. Only the newest tables were read. A person's seat is " +
        "'person' where a run names its bot.",
    );
  });
});
