import { mayAct, type RngState, randomTurn, seedRng, type TableEvent, type TableHolder } from "@tt/engine";
import { shippedGames } from "@tt/games";
import { describe, expect, it } from "vitest";
import { playTable } from "../../../games/src/testing/driver";
import { logBytes, TableCapsCheck } from "./caps";
import { eventText } from "./eventText";

// The log cap counts each appended event's JSON once: turn() hands its measure of the event it
// checked to the next count (the server serialises a turn's event once, for the check and the write).

const SEATS = ["red", "blue", "green", "yellow"];
const game = shippedGames.find((g) => g.content.slug === "night-market");

const trueBytes = (holder: TableHolder) =>
  holder.events.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)), 0);

/** The next random turn's recorded event at this table, not appended. */
function nextEvent(holder: TableHolder, rng: { state: RngState }, t: number): TableEvent | null {
  const seat = SEATS.find((s) => mayAct(holder.live, s)) ?? "red";
  const actions = randomTurn(holder.live, holder.events.length, seat, holder.module, holder.ctx, rng);
  if (actions === null) return null;
  const recorded = holder.record({ seat, actions, timestamp: t, turnUID: `t${t}` });
  return recorded.ok ? recorded.value.event : null;
}

describe("the log's size", () => {
  it("is the sum of its events' JSON, whether they were checked, checked and dropped, or appended alone", () => {
    if (!game) throw new Error("Night Market is not shipped");
    const { holder } = playTable(game, { players: SEATS, seed: 7 });
    const caps = new TableCapsCheck();
    const rng = { state: seedRng(11) };
    let checked = 0;
    for (let t = 0; t < 60 && !holder.live.ended; t++) {
      const event = nextEvent(holder, rng, t);
      if (event === null) continue;
      expect(caps.turn(holder, event, holder.live)).toBeNull();
      checked++;
      // Every fifth is checked and then not written (a write that lost a race): never appended.
      if (t % 5 === 4) continue;
      // Every seventh, another event is appended before it (one another instance wrote first).
      if (t % 7 === 6) {
        const other = nextEvent(holder, rng, t + 1000);
        if (other === null) continue;
        holder.append(other);
        continue;
      }
      holder.append(event);
      expect(logBytes(holder)).toBe(trueBytes(holder));
    }
    expect(checked).toBeGreaterThan(30);
    expect(logBytes(holder)).toBe(trueBytes(holder));
  });

  it("serialises an event once for the check and the write that follows", () => {
    if (!game) throw new Error("Night Market is not shipped");
    const { holder } = playTable(game, { players: SEATS, seed: 3 });
    const event = nextEvent(holder, { state: seedRng(5) }, 1);
    if (event === null) throw new Error("no turn");
    const text = eventText(event);
    expect(text).toBe(JSON.stringify(event));
    expect(eventText(event)).toBe(text);
    const other = { ...event, seq: event.seq + 1 };
    expect(eventText(other)).toBe(JSON.stringify(other));
  });
});
