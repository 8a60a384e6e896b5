import { describe, expect, it } from "vitest";
import {
  ALERTS,
  clientStatus,
  endMessage,
  moveBlock,
  noInstructions,
  refusalAlert,
  statusMessage,
} from "./statusBar";

describe("status bar", () => {
  it("orders the states", () => {
    const base = { connected: true, outOfSync: false, pending: false, evaluating: false };
    expect(clientStatus(base)).toBe("waitUserInput");
    expect(clientStatus({ ...base, evaluating: true })).toBe("waitingEvaluate");
    expect(clientStatus({ ...base, pending: true, evaluating: true })).toBe("waitingResponse");
    expect(clientStatus({ ...base, pending: true, connected: false })).toBe("disconnected");
    expect(clientStatus({ ...base, connected: false, outOfSync: true })).toBe("outOfSync");
  });

  it("has the spec's messages", () => {
    expect(statusMessage("disconnected", "x")).toBe("Disconnected, trying to reconnect...");
    expect(statusMessage("waitingResponse", "x")).toBe("Move recorded, please wait...");
    expect(statusMessage("waitingEvaluate", "x")).toBe("Updating game situation, please wait...");
    expect(statusMessage("waitUserInput", "White to move.")).toBe("White to move.");
    expect(noInstructions("red", "red")).toBe("No instructions. your turn");
    expect(noInstructions(["blue", "green"], "red")).toBe("No instructions. blue, green's turn");
  });

  it("blocks moves with the right alerts", () => {
    expect(moveBlock("outOfSync", false)).toBe(ALERTS.outOfSync);
    expect(moveBlock("waitingResponse", true)).toBe(ALERTS.tooFast);
    expect(moveBlock("waitingEvaluate", false)).toBe(ALERTS.busy);
    expect(moveBlock("waitingEvaluate", true)).toBeNull();
    expect(moveBlock("waitUserInput", false)).toBeNull();
    expect(moveBlock("disconnected", true)).toBe(ALERTS.busy);
    expect(ALERTS.busy.color).toBe("pink");
    expect(refusalAlert("SCRIPT ERROR: boom").color).toBe("blue");
    expect(refusalAlert("You cannot play now: Wait for your turn").color).toBe("red");
  });
});

describe("endMessage", () => {
  it("says the game ended, with the winners and scores the game's result names", () => {
    expect(endMessage({})).toBe("The game has ended.");
    expect(endMessage({ result: { winners: ["red"], scores: { red: 9, blue: 4 } } })).toBe(
      "The game has ended. Winner: red. Scores: red 9, blue 4.",
    );
    expect(endMessage({ result: { winners: ["red", "blue"], scores: {} } })).toBe(
      "The game has ended. Winners: red, blue.",
    );
    expect(endMessage({ result: { result: "1-0", winner: "blue" } })).toBe(
      "The game has ended. Winner: blue. (1-0)",
    );
    expect(endMessage({ result: { result: "1/2-1/2", winner: null } })).toBe(
      "The game has ended. Draw. (1/2-1/2)",
    );
  });
});
