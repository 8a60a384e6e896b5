import { describe, expect, it } from "vitest";
import { counterButton } from "../module/default.js";
import { resolveModule } from "../module/resolve.js";
import type { Move } from "../moves/index.js";
import type { Situation } from "../situation.js";
import {
  component,
  deckTop,
  deepFreeze,
  mustApply,
  pileIds,
  TEST_PIECES,
  testSituation,
} from "../test/fixture.js";
import type { Action, Turn } from "./actions.js";
import { evaluateTurn } from "./evaluate.js";

const plain = resolveModule({});
const project = { pieces: TEST_PIECES };

function turn(seat: string, actions: Action[], extra: Partial<Turn> = {}): Turn {
  return { seat, timestamp: 1000, turnUID: "t1", actions, ...extra };
}

function withActive(activePlayer: string | string[], s: Situation = testSituation()): Situation {
  return mustApply(s, { type: "set gamestate", state: { name: "play", activePlayer } }).situation;
}

const place: Action[] = [
  { kind: "click component", componentId: "m1" },
  { kind: "click position", destinationId: "area-red", positionName: "tableau" },
];

describe("evaluateTurn: permissions", () => {
  it("lets the active player move and refuses the others with the spec's message", () => {
    const s = testSituation();
    expect(evaluateTurn(s, turn("red", place), plain, project).ok).toBe(true);
    expect(evaluateTurn(s, turn("blue", place), plain, project)).toMatchObject({
      ok: false,
      code: "turn/not-your-turn",
      message: "You cannot play now: Wait for your turn",
    });
    expect(evaluateTurn(s, turn("spectator", place), plain, project).ok).toBe(false);
    expect(evaluateTurn(s, turn("alwaysactive", place), plain, project).ok).toBe(true);
  });

  it("handles everyone, rival, lists of colours and automa players", () => {
    expect(evaluateTurn(withActive("everyone"), turn("blue", place), plain, project).ok).toBe(true);
    expect(evaluateTurn(withActive(["red", "blue"]), turn("blue", place), plain, project).ok).toBe(true);
    const rival = mustApply(testSituation(), {
      type: "add substate",
      state: { name: "react", activePlayer: "rival" },
    }).situation;
    expect(evaluateTurn(rival, turn("blue", place), plain, project).ok).toBe(true);
    expect(evaluateTurn(rival, turn("red", place), plain, project).ok).toBe(false);
    const automa = mustApply(withActive("blue"), {
      type: "set player attr",
      player: "blue",
      attr: "isAutoma",
      value: true,
    }).situation;
    expect(evaluateTurn(automa, turn("red", place), plain, project).ok).toBe(true);
  });

  it("only plays midgame tables", () => {
    const ended = mustApply(testSituation(), { type: "game end" }).situation;
    for (const refused of [
      evaluateTurn(ended, turn("red", place), plain, project),
      evaluateTurn(testSituation(), turn("red", place, { status: "open" }), plain, project),
    ]) {
      expect(refused).toMatchObject({ ok: false, message: "You can only do moves in midgame tables." });
    }
  });

  it("joins the module's move-prevent reasons with semicolons, a single one alone", () => {
    const one = resolveModule({ movePreventReasons: () => ["Pay first"] });
    const two = resolveModule({ movePreventReasons: () => ["Pay first", "Draw first"] });
    expect(evaluateTurn(testSituation(), turn("red", place), one, project)).toMatchObject({
      message: "Cannot make move: Pay first",
    });
    expect(evaluateTurn(testSituation(), turn("red", place), two, project)).toMatchObject({
      message: "Cannot make move: Pay first; Draw first",
    });
  });

  it("lets edit mode act out of turn but not spectators", () => {
    expect(evaluateTurn(testSituation(), turn("blue", place, { editMode: true }), plain, project).ok).toBe(
      true,
    );
    expect(
      evaluateTurn(testSituation(), turn("spectator", place, { editMode: true }), plain, project).ok,
    ).toBe(false);
  });
});

describe("evaluateTurn: the default module", () => {
  it("selects then places, stamping moves with the turn's seat and time, without mutating", () => {
    const s = deepFreeze(testSituation());
    const before = JSON.stringify(s);
    const result = evaluateTurn(s, turn("red", place), plain, project);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.moves).toEqual([
      {
        type: "component move",
        componentId: "m1",
        destinationId: "area-red",
        positionName: "tableau",
        sourcePlayer: "red",
        timestamp: 1000,
      },
    ]);
    expect(pileIds(result.value.situation, "area-red", "tableau")).toEqual(["m1"]);
    expect(result.value.log[0]?.event.timestamp).toBe(1000);
    expect(JSON.stringify(s)).toBe(before);
  });

  it("checks what a position accepts", () => {
    const result = evaluateTurn(
      testSituation(),
      turn("red", [
        { kind: "click component", componentId: "coin1" },
        { kind: "click position", destinationId: "table", positionName: "meeples" },
      ]),
      plain,
      project,
    );
    expect(result).toMatchObject({
      ok: false,
      code: "turn/prevented",
      message: "Cannot make move: coin cannot be placed there.",
    });
  });

  it("deals the top card of an opened deck face up where the player clicks", () => {
    const s = testSituation();
    const top = deckTop(s);
    const result = evaluateTurn(
      s,
      turn("red", [
        { kind: "open deck", deckId: "deck" },
        { kind: "click position", destinationId: "table", positionName: "pile" },
      ]),
      plain,
      project,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.value.moves.map((m) => m.type)).toEqual(["component move", "component reveal"]);
    expect(component(result.value.situation, top).options.facedown).toBe(false);
  });

  it("refuses to open something that is not a deck", () => {
    const result = evaluateTurn(
      testSituation(),
      turn("red", [{ kind: "open deck", deckId: "m1" }]),
      plain,
      project,
    );
    expect(result).toMatchObject({ ok: false, code: "turn/invalid-action" });
  });

  it("returns a held card to its deck and a held coin to its bank", () => {
    const s = testSituation();
    const top = deckTop(s);
    const drawn = mustApply(s, {
      type: "component move",
      componentId: top,
      destinationId: "table",
      positionName: "pile",
    }).situation;
    const back = evaluateTurn(
      drawn,
      turn("red", [
        { kind: "click component", componentId: top },
        { kind: "click component", componentId: "deck" },
      ]),
      plain,
      project,
    );
    expect(back.ok && back.value.moves[0]?.type).toBe("return to top");
    const coin = evaluateTurn(
      mustApply(s, {
        type: "component move",
        componentId: "coin1",
        destinationId: "table",
        positionName: "pile",
      }).situation,
      turn("red", [
        { kind: "click component", componentId: "coin1" },
        { kind: "click component", componentId: "bank" },
      ]),
      plain,
      project,
    );
    expect(coin.ok && coin.value.moves[0]?.type).toBe("move to bank");
  });

  it("takes from a bank and creates a component when the bank is empty", () => {
    let s = testSituation();
    const take: Action[] = [
      { kind: "click component", componentId: "bank" },
      { kind: "click position", destinationId: "table", positionName: "pile" },
    ];
    for (let i = 0; i < 3; i++) {
      const result = evaluateTurn(s, turn("red", take), plain, project);
      if (!result.ok) throw new Error(result.message);
      s = result.value.situation;
    }
    expect(pileIds(s, "table", "pile")).toEqual(["coin2", "coin1", "c1"]);
  });

  it("ignores components that are not selectable and deselects on a second click", () => {
    const ignored = evaluateTurn(
      testSituation(),
      turn("red", [{ kind: "click component", componentId: "die" }]),
      plain,
      project,
    );
    expect(ignored.ok && ignored.value.selected).toBe(null);
    const twice = evaluateTurn(
      testSituation(),
      turn("red", [
        { kind: "click component", componentId: "m1" },
        { kind: "click component", componentId: "m1" },
        place[1] as Action,
      ]),
      plain,
      project,
    );
    expect(twice).toMatchObject({ ok: false, code: "turn/no-selection" });
  });

  it("changes counters with counter buttons", () => {
    const result = evaluateTurn(
      testSituation(),
      turn("red", [{ kind: "press button", componentId: "area-blue", button: counterButton("vp", 10) }]),
      plain,
      project,
    );
    expect(result.ok && result.value.situation.players[1]?.counters[1]?.value).toBe(10);
  });

  it("allows edit-only state buttons only in edit mode", () => {
    const s = mustApply(testSituation(), {
      type: "set gamestate",
      state: { name: "play", activePlayer: "red", editModeButtons: [{ name: "fix", text: "Fix" }] },
    }).situation;
    const press: Action[] = [{ kind: "press state button", button: "fix" }];
    expect(evaluateTurn(s, turn("red", press), plain, project)).toMatchObject({
      message: "This button can only be used in edit mode.",
    });
    expect(evaluateTurn(s, turn("red", press, { editMode: true }), plain, project).ok).toBe(true);
  });

  it("applies raw moves in edit mode only, parsed at the boundary", () => {
    const raw: Action[] = [{ kind: "raw move", move: { type: "set global", name: "x", value: 1 } }];
    expect(evaluateTurn(testSituation(), turn("red", raw), plain, project)).toMatchObject({
      code: "turn/raw-move-outside-edit-mode",
    });
    const done = evaluateTurn(testSituation(), turn("red", raw, { editMode: true }), plain, project);
    expect(done.ok && done.value.moves[0]).toMatchObject({ editMode: true, type: "set global" });
    const bad = evaluateTurn(
      testSituation(),
      turn("red", [{ kind: "raw move", move: { type: "nope" } }], { editMode: true }),
      plain,
      project,
    );
    expect(bad).toMatchObject({ ok: false, code: "move/invalid" });
  });
});

describe("evaluateTurn: rule automation", () => {
  it("runs follow-up moves of game events, depth first, but not in edit mode", () => {
    const module = resolveModule({
      gameEvent: (_s, move): Move[] =>
        move.type === "component move"
          ? [{ type: "inc counter", player: "red", counter: "vp", amount: 1 }]
          : [],
    });
    const played = evaluateTurn(testSituation(), turn("red", place), module, project);
    expect(played.ok && played.value.moves.map((m) => m.type)).toEqual(["component move", "inc counter"]);
    const edited = evaluateTurn(testSituation(), turn("red", place, { editMode: true }), module, project);
    expect(edited.ok && edited.value.moves).toHaveLength(1);
    // A move that asks for evaluation with forceEvaluate is answered by the rules even in edit mode.
    const forced = {
      type: "component move",
      componentId: "m1",
      destinationId: "area-red",
      positionName: "tableau",
      forceEvaluate: true,
    };
    const asked = evaluateTurn(
      testSituation(),
      turn("red", [{ kind: "raw move", move: forced }], { editMode: true }),
      module,
      project,
    );
    expect(asked.ok && asked.value.moves.map((m) => m.type)).toEqual(["component move", "inc counter"]);
  });

  it("stops an endless rule at the move limit, and refuses hooks adding too many moves", () => {
    const endless = resolveModule({ gameEvent: (): Move[] => [{ type: "set global", name: "n", value: 1 }] });
    expect(evaluateTurn(testSituation(), turn("red", place), endless, project)).toMatchObject({
      message: "Maximum number of game moves exceeded - possible infinite loop",
    });
    const flood = resolveModule({
      gameEvent: (_s, m): Move[] =>
        m.type === "component move"
          ? Array.from({ length: 1001 }, () => ({ type: "custom", name: "x" }))
          : [],
    });
    expect(evaluateTurn(testSituation(), turn("red", place), flood, project)).toMatchObject({
      message: "Too many moves added.",
    });
  });

  it("auto-evaluates while the active state asks for it", () => {
    const auto = withActive("red");
    const s = mustApply(auto, {
      type: "set gamestate",
      state: { name: "auto", activePlayer: "red", autoEvalState: true },
    }).situation;
    const module = resolveModule({
      autoEvaluate: (sit): Move[] =>
        (sit.globals.n ?? 0) === 3
          ? [{ type: "set gamestate", state: { name: "done", activePlayer: "blue" } }]
          : [{ type: "set global", name: "n", value: ((sit.globals.n as number | undefined) ?? 0) + 1 }],
    });
    const result = evaluateTurn(s, turn("red", place), module, project);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.situation.globals.n).toBe(3);
    expect(result.value.situation.gameState.current.name).toBe("done");
  });

  it("is all or nothing", () => {
    const s = testSituation();
    const result = evaluateTurn(
      s,
      turn("red", [...place, { kind: "raw move", move: { type: "game end" } }]),
      plain,
      project,
    );
    expect(result.ok).toBe(false);
    expect(component(s, "m1").parent).toBe("table");
  });
});

describe("evaluateTurn: clickable areas", () => {
  it("tells the module which named area of a component was clicked", () => {
    const seen: (string | undefined)[] = [];
    const module = resolveModule({
      clickComponent: (_s, click) => {
        seen.push(click.area);
        return { kind: "nothing" };
      },
    });
    const s = testSituation();
    evaluateTurn(
      s,
      turn("red", [{ kind: "click component", componentId: "m1", area: "top-half" }]),
      module,
      project,
    );
    evaluateTurn(s, turn("red", [{ kind: "click component", componentId: "m1" }]), module, project);
    expect(seen).toEqual(["top-half", undefined]);
  });
});
