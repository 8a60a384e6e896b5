import { type Action, type RuleContext, type Situation, seedRng } from "@tt/engine";
import { registry } from "@tt/games";
import type { Job } from "../work/pool";
import { tableBotKinds } from "./botKinds";

// What a bot's worker runs (botWorker.ts serves this table; botWork.ts sends the jobs): one bot's
// choice of a turn, on its seat's view, as the driver would make it on the server's thread. A search
// (chess level 4, Monte Carlo) can take a long while; in a worker it never holds up the tables.

/** Everything a bot is handed, as plain data: the rule module is found again from the slug. */
export interface BotChoiceInput {
  slug: string;
  /** The seat's bot kind (botKinds.ts). */
  kind: string;
  seat: string;
  /** The seat's view (hub.botView): what the seat may not see is a placeholder. */
  view: Situation;
  /** The table's pieces and options. */
  rules: RuleContext;
  /** The event count: the bot's turn would be event number `seq`. */
  seq: number;
  /** The bot's own random state for this call (never the table's). */
  seed: number;
}

const choose: Job<BotChoiceInput, Action[] | null> = {
  run: ({ slug, kind, seat, view, rules, seq, seed }) => {
    const bot = tableBotKinds(slug).find((k) => k.id === kind)?.bot;
    // The driver sends only a kind the seat row holds, checked when it was seated.
    if (bot === undefined) throw new Error(`${slug} has no bot '${kind}'`);
    // The module a table plays is its slug's (hub.ts load: registry.moduleFor).
    return bot(view, seat, { module: registry.moduleFor(slug), rules, seq }, seedRng(seed));
  },
};

export const botJobs = { choose };
export type BotJobs = typeof botJobs;
