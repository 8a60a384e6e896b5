import { describe, expect, it } from "vitest";
import { defaultModule } from "../module/default.js";
import { recordTurn } from "../table/record.js";
import { component, deckTop, mustApply, pileIds, TEST_PIECES, testSituation } from "../test/fixture.js";
import { findComponent } from "../tree.js";
import { applyRenames, sealStart } from "./reissue.js";

const ctx = { pieces: TEST_PIECES, options: {} };
const turn = (seat: string, move: unknown) => ({
  seat,
  timestamp: 1,
  turnUID: "t",
  editMode: true,
  actions: [{ kind: "raw move" as const, move }],
});

describe("ids that cannot be followed", () => {
  it("numbers the pieces someone cannot see at the start in tree order, whatever the set-up did", () => {
    let s = testSituation();
    // A set-up that hides a chosen card at a chosen depth: its id would stand out in the pile.
    const chosen = pileIds(s, "deck", "deck")[4] as string;
    s = mustApply(s, {
      type: "component move",
      componentId: chosen,
      destinationId: "deck",
      positionName: "deck",
      multiPositionIndex: 1,
    }).situation;
    const sealed = sealStart(s, ctx);
    const pile = pileIds(sealed, "deck", "deck");
    const first = sealed.createCounter - pile.length;
    expect(pile).toEqual(pile.map((_, i) => `c${first + i}`));
    expect(component(sealed, pile[1] as string).options.cardId).toBe(component(s, chosen).options.cardId);
    // Pieces everyone sees keep their ids.
    expect(findComponent(sealed.root, "m1")).toBeDefined();
  });

  it("gives a card a new id when it leaves a player's sight, and when it is shuffled", () => {
    const s0 = testSituation();
    const top = deckTop(s0);
    // Face up on the shared pile: everyone sees it. Nothing to re-issue.
    const shown = recordTurn(
      s0,
      0,
      turn("red", { type: "component move", componentId: top, destinationId: "table", positionName: "pile" }),
      defaultModule,
      ctx,
    );
    const open = shown.ok ? shown.value : expect.unreachable();
    const faceUp = recordTurn(
      open.outcome.situation,
      1,
      turn("red", { type: "component reveal", componentId: top }),
      defaultModule,
      ctx,
    );
    const s1 = faceUp.ok ? faceUp.value.outcome.situation : expect.unreachable();
    expect(faceUp.ok && faceUp.value.event?.renamed).toBeUndefined();
    // Into red's hand: blue and spectators lose sight of it, so it comes back under a new id.
    const hidden = recordTurn(
      s1,
      2,
      turn("red", {
        type: "component move",
        componentId: top,
        destinationId: "area-red",
        positionName: "hand",
      }),
      defaultModule,
      ctx,
    );
    const moved = hidden.ok ? hidden.value : expect.unreachable();
    const [[from, to]] = (moved.event?.renamed ?? [["", ""]]) as [[string, string]];
    expect(from).toBe(top);
    expect(to).toBe(`c${s1.createCounter}`);
    expect(pileIds(moved.outcome.situation, "area-red", "hand")).toEqual([to]);
    expect(findComponent(moved.outcome.situation.root, top)).toBeUndefined();
    // A shuffle re-issues every card of the pile, in the pile's new order.
    const shuffled = recordTurn(
      s0,
      0,
      turn("red", { type: "reshuffle", componentId: "deck" }),
      defaultModule,
      ctx,
    );
    const after = shuffled.ok ? shuffled.value : expect.unreachable();
    const pile = pileIds(after.outcome.situation, "deck", "deck");
    expect(after.event?.renamed?.map(([, next]) => next)).toEqual(pile);
    expect(pile.some((id) => pileIds(s0, "deck", "deck").includes(id))).toBe(false);
  });

  it("carries the new ids everywhere the engine keeps ids", () => {
    let s = testSituation();
    s = mustApply(s, { type: "select component", componentId: "m1", seat: "red" }).situation;
    s = mustApply(s, { type: "set object stat", objectId: "m1", stat: "moved", value: 1 }).situation;
    s = mustApply(s, {
      type: "set gamestate",
      state: {
        name: "x",
        activePlayer: "red",
        isClickable: ["m1", "m2"],
        defaultSelected: "m1",
        componentOverdrive: { m1: { width: 3 } },
      },
    }).situation;
    const renamed = applyRenames(s, [["m1", "c90"]]);
    expect(renamed.selected.red).toBe("c90");
    expect(renamed.objectStats.c90).toEqual({ moved: 1 });
    expect(renamed.gameState.current.isClickable).toEqual(["c90", "m2"]);
    expect(renamed.gameState.current.defaultSelected).toBe("c90");
    expect(renamed.gameState.current.componentOverdrive).toEqual({ c90: { width: 3 } });
    expect(renamed.createCounter).toBe(91);
    expect(findComponent(renamed.root, "c90")?.name).toBe("meeple");
    expect(() => applyRenames(s, [["nope", "c1"]])).toThrow("Cannot rename 'nope'");
  });
});
