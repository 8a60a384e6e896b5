import { describe, expect, it } from "vitest";
import { resolveModule } from "../module/resolve.js";
import { mustApply, TEST_PIECES, testSituation } from "../test/fixture.js";
import type { Action, Turn } from "./actions.js";
import { evaluateTurn } from "./evaluate.js";

// Buttons a seated player may press whoever's turn it is (chess's Resign): the seat check lets a turn
// of such presses through, and nothing else out of turn.

const project = { pieces: TEST_PIECES };
const module = resolveModule({
  pressStateButton: (_s, button, turn) => [
    { type: "press state button", button, logMessage: `${turn.seat} pressed ${button}` },
  ],
});

const turn = (seat: string, actions: Action[]): Turn => ({ seat, timestamp: 1, turnUID: "t", actions });
const press = (button: string): Action => ({ kind: "press state button", button });

/** Red's turn, with a Resign any seat may press and a Pass only the active seat may. */
function redToPlay() {
  return mustApply(testSituation(), {
    type: "set gamestate",
    state: {
      name: "play",
      activePlayer: "red",
      buttons: [
        { name: "resign", text: "Resign", anyTurn: true },
        { name: "pass", text: "Pass" },
      ],
    },
  }).situation;
}

describe("anyTurn state buttons", () => {
  it("let the waiting seat press them out of turn", () => {
    const result = evaluateTurn(redToPlay(), turn("blue", [press("resign")]), module, project);
    expect(result.ok).toBe(true);
  });

  it("keep every other action of the waiting seat refused", () => {
    const s = redToPlay();
    for (const actions of [
      [press("pass")],
      [{ kind: "click component", componentId: "m1" }, press("resign")] as Action[],
    ])
      expect(evaluateTurn(s, turn("blue", actions), module, project)).toMatchObject({
        ok: false,
        code: "turn/not-your-turn",
      });
  });

  it("are not for spectators", () => {
    expect(evaluateTurn(redToPlay(), turn("spectator", [press("resign")]), module, project)).toMatchObject({
      ok: false,
      code: "turn/not-your-turn",
    });
  });
});
