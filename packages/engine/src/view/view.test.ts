import { describe, expect, it } from "vitest";
import { FULL_VIEW, SPECTATOR } from "../constants.js";
import { resolveModule } from "../module/resolve.js";
import type { Component, Situation } from "../situation.js";
import { deckTop, mustApply, pileIds, TEST_PIECES, testSituation } from "../test/fixture.js";
import { findComponent } from "../tree.js";
import { HIDDEN_RNG, isPlaceholder, viewOf } from "./view.js";

const ctx = { pieces: TEST_PIECES, options: {} };
const inView = (view: Situation, id: string) => findComponent(view.root, id) as Component;

/** Red draws the top two cards: one into its hand (owningPlayerOnly), one face up on its tableau. */
function dealt() {
  let s = testSituation();
  const [a, b] = pileIds(s, "deck", "deck").slice(-2) as [string, string];
  s = mustApply(s, {
    type: "component move",
    componentId: a,
    destinationId: "area-red",
    positionName: "hand",
  }).situation;
  s = mustApply(s, { type: "component reveal", componentId: a }).situation;
  s = mustApply(s, {
    type: "component move",
    componentId: b,
    destinationId: "area-red",
    positionName: "tableau",
  }).situation;
  s = mustApply(s, { type: "component reveal", componentId: b }).situation;
  return { s, a, b };
}

describe("a viewer's view", () => {
  it("shows a hand to its owner and a placeholder without identity to everyone else", () => {
    const { s, a } = dealt();
    const card = findComponent(s.root, a) as Component;
    expect(inView(viewOf(s, "red", ctx), a)).toBe(card);
    for (const viewer of ["blue", SPECTATOR]) {
      const shown = inView(viewOf(s, viewer, ctx), a);
      expect(shown).toEqual({
        id: a,
        name: "card",
        type: "card",
        // Not drawn at all: not even which deck it came from.
        options: { facedown: true },
        children: {},
        parent: "area-red",
        childData: { positionName: "hand", childPos: null },
        placeholder: "hidden",
      });
    }
    expect(inView(viewOf(s, FULL_VIEW, ctx), a)).toBe(card);
  });

  it("draws a card as its back where the rules show only backs, and a deck as a pile of backs", () => {
    const { s, b } = dealt();
    expect(inView(viewOf(s, "blue", ctx), b)).toMatchObject({
      placeholder: "back",
      options: { facedown: true },
    });
    expect(inView(viewOf(s, "blue", ctx), b).options.cardId).toBeUndefined();
    for (const id of pileIds(s, "deck", "deck")) {
      const shown = inView(viewOf(s, "red", ctx), id);
      expect(shown.placeholder).toBe("back");
      expect(Object.keys(shown.options).sort()).toEqual(["deckName", "facedown"]);
    }
    // The order of the pile stays (its length and places are public), its contents do not.
    expect(pileIds(viewOf(s, "red", ctx), "deck", "deck")).toEqual(pileIds(s, "deck", "deck"));
  });

  it("never carries the random state", () => {
    const { s } = dealt();
    for (const viewer of ["red", "blue", SPECTATOR, FULL_VIEW])
      expect(viewOf(s, viewer, ctx).rng).toBe(HIDDEN_RNG);
    expect(s.rng).not.toEqual(HIDDEN_RNG);
  });

  it("hides what lies in a position the state hides (isPosVisible), also from the owner", () => {
    const { s: dealtS, a } = dealt();
    const s = mustApply(dealtS, {
      type: "set gamestate",
      state: { name: "blind", activePlayer: "red", isPosVisible: { "area-red": { hand: false } } },
    }).situation;
    expect(inView(viewOf(s, "red", ctx), a).placeholder).toBe("hidden");
    expect(isPlaceholder(inView(viewOf(s, FULL_VIEW, ctx), a))).toBe(false);
  });

  it("keeps what the rule module declares secret: backs, hidden pieces, globals", () => {
    const { s: dealtS, b } = dealt();
    const s = mustApply(dealtS, { type: "set global", name: "plan", value: "attack" }).situation;
    const module = resolveModule({
      secrets: (_s, seat) => (seat === "red" ? {} : { back: ["m1"], hidden: [b], globals: ["plan"] }),
    });
    const blue = viewOf(s, "blue", ctx, module);
    expect(inView(blue, "m1")).toMatchObject({ placeholder: "back", name: "meeple" });
    expect(inView(blue, b).placeholder).toBe("hidden");
    expect(blue.globals).toEqual({});
    expect(viewOf(s, "red", ctx, module).globals).toEqual({ plan: "attack" });
  });

  it("hides every card when the secrets hook throws, rather than showing what it meant to hide", () => {
    const { s, b } = dealt();
    const module = resolveModule({
      secrets: () => {
        throw new Error("bug");
      },
    });
    expect(inView(viewOf(s, "red", ctx, module), b).placeholder).toBe("back");
    expect(inView(viewOf(s, "red", ctx, module), "m1").placeholder).toBeUndefined();
  });

  it("shares every unchanged part with the situation and with the view before a move", () => {
    const { s } = dealt();
    const before = viewOf(s, "blue", ctx);
    expect(before.root.children.meeples).toBe(s.root.children.meeples);
    const next = mustApply(s, {
      type: "component move",
      componentId: "m1",
      destinationId: "table",
      positionName: "pile",
    }).situation;
    const after = viewOf(next, "blue", ctx);
    expect(after.root.children.players).toBe(before.root.children.players);
    expect(viewOf(next, "blue", ctx)).toBe(after);
  });

  it("a card shown to one player is a face to that player only", () => {
    const s0 = testSituation();
    const top = deckTop(s0);
    const s = mustApply(s0, { type: "component reveal", componentId: top, forPlayers: ["blue"] }).situation;
    expect(inView(viewOf(s, "blue", ctx), top).options.cardId).toBeDefined();
    expect(inView(viewOf(s, "red", ctx), top).placeholder).toBe("back");
  });
});
