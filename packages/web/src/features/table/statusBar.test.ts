import { describe, expect, it } from "vitest";
import {
  ALERT_HIDE_MS,
  ALERTS,
  bannerOf,
  chatToSend,
  clientStatus,
  ERROR_TOAST_MS,
  endMessage,
  moveBlock,
  noInstructions,
  popupAlert,
  refusalAlert,
  statusMessage,
  systemError,
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
    // Coloured by the refusal's code, never by its wording.
    expect(refusalAlert("SCRIPT ERROR: boom", "turn/script-error").color).toBe("blue");
    expect(refusalAlert("System error: the database is away", "table/system-error").color).toBe("blue");
    expect(refusalAlert("You cannot play now: Wait for your turn", "turn/not-your-turn").color).toBe("red");
    expect(refusalAlert("SCRIPT ERROR in a rule's own message", "turn/prevented").color).toBe("red");
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

  it("names the seated players with their colour, not the colours alone", () => {
    const seats = [
      { color: "red", userInfo: { username: "ann", badges: [] }, nonuser: false },
      { color: "blue", userInfo: null, nonuser: false, bot: "Bot (Random)" },
      { color: "green", userInfo: null, nonuser: true },
    ];
    expect(endMessage({ result: { winners: ["red"], scores: { red: 9, blue: 4, green: 2 } } }, seats)).toBe(
      "The game has ended. Winner: ann (red). Scores: ann (red) 9, Bot (Random) (blue) 4, Dummy-green (green) 2.",
    );
    expect(endMessage({ result: { winners: ["blue", "red"] } }, seats)).toBe(
      "The game has ended. Winners: Bot (Random) (blue), ann (red).",
    );
  });
});

describe("the global message banner", () => {
  it("shows a text global with the default colours, or the rules' own colours", () => {
    expect(bannerOf({})).toBeNull();
    expect(bannerOf({ globalMessage: "  " })).toBeNull();
    expect(bannerOf({ globalMessage: "Final round!" })).toMatchObject({ text: "Final round!" });
    expect(bannerOf({ globalMessage: { text: "Storm", background: "#123456", color: "white" } })).toEqual({
      text: "Storm",
      background: "#123456",
      color: "white",
    });
  });

  it("never passes a value that is not a colour on as CSS", () => {
    const banner = bannerOf({
      globalMessage: { text: "x", background: "red; background-image: url(evil)", color: "rgb(1,2,3)" },
    });
    expect(banner?.background).toBe("#fff3cd");
    expect(banner?.color).toBe("rgb(1,2,3)");
  });
});

describe("out of sync, errors and the chat", () => {
  it("tells a first try out of sync to reload, and every later one that no more moves can be done", () => {
    expect(moveBlock("outOfSync", false, 0)?.text).toBe(
      "You cannot do turns when out of sync. Please, Try to reload the page.",
    );
    expect(moveBlock("outOfSync", false, 1)?.text).toBe(
      "You cannot do more moves when out of sync. Please, refresh.",
    );
    expect(moveBlock("outOfSync", true, 5)).toBe(ALERTS.outOfSyncAgain);
    expect(ALERTS.outOfSync.color).toBe("pink");
    // Updating the game situation: no input, in or out of edit mode the rules' turn waits.
    expect(moveBlock("waitingEvaluate", false, 3)).toBe(ALERTS.busy);
  });

  it("keeps errors up for the 5 s error toast, other alerts for the popup's 3 s", () => {
    expect(ERROR_TOAST_MS).toBe(5000);
    expect(ALERT_HIDE_MS).toBe(3000);
    expect(refusalAlert("You cannot play now: Wait for your turn", "turn/not-your-turn").hideMs).toBe(5000);
    expect(refusalAlert("SCRIPT ERROR: boom", "turn/script-error").hideMs).toBe(5000);
    expect(systemError("lost").hideMs).toBe(5000);
    expect(ALERTS.tooFast.hideMs).toBe(5000);
    expect(ALERTS.notYourTurn.hideMs).toBe(5000);
    // Notices, not errors: the popup's own time.
    expect(ALERTS.busy).not.toHaveProperty("hideMs");
    expect(ALERTS.outOfSync).not.toHaveProperty("hideMs");
    expect(popupAlert("The dragon wakes")).toEqual({ text: "The dragon wakes", color: "green" });
  });

  it("sends what was typed, and nothing for a blank message", () => {
    expect(chatToSend("gg")).toBe("gg");
    expect(chatToSend(" well played ")).toBe(" well played ");
    expect(chatToSend("")).toBeNull();
    expect(chatToSend("   \t")).toBeNull();
  });
});
