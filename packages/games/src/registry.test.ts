import { defaultModule } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { registry, shippedGames } from "./index";
import { defaultOptions } from "./testing/driver";

describe("the registry", () => {
  it("falls back to the default modules for an unknown slug", () => {
    expect(registry.moduleFor("no-such-game")).toBe(defaultModule);
    const s = registry.startSituation("no-such-game", { players: [{ color: "red" }], options: {}, seed: 7 });
    expect(s.players.map((p) => p.color)).toEqual(["red"]);
  });

  it("ships every game with the content the lobby and the table need", () => {
    for (const game of shippedGames) {
      const c = game.content;
      expect(c.images["box.svg"], c.slug).toContain("<svg");
      expect(c.images["background.svg"], c.slug).toContain("<svg");
      expect(c.changeLog.length, c.slug).toBeGreaterThanOrEqual(3);
      expect(
        c.changeLog.some((v) => v.version.startsWith("__")),
        c.slug,
      ).toBe(true);
      expect(
        Object.values(c.options).some((o) => o.condition),
        c.slug,
      ).toBe(true);
      expect(c.overviewStats.length, c.slug).toBeGreaterThan(0);
      if (c.overviewCard) expect(c.images[c.overviewCard], c.slug).toContain("<svg");
    }
  });

  it("sets every game up for each allowed player count with its default options", () => {
    for (const game of shippedGames) {
      const { min, max } = game.content.players;
      for (let n = min; n <= max; n++) {
        const players = ["red", "blue", "green", "yellow"].slice(0, n).map((color) => ({ color }));
        const s = registry.startSituation(game.content.slug, {
          players,
          options: defaultOptions(game),
          seed: 3,
        });
        expect(
          s.players.map((p) => p.color),
          `${game.content.slug} x${n}`,
        ).toEqual(players.map((p) => p.color));
      }
    }
  });
});
