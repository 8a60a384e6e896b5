import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

const withButtons = () =>
  mustApply(testSituation(), {
    type: "set gamestate",
    state: {
      name: "play",
      activePlayer: "red",
      buttons: [
        { name: "pass", text: "Pass" },
        { name: "off", text: "Off", disabled: true },
      ],
      editModeButtons: [{ name: "fix", text: "Fix" }],
    },
  }).situation;

describe("press state button", () => {
  it("accepts a button of the active state", () => {
    expect(mustApply(withButtons(), { type: "press state button", button: "pass" }).log[0]?.message).toBe(
      "pressed Pass",
    );
  });

  it("accepts edit-only buttons only in edit mode", () => {
    expectRefusal(
      applyMove(withButtons(), { type: "press state button", button: "fix" }),
      "move/edit-mode-only",
      "This button can only be used in edit mode.",
    );
    expect(applyMove(withButtons(), { type: "press state button", button: "fix", editMode: true }).ok).toBe(
      true,
    );
  });

  it("refuses unknown and disabled buttons", () => {
    expectRefusal(
      applyMove(withButtons(), { type: "press state button", button: "nope" }),
      "move/unknown-button",
    );
    expectRefusal(
      applyMove(withButtons(), { type: "press state button", button: "off" }),
      "move/button-disabled",
    );
  });
});
