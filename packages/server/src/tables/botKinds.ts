import { genericBot } from "@tt/engine";
import { type BotKind, botKinds, shippedGame } from "@tt/games";
import { botLabel } from "@tt/protocol";

// The bots a table's game offers and how a bot's seat is named (tiles, player areas, log, results).

/** Every game offers the generic random bot; shipped games their own kinds too (games bots.ts). */
const FALLBACK_KINDS: BotKind[] = [{ id: "random", name: "Random", bot: genericBot() }];

export function tableBotKinds(slug: string): BotKind[] {
  const game = shippedGame(slug);
  return game ? botKinds(game) : FALLBACK_KINDS;
}

/** 'Bot (Random)', 'Bot (Chess engine, level 2)'. */
export function botName(slug: string, kind: string): string {
  return botLabel(tableBotKinds(slug).find((k) => k.id === kind)?.name ?? kind);
}
