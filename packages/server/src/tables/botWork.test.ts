import { createTableHolder, mayAct, randomBot, seedRng } from "@tt/engine";
import { piecesOf, registry, shippedGame } from "@tt/games";
import { afterAll, describe, expect, it } from "vitest";
import type { BotChoiceInput } from "./botJobs";
import { tableBotKinds } from "./botKinds";
import { BotWork, type BotWorkLog } from "./botWork";

// A bot's choice in a worker thread (botWork.ts): the same turn as on the server's thread, and when
// the worker cannot answer, the random bot's turn on the same view, with a line in the log.

const works: BotWork[] = [];
afterAll(async () => {
  for (const w of works) await w.pool.close();
});

function workOf(settings: { threads: number; queue: number; timeoutMs: number }) {
  const work = new BotWork(settings);
  works.push(work);
  return work;
}

/** A new chess table's opening position, as the seat to move sees it, and what a bot is handed. */
function chessOpening(kind: string, seed: number): BotChoiceInput {
  const game = shippedGame("chess")!;
  const players = [{ color: "red" }, { color: "blue" }];
  const start = registry.startSituation("chess", { players, options: {}, seed: 5 });
  const holder = createTableHolder({
    start,
    events: [],
    module: registry.moduleFor("chess"),
    project: { pieces: piecesOf(game.content.components), options: {} },
  });
  const seat = players.map((p) => p.color).find((c) => mayAct(holder.view(c), c))!;
  return { slug: "chess", kind, seat, view: holder.view(seat), rules: holder.ctx, seq: 0, seed };
}

/** The bot's own turn, chosen here on the test's thread. */
function here(input: BotChoiceInput, bot = tableBotKinds(input.slug).find((k) => k.id === input.kind)!.bot) {
  const ctx = { module: registry.moduleFor(input.slug), rules: input.rules, seq: input.seq };
  return bot(input.view, input.seat, ctx, seedRng(input.seed));
}

function recordingLog() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: BotWorkLog = {
    error: (details, message) => lines.push({ details: details as Record<string, unknown>, message }),
    warn: (details, message) => lines.push({ details: details as Record<string, unknown>, message }),
  };
  return { log, lines };
}

describe("a bot thinks in a worker thread", () => {
  it("and chooses the turn it would choose on the server's thread", { timeout: 60_000 }, async () => {
    const work = workOf({ threads: 1, queue: 4, timeoutMs: 60_000 });
    const { log, lines } = recordingLog();
    for (const [kind, seed] of [
      ["chess-2", 3],
      ["random", 9],
    ] as const) {
      const input = chessOpening(kind, seed);
      const choice = await work.choose(input, log, "t1");
      expect(choice.fallback).toBeUndefined();
      expect(choice.actions).not.toBeNull();
      expect(choice.actions).toEqual(here(input));
    }
    expect(lines).toEqual([]);
  });

  it("plays the random bot's turn on the same view when its worker runs out of time, and logs it", {
    timeout: 60_000,
  }, async () => {
    // A millisecond is far less than a level-4 search of the opening needs.
    const work = workOf({ threads: 1, queue: 4, timeoutMs: 1 });
    const { log, lines } = recordingLog();
    const input = chessOpening("chess-4", 21);
    const choice = await work.choose(input, log, "t2");
    expect(choice.fallback?.refusal).toBe("timeout");
    expect(choice.actions).toEqual(here(input, randomBot));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toMatchObject({
      tableId: "t2",
      seat: input.seat,
      bot: "chess-4",
      refusal: "timeout",
    });
  });

  it("plays at random when the bot fails in its worker, or every worker is taken", {
    timeout: 60_000,
  }, async () => {
    // No queue: a second choice while the one worker thinks is refused as busy.
    const work = workOf({ threads: 1, queue: 0, timeoutMs: 60_000 });
    const { log, lines } = recordingLog();
    const failing = chessOpening("no-such-bot", 4);
    const failed = await work.choose(failing, log, "t3");
    expect(failed.fallback?.refusal).toBe("failed");
    expect(failed.fallback?.detail).toContain("no-such-bot");
    expect(failed.actions).toEqual(here(failing, randomBot));

    const [first, second] = await Promise.all([
      work.choose(chessOpening("chess-3", 1), log, "t4"),
      work.choose(chessOpening("chess-3", 2), log, "t5"),
    ]);
    expect(first.fallback).toBeUndefined();
    expect(second.fallback?.refusal).toBe("busy");
    expect(second.actions).toEqual(here(chessOpening("chess-3", 2), randomBot));
    expect(lines.map((l) => [l.details.tableId, l.details.refusal])).toEqual([
      ["t3", "failed"],
      ["t5", "busy"],
    ]);
  });
});
