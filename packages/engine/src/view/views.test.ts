import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FULL_VIEW, SPECTATOR } from "../constants.js";
import type { Component, Situation } from "../situation.js";
import { fold, tableEventSchema } from "../table/events.js";
import { createTableHolder } from "../table/holder.js";
import { actionsFor, type Choice, seatToPlay, TEST_PROJECT, testGame } from "../test/test-game.js";
import { walk } from "../tree.js";
import { applyViewPatch, type ViewPatch } from "./patch.js";
import { sightOf } from "./sight.js";
import { HIDDEN_RNG } from "./view.js";

const VIEWERS = ["red", "blue", SPECTATOR, FULL_VIEW];
const ctx = { pieces: TEST_PROJECT.pieces, options: {} };
const PLACEHOLDER_OPTIONS = new Set(["deckName", "revImageName", "facedown"]);

const choice = fc.tuple(fc.nat(40), fc.nat(40), fc.nat(40)) as fc.Arbitrary<Choice>;
const step = fc.oneof(
  { weight: 5, arbitrary: choice.map((c) => ({ turn: c })) },
  { weight: 1, arbitrary: fc.constant({ undo: true as const }) },
);

/** Every component of a view by id. */
function byId(view: Situation): Map<string, Component> {
  const out = new Map<string, Component>();
  walk(view.root, (c) => out.set(c.id, c));
  return out;
}

/** Asserts that `view` shows `viewer` exactly what it may see of `full`, and nothing else. */
function expectHonest(full: Situation, view: Situation, viewer: string) {
  expect(view.rng).toEqual(HIDDEN_RNG);
  if (viewer === FULL_VIEW) return;
  const sight = sightOf(full, ctx, testGame);
  const seen = sight.of(viewer);
  const shown = byId(view);
  sight.components.forEach((c, i) => {
    const v = shown.get(c.id) as Component;
    expect(v).toBeDefined();
    if (seen[i] === "face") {
      expect(v.placeholder).toBeUndefined();
      expect({ ...v, children: {} }).toEqual({ ...c, children: {} });
    } else {
      expect(v.placeholder).toBe(seen[i]);
      expect(Object.keys(v.options).every((k) => PLACEHOLDER_OPTIONS.has(k))).toBe(true);
      expect(v.variables).toBeUndefined();
      if (c.type === "card") expect(v.name).toBe("card");
    }
  });
}

describe("views over random play of the test game", () => {
  it("each viewer's patches fold to its view, which holds nothing it may not see and no trackable id", {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(step, { maxLength: 25 }), (seed, steps) => {
        const holder = createTableHolder({
          start: testGame.setup({
            players: [],
            options: {},
            pieces: {},
            root: { name: "x", type: "board" },
            decks: {},
            seed,
          }),
          module: testGame,
          project: TEST_PROJECT,
          snapshotEvery: 4,
        });
        const folded = new Map(VIEWERS.map((v) => [v, holder.view(v)]));
        for (const [i, s] of steps.entries()) {
          const seat = seatToPlay(holder.live);
          if ("undo" in s) {
            if (!holder.undo({ seat, timestamp: i, editMode: i % 2 === 0 }).ok) continue;
          } else {
            const { actions, editMode } = actionsFor(holder.live, s.turn);
            const played = holder.play({ seat, timestamp: i, turnUID: `t${i}`, actions, editMode });
            if (!played.ok || played.value.event === null) continue;
          }
          const seq = holder.events.length - 1;
          for (const viewer of VIEWERS) {
            const before = folded.get(viewer) as Situation;
            const message = JSON.parse(JSON.stringify(holder.viewEvent(viewer, seq, true))) as {
              patch: ViewPatch;
            };
            const after = applyViewPatch(before, message.patch);
            expect(after).toEqual(holder.view(viewer));
            expectHonest(holder.live, after, viewer);
            // A piece whose face this viewer saw and no longer sees is not there under its old id.
            if (viewer !== FULL_VIEW) {
              const now = byId(after);
              walk(before.root, (c) => {
                const later = now.get(c.id);
                if (c.placeholder === undefined && later?.placeholder !== undefined && c.type === "card")
                  expect.fail(`${viewer} can follow card ${c.id} out of sight`);
              });
            }
            folded.set(viewer, after);
          }
        }
        expect(fold(holder.start, holder.events)).toEqual(holder.live);
        for (const event of holder.events)
          expect(tableEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
      }),
      { numRuns: 150 },
    );
  });
});
