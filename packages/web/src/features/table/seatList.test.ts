import type { SeatInfo } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { seatLines } from "./seatList";

const ann: SeatInfo = { color: "red", userInfo: { username: "ann", badges: [] }, nonuser: false };
const bot: SeatInfo = { color: "blue", userInfo: null, nonuser: true, bot: "Bot (Random)" };
const dummy: SeatInfo = { color: "green", userInfo: null, nonuser: true };

describe("the pre-start page's seats", () => {
  it("lists every colour the table can seat, in its order, with its holder", () => {
    expect(seatLines(["red", "blue", "green", "yellow"], [dummy, bot, ann])).toEqual([
      { color: "red", holder: "player", label: "ann", botMayTake: false },
      { color: "blue", holder: "bot", label: "Bot (Random)", botMayTake: false },
      { color: "green", holder: "dummy", label: "Dummy-green", botMayTake: true },
      { color: "yellow", holder: "free", label: "free", botMayTake: true },
    ]);
  });

  it("offers a bot only the seats nobody holds, and leaves the seats it was given unchanged", () => {
    const seats = [ann, bot];
    const before = structuredClone(seats);
    const lines = seatLines(["red", "blue", "green"], seats);
    expect(lines.filter((l) => l.botMayTake).map((l) => l.color)).toEqual(["green"]);
    expect(seats).toEqual(before);
  });
});
