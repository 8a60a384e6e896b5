import { describe, expect, it } from "vitest";
import { testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("reload data", () => {
  it("replaces the data sheet and the decks' card rows, and says so in the log", () => {
    const s = testSituation();
    const result = applyMove(s, {
      type: "reload data",
      dataSheet: { prices: [{ good: "silk", price: 3 }] },
      deckData: { goods: { cards: [{ cardId: "silk", price: 3 }] } },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.situation.dataSheet).toEqual({ prices: [{ good: "silk", price: 3 }] });
    expect(result.value.situation.deckData).toEqual({ goods: { cards: [{ cardId: "silk", price: 3 }] } });
    expect(result.value.situation.root).toBe(s.root);
    expect(result.value.log.map((l) => l.message)).toEqual(["reloaded the data sheet and the decks"]);
  });

  it("leaves what it does not name alone", () => {
    const s = testSituation();
    const result = applyMove(s, { type: "reload data", dataSheet: null });
    expect(result.ok && result.value.situation.deckData).toEqual(s.deckData);
  });
});
