// Bots at tables (issue 22 point 2): which bots a game offers, the two calls that seat one and the one
// that takes it off its seat again. The server checks who may (the creator before the start, the
// table's admins during the game).

// The names only (games botKinds.ts): the bots themselves, a chess engine among them, are the server's
// and stay out of the bundle.
import { botKindNames, GENERIC_BOT_KINDS, shippedGame } from "@tt/games";
import type { RemoveBotRequest, SeatBotRequest } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

export interface BotChoice {
  id: string;
  name: string;
}

/** The bots a game offers, weakest first: every game the random one, shipped games their own too. */
export function botChoices(slug: string): BotChoice[] {
  const game = shippedGame(slug);
  return game === undefined ? [...GENERIC_BOT_KINDS] : botKindNames(game);
}

const enc = encodeURIComponent;

/** Null on success, else the server's reason. */
async function post(path: string, body: SeatBotRequest | RemoveBotRequest): Promise<string | null> {
  const result = await api(path, { method: "POST", body });
  return result.ok ? null : failureText(result);
}

export const seatBot = (slug: string, tableId: string, body: SeatBotRequest) =>
  post(`/api/projects/${enc(slug)}/${enc(tableId)}/seat-bot`, body);

export const removeBot = (slug: string, tableId: string, body: RemoveBotRequest) =>
  post(`/api/projects/${enc(slug)}/${enc(tableId)}/remove-bot`, body);

export const replaceWithBot = (slug: string, tableId: string, body: SeatBotRequest) =>
  post(`/api/projects/${enc(slug)}/${enc(tableId)}/replace-with-bot`, body);
