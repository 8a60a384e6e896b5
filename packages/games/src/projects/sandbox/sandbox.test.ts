import {
  activeState,
  childrenAt,
  findComponent,
  type JsonObject,
  type Situation,
  visibilityFor,
  walk,
} from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../../registry";
import { playTable } from "../../testing/driver";
import { sandbox } from "./index";

const COLORS = ["red", "blue", "green", "yellow", "cyan", "orange"];

/**
 * What is on the table, piece by piece (not by id: pieces get new ids when they leave someone's
 * sight or are shuffled, see the engine's view/reissue.ts).
 */
function ids(s: Situation): string[] {
  const out: string[] = [];
  walk(s.root, (c) => out.push(`${c.type}/${c.name}/${c.options.cardId ?? ""}`));
  return out.sort();
}
const pile = (s: Situation, id: string, position: string) =>
  childrenAt(findComponent(s.root, id) ?? s.root, position).map((c) => c.id);

describe("sandbox", () => {
  it("sets up for every player count and option set", () => {
    const optionSets: JsonObject[] = [
      {},
      { deck: false, tokens: false, dice: "1" },
      { handSize: "7", tokensEach: "20", dice: "6", startCoins: "10" },
      { handSize: "5", tokensEach: "5", dice: "3" },
    ];
    for (let n = sandbox.content.players.min; n <= sandbox.content.players.max; n++) {
      for (const options of optionSets) {
        const s = playTable(sandbox, { players: COLORS.slice(0, n), options }).situation;
        expect(s.players).toHaveLength(n);
        expect(activeState(s).activePlayer).toBe("everyone");
        const hand = Number(options.handSize ?? 0);
        for (const p of s.players) expect(pile(s, p.area, "hand")).toHaveLength(hand);
        const cards = options.deck === false ? 0 : 42;
        let counted = 0;
        walk(s.root, (c) => {
          if (c.type === "card") counted++;
        });
        expect(counted).toBe(cards);
      }
    }
  });

  it("plays freely in edit mode, rolls dice, counts and ends", () => {
    const t = playTable(sandbox, { players: ["red", "blue"], options: { handSize: "5" } });
    const before = ids(t.situation);
    t.play(
      "blue",
      [
        { kind: "open deck", deckId: "deck" },
        { kind: "click position", destinationId: "table", positionName: "play" },
      ],
      { editMode: true },
    )
      .play(
        "red",
        [
          { kind: "click component", componentId: "bank-green" },
          { kind: "click position", destinationId: "area-red", positionName: "tokens" },
        ],
        { editMode: true },
      )
      .expect((s) => {
        expect(pile(s, "table", "play")).toHaveLength(1);
        expect(pile(s, "area-red", "tokens")).toEqual(["token-green-10"]);
      })
      // Any player may touch anything, even another seat's pieces.
      .play(
        "blue",
        [
          { kind: "click component", componentId: "token-green-10" },
          { kind: "click position", destinationId: "area-blue", positionName: "tokens" },
        ],
        { editMode: true },
      )
      .play("red", [{ kind: "press state button", button: "roll" }], { editMode: true })
      .expect((s) => {
        for (const id of ["die-1", "die-2"]) {
          const face = findComponent(s.root, id)?.variables?.face;
          expect(face).toBeGreaterThanOrEqual(1);
          expect(face).toBeLessThanOrEqual(6);
        }
      })
      .play("red", [{ kind: "press button", componentId: "die-1", button: "roll" }])
      .play("blue", [{ kind: "press button", componentId: "area-blue", button: "counter:points:1" }], {
        editMode: true,
      })
      .play("blue", [{ kind: "press button", componentId: "area-blue", button: "counter:coins:-1" }])
      .expect((s) => {
        expect(s.players[1]?.counters.map((c) => c.value)).toEqual([1, -1]);
      })
      .play("red", [{ kind: "press state button", button: "shuffle" }])
      .expect((s) => expect(s.containers.deck?.componentAmt).toBe(31))
      .refused(
        "spectator",
        [{ kind: "press state button", button: "roll" }],
        "You cannot play now: Wait for your turn",
      )
      .refused(
        "red",
        [{ kind: "press state button", button: "end" }],
        "This button can only be used in edit mode.",
      )
      .play("red", [{ kind: "press state button", button: "end" }], { editMode: true })
      .expect((s) => {
        expect(s.ended).toBe(true);
        expect(s.players[1]?.stats).toEqual({ points: 1, coins: -1 });
      });
    expect(ids(t.situation)).toEqual(before);
  });

  it("shows hands as card backs to the others, and tableaus to everyone", () => {
    const t = playTable(sandbox, { players: ["red", "blue"], options: { handSize: "5" } });
    const [a, b] = pile(t.situation, "area-blue", "hand") as [string, string];
    t.play(
      "blue",
      [
        { kind: "click component", componentId: b },
        { kind: "click position", destinationId: "area-blue", positionName: "tableau" },
      ],
      { editMode: true },
    ).expect((s) => {
      const pieces = piecesOf(sandbox.content.components);
      expect(visibilityFor(s, pieces, a, "blue", false)).toBe("face");
      expect(visibilityFor(s, pieces, a, "red", false)).toBe("back");
      expect(visibilityFor(s, pieces, b, "red", false)).toBe("face");
    });
  });

  it("refuses shuffling without a deck", () => {
    playTable(sandbox, { players: ["red"], options: { deck: false } }).refused(
      "red",
      [{ kind: "press state button", button: "shuffle" }],
      "Cannot make move: There is no deck.",
    );
  });

  it("is deterministic", () => {
    const run = () =>
      playTable(sandbox, { players: ["red", "blue"], options: { handSize: "5" }, seed: 7 })
        .play("red", [{ kind: "press state button", button: "roll" }])
        .play("blue", [{ kind: "press state button", button: "shuffle" }]).situation;
    expect(run()).toEqual(run());
  });
});
