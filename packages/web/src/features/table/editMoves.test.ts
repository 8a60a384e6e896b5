import {
  type Component,
  childrenAt,
  evaluateTurn,
  findComponent,
  type Move,
  type Situation,
} from "@tt/engine";
import { piecesOf, registry } from "@tt/games";
import { describe, expect, it } from "vitest";
import {
  clickTarget,
  componentValues,
  counterMove,
  creatables,
  createMove,
  deleteMove,
  flipMove,
  moveTargets,
  moveToMove,
  playerAttrMove,
  reshuffleMove,
  typedValue,
  valueMove,
  valueStep,
} from "./editMoves";

// The edit tools' moves are checked the way the table uses them: each is sent as a raw move of an
// edit-mode turn and the engine applies it, so a move it would refuse fails here.

const start = (slug: string) =>
  registry.startSituation(slug, {
    players: [{ color: "red" }, { color: "blue" }],
    options: { handSize: "2" },
    seed: 3,
  });
const piecesFor = (slug: string) => piecesOf(registry.game(slug)?.content.components ?? ({} as never));

function edit(slug: string, situation: Situation, move: Move, editMode = true) {
  return evaluateTurn(
    situation,
    { seat: "red", editMode, timestamp: 5, turnUID: "t", actions: [{ kind: "raw move", move }] },
    registry.moduleFor(slug),
    { pieces: piecesFor(slug) },
  );
}

function applied(slug: string, situation: Situation, move: Move) {
  const result = edit(slug, situation, move);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const get = (s: Situation, id: string) => findComponent(s.root, id) as Component;
const hand = (s: Situation, color: string) => childrenAt(get(s, `area-${color}`), "hand");

describe("the edit tools' moves", () => {
  it("flip a card face down and up again, each turn logged as an edit move", () => {
    const s = start("sandbox");
    const card = hand(s, "red")[0] as Component;
    const down = applied("sandbox", s, flipMove(card));
    expect(get(down.situation, card.id).options.facedown).toBe(true);
    expect(down.moves.every((m) => m.editMode === true)).toBe(true);
    expect(down.log).toEqual([
      expect.objectContaining({
        message: "flipped card face down",
        event: expect.objectContaining({ editMode: true }),
      }),
    ]);
    const up = applied("sandbox", down.situation, flipMove(get(down.situation, card.id)));
    expect(get(up.situation, card.id).options.facedown).toBe(false);
  });

  it("are raw moves, which the engine takes only in edit mode", () => {
    const s = start("sandbox");
    const result = edit("sandbox", s, flipMove(hand(s, "red")[0] as Component), false);
    expect(result).toMatchObject({ ok: false, code: "turn/raw-move-outside-edit-mode" });
  });

  it("delete a card to its deck's discard pile and a token back to its bank, and nothing without either", () => {
    const s = start("sandbox");
    const card = hand(s, "red")[0] as Component;
    const discarded = applied("sandbox", s, deleteMove(s, card) as Move).situation;
    expect(childrenAt(get(discarded, "deck"), "discard").map((c) => c.id)).toEqual([card.id]);

    const token = get(s, "token-red-1");
    const out = applied(
      "sandbox",
      s,
      moveToMove(s, token.id, { destinationId: "area-red", positionName: "tokens", label: "" }),
    ).situation;
    expect(deleteMove(s, token)).toBeNull(); // already in its bank
    const back = applied("sandbox", out, deleteMove(out, get(out, token.id)) as Move).situation;
    expect(get(back, token.id).parent).toBe("bank-red");
    expect(deleteMove(s, get(s, "die-1"))).toBeNull();
  });

  it("move a card anywhere, even where the rules allow nothing", () => {
    const s = start("night-market");
    const card = (childrenAt(get(s, "goods-deck"), "deck").at(-1) as Component).id;
    const revealed = applied("night-market", s, {
      type: "component move",
      componentId: card,
      destinationId: "area-blue",
      positionName: "hand",
    }).situation;
    const lanterns = moveTargets(revealed, piecesFor("night-market"), card).find(
      (t) => t.destinationId === "area-red" && t.positionName === "lanterns",
    );
    expect(lanterns?.label).toBe("red area: lanterns");
    const moved = applied("night-market", revealed, moveToMove(revealed, card, lanterns as never));
    expect(get(moved.situation, card).parent).toBe("area-red");
    expect(get(moved.situation, card).childData?.positionName).toBe("lanterns");
    // Outside edit mode the same click is the rules' to refuse.
    const click = evaluateTurn(
      revealed,
      {
        seat: "blue",
        timestamp: 6,
        turnUID: "u",
        actions: [
          { kind: "click component", componentId: card },
          { kind: "click position", destinationId: "area-red", positionName: "lanterns" },
        ],
      },
      registry.moduleFor("night-market"),
      { pieces: piecesFor("night-market") },
    );
    expect(click.ok).toBe(false);
  });

  it("offer every free slot and pile but none on the moving piece, named apart when names repeat", () => {
    const s = start("chess");
    const targets = moveTargets(s, piecesFor("chess"), "white-pawn-e2");
    const squares = targets.filter((t) => t.destinationId === "board" && t.positionName === "squares");
    // 64 squares, 32 of them taken.
    expect(squares).toHaveLength(32);
    expect(squares.map((t) => t.slot)).toContain("e4");
    expect(squares.map((t) => t.slot)).not.toContain("e2");
    const sandbox = start("sandbox");
    const labels = moveTargets(sandbox, piecesFor("sandbox"), "area-red").map((t) => t.label);
    expect(labels.some((l) => l.startsWith("red area"))).toBe(false);
    expect(labels).toEqual(expect.arrayContaining(["blue area: hand", "deck: deck", "red tokens: bank"]));
  });

  it("send a piece put into a deck or a bank the way those take pieces", () => {
    const s = start("sandbox");
    const card = hand(s, "red")[0] as Component;
    expect(moveToMove(s, card.id, { destinationId: "deck", positionName: "deck", label: "" })).toEqual({
      type: "return to top",
      componentId: card.id,
      deckId: "deck",
    });
    const topped = applied(
      "sandbox",
      s,
      moveToMove(s, card.id, { destinationId: "deck", positionName: "deck", label: "" }),
    ).situation;
    expect(get(topped, card.id).options.facedown).toBe(true);
    expect(
      moveToMove(s, "token-red-1", { destinationId: "bank-blue", positionName: "bank", label: "" }),
    ).toEqual({ type: "move to bank", componentId: "token-red-1", bankId: "bank-blue" });
  });

  it("read a board click as the place to put the piece", () => {
    const s = start("sandbox");
    const card = hand(s, "blue")[1] as Component;
    expect(
      clickTarget(s, { kind: "click position", destinationId: "table", positionName: "play" }),
    ).toMatchObject({ destinationId: "table", positionName: "play" });
    // A card clicked: the pile it lies in.
    expect(clickTarget(s, { kind: "click component", componentId: card.id })).toMatchObject({
      destinationId: "area-blue",
      positionName: "hand",
    });
    expect(clickTarget(s, { kind: "click component", componentId: "deck" })).toMatchObject({
      destinationId: "deck",
      positionName: "deck",
    });
    expect(clickTarget(s, { kind: "press state button", button: "roll" })).toBeNull();
  });

  it("create a piece of the pool and a card of a deck, each with a new id", () => {
    const s = start("sandbox");
    const choices = creatables(s, piecesFor("sandbox"));
    const keys = choices.map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(["piece:token-red", "piece:die", "card:generic:sun-3"]));
    expect(keys.some((k) => k.includes("__card-") || k === "piece:root")).toBe(false);
    // Two jokers are one choice.
    expect(keys.filter((k) => k === "card:generic:joker")).toHaveLength(1);
    expect(choices.find((c) => c.key === "piece:die")?.componentType).toBe("var-display");
    const play = { destinationId: "table", positionName: "play", label: "" };
    const token = choices.find((c) => c.key === "piece:token-red");
    const made = applied("sandbox", s, createMove(token as never, play));
    const id = `c${s.createCounter}`;
    expect(get(made.situation, id)).toMatchObject({ name: "token-red", type: "token", parent: "table" });
    expect(made.log[0]?.event.editMode).toBe(true);
    const hearts = choices.find((c) => c.key === "card:generic:sun-3");
    const card = applied("sandbox", made.situation, createMove(hearts as never, play)).situation;
    expect(get(card, `c${s.createCounter + 1}`).options).toMatchObject({
      deckName: "generic",
      cardId: "sun-3",
    });
  });

  it("change a player's counter by an amount and set it", () => {
    const s = start("night-market");
    const plus = applied("night-market", s, counterMove("red", "coins", { by: 1 }));
    expect(plus.situation.players[0]?.counters[0]?.value).toBe(3);
    expect(plus.log[0]).toMatchObject({ message: "gained 1 coins", event: { editMode: true } });
    const set = applied("night-market", plus.situation, counterMove("blue", "oil", { to: 3 }));
    expect(set.situation.players[1]?.counters[1]?.value).toBe(3);
  });

  it("change a component's shown number and variables", () => {
    const s = start("night-market");
    const silk = get(s, "price-silk");
    const values = componentValues(silk);
    expect(values).toEqual([{ source: "option", name: "price", value: 2 }]);
    const up = applied("night-market", s, valueStep(silk, values[0] as never, 1)).situation;
    expect(get(up, "price-silk").options.price).toBe(3);
    const tagged = applied(
      "night-market",
      up,
      valueMove(silk, { source: "variable", name: "note", value: null }, typedValue("fixed by hand")),
    ).situation;
    expect(componentValues(get(tagged, "price-silk"))).toEqual([
      { source: "variable", name: "note", value: "fixed by hand" },
      { source: "option", name: "price", value: 3 },
    ]);
    expect(componentValues(hand(s, "red")[0] as Component)).toEqual([]);
  });

  it("reshuffle a deck only", () => {
    const s = start("sandbox");
    expect(reshuffleMove(get(s, "die-1"))).toBeNull();
    const shuffled = edit("sandbox", s, reshuffleMove(get(s, "deck")) as Move);
    expect(shuffled.ok).toBe(true);
  });

  it("set a player's attribute, with a log line of its own", () => {
    const s = start("sandbox");
    const done = applied("sandbox", s, playerAttrMove("blue", "team", typedValue("2")));
    expect(done.situation.players[1]?.customAttrs).toEqual({ team: 2 });
    expect(done.log[0]).toMatchObject({ message: "set team of blue to 2", event: { editMode: true } });
  });

  it("read typed values as numbers, booleans, null or text", () => {
    expect([
      typedValue(" 4 "),
      typedValue("true"),
      typedValue("null"),
      typedValue("4x"),
      typedValue(""),
    ]).toEqual([4, true, null, "4x", ""]);
  });
});
