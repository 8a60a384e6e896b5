import { describe, expect, it } from "vitest";
import { activeState } from "../access.js";
import type { Move } from "../moves/index.js";
import { mustApply, TEST_PIECES, testSituation } from "../test/fixture.js";
import { evaluateTurn } from "../turn/evaluate.js";
import { resolveModule } from "./resolve.js";
import { enterState, enterSubstate } from "./states.js";

const game = resolveModule({
  gameStates: {
    bid: { message: "Bid or pass", buttons: [{ name: "pass", text: "Pass" }] },
    react: { message: "React?" },
  },
});

describe("game states with state buttons", () => {
  it("enters a defined state with its message and buttons", () => {
    const s = mustApply(testSituation(), enterState(game, "bid", "red")).situation;
    expect(activeState(s)).toMatchObject({
      name: "bid",
      message: "Bid or pass",
      buttons: [{ name: "pass", text: "Pass" }],
    });
    const sub = mustApply(s, enterSubstate(game, "react", "rival", { autoEvalState: false })).situation;
    expect(activeState(sub)).toMatchObject({ name: "react", message: "React?", activePlayer: "rival" });
  });

  it("answers a state button through the module's game-event evaluation", () => {
    const module = resolveModule({
      ...game,
      gameEvent: (_s, move): Move[] =>
        move.type === "press state button" && move.button === "pass" ? [enterState(game, "bid", "blue")] : [],
    });
    const s = mustApply(testSituation(), enterState(game, "bid", "red")).situation;
    const result = evaluateTurn(
      s,
      { seat: "red", timestamp: 1, turnUID: "u", actions: [{ kind: "press state button", button: "pass" }] },
      module,
      {
        pieces: TEST_PIECES,
      },
    );
    expect(result.ok && activeState(result.value.situation).activePlayer).toBe("blue");
  });

  it("answers edit-only state buttons in edit mode", () => {
    const module = resolveModule({
      gameEvent: (_s, move): Move[] =>
        move.type === "press state button" ? [{ type: "set global", name: "fixed", value: true }] : [],
    });
    const s = mustApply(testSituation(), {
      type: "set gamestate",
      state: { name: "x", activePlayer: "red", editModeButtons: [{ name: "fix", text: "Fix" }] },
    }).situation;
    const turn = {
      seat: "blue",
      timestamp: 1,
      turnUID: "u",
      editMode: true,
      actions: [{ kind: "press state button" as const, button: "fix" }],
    };
    const result = evaluateTurn(s, turn, module);
    expect(result.ok && result.value.situation.globals.fixed).toBe(true);
  });

  it("runs delayed evaluation, also outside midgame", () => {
    const module = resolveModule({
      delayedEvaluate: (): Move[] => [{ type: "set global", name: "timer", value: 0 }],
    });
    const result = evaluateTurn(
      testSituation(),
      { seat: "red", timestamp: 1, turnUID: "u", status: "open", actions: [{ kind: "delayed eval" }] },
      module,
    );
    expect(result.ok && result.value.situation.globals.timer).toBe(0);
  });
});
