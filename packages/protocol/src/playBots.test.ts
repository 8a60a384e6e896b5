import { describe, expect, it } from "vitest";
import { isNeedsPlayersRefusal, needsPlayersMessage, playBotsRequestSchema } from "./playBots";

describe("the start's refusal for too few players", () => {
  it("is told apart from its own text, whatever the count", () => {
    for (const n of [1, 2, 4]) expect(isNeedsPlayersRefusal(needsPlayersMessage(n))).toBe(true);
    expect(needsPlayersMessage(1)).toBe("This game needs at least 1 player.");
    expect(needsPlayersMessage(2)).toBe("This game needs at least 2 players.");
  });
  it("is not any other refusal", () => {
    expect(isNeedsPlayersRefusal("Only the creator of the table may start it.")).toBe(false);
    expect(isNeedsPlayersRefusal(`Note: ${needsPlayersMessage(2)}`)).toBe(false);
  });
});

describe("a request to play against bots", () => {
  it("may leave everything to the game's offer", () => {
    expect(playBotsRequestSchema.parse({})).toEqual({ options: {} });
  });
  it("refuses a game of one, or more than a table seats", () => {
    expect(playBotsRequestSchema.safeParse({ players: 1 }).error?.issues[0]?.message).toBe(
      "A game against bots needs at least 2 players.",
    );
    expect(playBotsRequestSchema.safeParse({ players: 5 }).success).toBe(false);
    expect(playBotsRequestSchema.safeParse({ players: 2.5 }).success).toBe(false);
  });
});
