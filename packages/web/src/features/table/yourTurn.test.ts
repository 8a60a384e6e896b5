import type { Situation } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { chessStart } from "./testkit";
import { statusScrollTop } from "./useTableSignals";
import { isYourTurn } from "./yourTurn";

/** The chess start with another active player (chess begins with red to play). */
const withActive = (s: Situation, activePlayer: string | string[]): Situation => ({
  ...s,
  gameState: { ...s.gameState, current: { ...s.gameState.current, activePlayer } },
});

describe("isYourTurn", () => {
  const start = chessStart();
  const active = String(start.gameState.current.activePlayer);
  const other = active === "red" ? "blue" : "red";

  it("is the active seat's turn at a running game, and nobody else's", () => {
    expect(isYourTurn(start, active, "midgame")).toBe(true);
    expect(isYourTurn(start, other, "midgame")).toBe(false);
    expect(isYourTurn(start, "spectator", "midgame")).toBe(false);
  });

  it("counts a seat among several active ones", () => {
    expect(isYourTurn(withActive(start, [other, active]), other, "midgame")).toBe(true);
  });

  it("is nobody's turn before the start, after the end, or for the sandbox's any-seat", () => {
    expect(isYourTurn(start, active, "open")).toBe(false);
    expect(isYourTurn({ ...start, ended: true }, active, "midgame")).toBe(false);
    expect(isYourTurn(start, "alwaysactive", "midgame")).toBe(false);
    expect(isYourTurn(null, active, "midgame")).toBe(false);
  });

  it("waits for no one while an automa is to play", () => {
    const automa: Situation = {
      ...start,
      players: start.players.map((p) => (p.color === other ? { ...p, isAutoma: true } : p)),
    };
    expect(isYourTurn(withActive(automa, other), active, "midgame")).toBe(false);
    expect(isYourTurn(withActive(automa, other), other, "midgame")).toBe(true);
  });
});

describe("statusScrollTop", () => {
  it("puts the status bar's top right under the sticky top bar", () => {
    // The status bar 1200 px down the page, the window scrolled to 300 (so it is 900 px down the
    // window), a 55 px top bar: scroll to 1145.
    expect(statusScrollTop(900, 300, 55)).toBe(1145);
    expect(statusScrollTop(120, 0, 55)).toBe(65);
  });
  it("never scrolls above the page", () => {
    expect(statusScrollTop(20, 0, 55)).toBe(0);
  });
});
