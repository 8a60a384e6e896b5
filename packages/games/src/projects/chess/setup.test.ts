import { componentInfo, findComponent, resolveModule } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { piecesOf } from "../../registry";
import { defaultOptions } from "../../testing/driver";
import { chess } from "./index";
import { fenFor, POSITIONS, placement } from "./layout";
import { INITIAL_FEN, startState } from "./rules";
import { chessOf, sidesOf } from "./state";
import { BLACK, componentCount, fenTable, newTable, WHITE } from "./testkit";

const pieces = piecesOf(chess.content.components);

describe("chess content", () => {
  it("ships the images, options and change log the lobby needs", () => {
    const { content } = chess;
    expect(content.slug).toBe("chess");
    for (const file of ["box.svg", "background.svg", "board.svg", "overview.svg", "black-knight.svg"]) {
      expect(content.images[file]).toMatch(/^<svg /);
    }
    expect(Object.keys(content.images)).toHaveLength(17);
    expect(content.overviewCard).toBe("overview.svg");
    expect(content.options.fen?.condition).toEqual({ startPosition: { eq: "fen" } });
    expect(Object.values(content.options.fen?.values ?? {}).filter((v) => v.hidden)).toHaveLength(1);
    expect(content.changeLog.some((c) => c.version.startsWith("__"))).toBe(true);
    expect(defaultOptions(chess)).toEqual({
      startPosition: "standard",
      fen: "kiwipete",
      showDestinations: true,
    });
  });

  it("chooses piece images with conditional values on colour and promotion", () => {
    const s = newTable().situation;
    const image = (id: string) => {
      const c = findComponent(s.root, id);
      if (c === undefined) throw new Error(id);
      return componentInfo(pieces, c, s).image;
    };
    expect(image("white-knight-g1")).toBe("white-knight.svg");
    expect(image("black-queen-d8")).toBe("black-queen.svg");
    const pawn = findComponent(s.root, "black-pawn-a7");
    if (pawn === undefined) throw new Error("no pawn");
    const promoted = { ...pawn, options: { ...pawn.options, promoted: "knight" } };
    expect(componentInfo(pieces, promoted, s).image).toBe("black-knight.svg");
    expect(componentInfo(pieces, pawn, s).selectable).toBe(true);
  });
});

describe("chess setup", () => {
  it("sets up the standard position: first seat White, state in globals", () => {
    const s = newTable().situation;
    expect(sidesOf(s)).toEqual({ white: WHITE, black: BLACK });
    expect(chessOf(s).fen).toBe(INITIAL_FEN);
    expect(chessOf(s).repetition).toHaveLength(1);
    expect(componentCount(s)).toBe(1 + 1 + 32 + 2);
    expect(s.gameState.current.activePlayer).toBe(WHITE);
    expect(s.gameState.current.message).toBe("White to move.");
    expect(s.gameState.current.buttons.map((b) => b.text)).toEqual(["Offer draw", "Resign"]);
    expect(s.players.map((p) => p.customAttrs.side)).toEqual(["white", "black"]);
  });

  it.each(Object.keys(POSITIONS))("sets up the named position '%s'", (key) => {
    const s = fenTable(key).situation;
    const fen = POSITIONS[key]?.fen as string;
    const start = startState(fen);
    if (!start.ok) throw new Error(key);
    expect(chessOf(s).fen).toBe(start.value.fen);
    expect(componentCount(s)).toBe(4 + placement(fen).size);
    const toMove = fen.split(" ")[1] === "w" ? WHITE : BLACK;
    expect(s.gameState.current.activePlayer).toBe(toMove);
    expect(s.gameState.current.message).toMatch(/^(White|Black) to move/);
  });

  it("ignores the position select unless the start position is 'fen'", () => {
    expect(fenFor({ startPosition: "standard", fen: "pawn-race" })).toBe(INITIAL_FEN);
    expect(fenFor({ startPosition: "fen", fen: "pawn-race" })).toBe(POSITIONS["pawn-race"]?.fen);
    expect(chessOf(newTable({ fen: "pawn-race" }).situation).fen).toBe(INITIAL_FEN);
  });

  it("offers the module's states and stats to the platform", () => {
    const module = resolveModule(chess.module);
    expect(Object.keys(module.gameStates)).toEqual(["play", "promotion", "over"]);
    expect(chess.content.overviewStats.map((s) => s.name)).toEqual(["score", "moves", "captures", "checks"]);
  });
});
