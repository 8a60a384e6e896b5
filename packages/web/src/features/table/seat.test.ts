import { describe, expect, it } from "vitest";
import { memoryStore } from "../../lib/storage";
import { ALWAYS_ACTIVE, actsAs, initialSeat, isViewMode, playAsKey, SPECTATOR, seatChoices } from "./seat";

describe("play-as seat", () => {
  const sandbox = { yourSeat: null, anySeat: true, colors: ["red", "blue"] };
  it("offers every colour, spectator and alwaysactive in sandbox tables", () => {
    expect(seatChoices(sandbox)).toEqual(["red", "blue", SPECTATOR, ALWAYS_ACTIVE]);
    expect(initialSeat(sandbox, memoryStore(), "t1", null)).toBe(ALWAYS_ACTIVE);
  });
  it("remembers the choice per table", () => {
    const store = memoryStore();
    store.setItem(playAsKey("t1"), "blue");
    expect(playAsKey("t1")).toBe("play-as-color-t1");
    expect(initialSeat(sandbox, store, "t1", null)).toBe("blue");
    expect(initialSeat(sandbox, store, "t2", null)).toBe(ALWAYS_ACTIVE);
    expect(initialSeat(sandbox, store, "t1", "red")).toBe("red");
  });
  it("fixes the colour in competitive tables", () => {
    const seated = { yourSeat: "red", anySeat: false, colors: ["red", "blue"] };
    const store = memoryStore();
    store.setItem(playAsKey("t1"), "blue");
    expect(seatChoices(seated)).toEqual(["red"]);
    expect(initialSeat(seated, store, "t1", null)).toBe("red");
    expect(initialSeat({ ...seated, yourSeat: null }, store, "t1", null)).toBe(SPECTATOR);
  });
  it("lets an ended table, a demo-invite table or a superadmin look as any colour, acting only as their own", () => {
    expect(isViewMode("competitive-edit", "ended", "user", null)).toBe(true);
    expect(isViewMode("demo-invite", "midgame", "user", null)).toBe(true);
    expect(isViewMode("competitive-edit", "midgame", "superadmin", null)).toBe(true);
    expect(isViewMode("public-sandbox", "midgame", "user", null)).toBe(true);
    expect(isViewMode("competitive-edit", "midgame", "admin", null)).toBe(false);
    // playAsColor in the address turns it off.
    expect(isViewMode("competitive-edit", "ended", "user", "red")).toBe(false);
    const viewer = { yourSeat: "red", anySeat: false, colors: ["red", "blue"], viewMode: true };
    expect(seatChoices(viewer)).toEqual(["red", "blue", SPECTATOR]);
    expect(initialSeat(viewer, memoryStore(), "t1", null)).toBe("red");
    expect(actsAs(viewer, "red")).toBe(true);
    expect(actsAs(viewer, "blue")).toBe(false);
  });
  it("offers only one's own seat while the table keeps its secrets (a running demo-invite table)", () => {
    const running = {
      yourSeat: "red",
      anySeat: false,
      colors: ["red", "blue"],
      viewMode: true,
      secret: true,
    };
    expect(seatChoices(running)).toEqual(["red"]);
    expect(seatChoices({ ...running, yourSeat: null })).toEqual([SPECTATOR]);
    expect(seatChoices({ ...running, secret: false })).toEqual(["red", "blue", SPECTATOR]);
  });
  it("starts a sandbox tab as the active player, alwaysactive when everyone or several may act", () => {
    const store = memoryStore();
    const at = (activePlayer: string | string[]) => ({ ...sandbox, activePlayer });
    expect(initialSeat(at("blue"), store, "t1", null)).toBe("blue");
    expect(initialSeat(at(["red"]), store, "t1", null)).toBe("red");
    expect(initialSeat(at("everyone"), store, "t1", null)).toBe(ALWAYS_ACTIVE);
    expect(initialSeat(at(["red", "blue"]), store, "t1", null)).toBe(ALWAYS_ACTIVE);
    // A colour the table has no seat for (an automa's own name, say) is no choice.
    expect(initialSeat(at("rival"), store, "t1", null)).toBe(ALWAYS_ACTIVE);
    // A remembered choice and the address still win; one's own seat too.
    store.setItem(playAsKey("t1"), SPECTATOR);
    expect(initialSeat(at("blue"), store, "t1", null)).toBe(SPECTATOR);
    expect(initialSeat(at("blue"), store, "t1", "red")).toBe("red");
    expect(initialSeat({ ...at("blue"), yourSeat: "red" }, memoryStore(), "t1", null)).toBe("red");
    // Competitive tables never pick another's colour.
    const seated = { yourSeat: null, anySeat: false, colors: ["red", "blue"], activePlayer: "blue" };
    expect(initialSeat(seated, memoryStore(), "t1", null)).toBe(SPECTATOR);
  });
});
