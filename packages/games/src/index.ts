import type { ShippedGame } from "./content";
import { chess } from "./projects/chess";
import { nightMarket } from "./projects/night-market";
import { sandbox } from "./projects/sandbox";
import { templateBoard } from "./projects/template-board";
import { templateCards } from "./projects/template-cards";
import { createRegistry } from "./registry";

export * from "./balance";
export { type BotKindName, botKindNames, GENERIC_BOT_KINDS } from "./botKinds";
export { type BotKind, botFor, botKinds, playShippedGame, type ShippedSelfPlay } from "./bots";
export type * from "./content";
export * from "./noCode";
export { createRegistry, piecesOf, type StartArgs } from "./registry";

/** Every game this build ships, seeded into the database at start-up. */
export const shippedGames: readonly ShippedGame[] = [
  chess,
  nightMarket,
  sandbox,
  templateBoard,
  templateCards,
];

/** slug -> rule module (the default modules for any unknown slug), and start situations. */
export const registry = createRegistry(shippedGames);

export function shippedGame(slug: string): ShippedGame | undefined {
  return registry.game(slug);
}
