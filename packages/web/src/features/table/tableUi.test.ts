import { describe, expect, it } from "vitest";
import { LENS } from "./settings";
import { INITIAL_TABLE_UI, type TableUi, type TableUiAction, tableUi } from "./tableUi";

/** Runs actions from the initial state; the input states are frozen, so a mutation throws. */
function run(...actions: TableUiAction[]): TableUi {
  return actions.reduce((state, action) => tableUi(Object.freeze(state), action), INITIAL_TABLE_UI);
}

const button = { name: "pass", text: "Pass", confirm: "Pass your turn?" };

describe("table UI flags", () => {
  it("starts with the chat and the log open and nothing else", () => {
    expect(INITIAL_TABLE_UI).toMatchObject({
      editMode: false,
      cheatMode: false,
      fullView: false,
      panels: { chat: true, log: true, help: false, settings: false },
      lens: { on: false, scale: LENS.scale },
      tooltip: null,
      inspecting: null,
      confirming: null,
      invite: null,
    });
  });

  it("switches the modes", () => {
    const on = run(
      { type: "edit mode", on: true },
      { type: "cheat mode", on: true },
      { type: "full view", on: true },
    );
    expect(on).toMatchObject({ editMode: true, cheatMode: true, fullView: true });
    expect(tableUi(on, { type: "edit mode", on: false }).editMode).toBe(false);
  });

  it("opens, closes and toggles panels", () => {
    const state = run(
      { type: "toggle panel", panel: "log" },
      { type: "toggle panel", panel: "help" },
      { type: "panel", panel: "settings", open: true },
      { type: "panel", panel: "chat", open: false },
    );
    expect(state.panels).toEqual({ chat: false, log: false, help: true, settings: true });
    expect(tableUi(state, { type: "toggle panel", panel: "help" }).panels.help).toBe(false);
  });

  it("closes the chat after a message only when the setting says so", () => {
    expect(run({ type: "chat sent", closeChat: false }).panels.chat).toBe(true);
    expect(run({ type: "chat sent", closeChat: true }).panels.chat).toBe(false);
  });

  it("shows the lens while held and steps its magnification within range", () => {
    expect(run({ type: "lens", on: true }).lens).toEqual({ on: true, scale: LENS.scale });
    expect(run({ type: "lens", on: true }, { type: "lens", on: false }).lens.on).toBe(false);
    expect(run({ type: "lens scale", direction: 1 }).lens.scale).toBeCloseTo(LENS.scale + LENS.wheelStep);
    const down = Array.from({ length: 100 }, (): TableUiAction => ({ type: "lens scale", direction: -1 }));
    expect(run(...down).lens.scale).toBe(LENS.minScale);
  });

  it("holds the tooltip, the contents dialog, the confirmation and the invite link until cleared", () => {
    const tooltip = { text: "Knight", x: 10, y: 20 };
    const target = { id: "deck", name: "Deck", mayLook: false, nonce: 1 };
    const invite = { color: "red", link: "/projects/p/table/t?playAsColor=red" };
    const shown = run(
      { type: "tooltip", tooltip },
      { type: "inspect", target },
      { type: "confirm", button },
      { type: "invite", invite },
    );
    expect(shown).toMatchObject({ tooltip, inspecting: target, confirming: button, invite });
    const cleared = [
      { type: "tooltip", tooltip: null },
      { type: "inspect", target: null },
      { type: "confirm", button: null },
      { type: "invite", invite: null },
    ] satisfies TableUiAction[];
    expect(cleared.reduce(tableUi, shown)).toEqual(INITIAL_TABLE_UI);
  });

  it("returns the same state when an action changes nothing, so nothing re-renders", () => {
    const same: TableUiAction[] = [
      { type: "edit mode", on: false },
      { type: "panel", panel: "chat", open: true },
      { type: "chat sent", closeChat: false },
      { type: "lens", on: false },
      { type: "tooltip", tooltip: null },
      { type: "inspect", target: null },
      { type: "confirm", button: null },
      { type: "invite", invite: null },
    ];
    for (const action of same) expect(tableUi(INITIAL_TABLE_UI, action)).toBe(INITIAL_TABLE_UI);
    const atMost = run(
      ...Array.from({ length: 100 }, (): TableUiAction => ({ type: "lens scale", direction: 1 })),
    );
    expect(tableUi(atMost, { type: "lens scale", direction: 1 })).toBe(atMost);
  });

  it("leaves its input unchanged", () => {
    const before = structuredClone(INITIAL_TABLE_UI);
    tableUi(INITIAL_TABLE_UI, { type: "toggle panel", panel: "log" });
    tableUi(INITIAL_TABLE_UI, { type: "lens", on: true });
    expect(INITIAL_TABLE_UI).toEqual(before);
  });
});
