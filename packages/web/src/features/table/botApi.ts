// Bots at tables (issue 22 point 2): which bots a game offers, and the two calls that seat one. The
// server checks who may (the creator before the start, the table's admins during the game).

import { botKinds, shippedGame } from "@tt/games";
import type { SeatBotRequest } from "@tt/protocol";
import { api, failureText } from "../../lib/api";

export interface BotChoice {
  id: string;
  name: string;
}

/** The bots a game offers, weakest first: every game the random one, shipped games their own too. */
export function botChoices(slug: string): BotChoice[] {
  const game = shippedGame(slug);
  if (game === undefined) return [{ id: "random", name: "Random" }];
  return botKinds(game).map(({ id, name }) => ({ id, name }));
}

const enc = encodeURIComponent;

/** Null on success, else the server's reason. */
async function post(path: string, body: SeatBotRequest): Promise<string | null> {
  const result = await api(path, { method: "POST", body });
  return result.ok ? null : failureText(result);
}

export const seatBot = (slug: string, tableId: string, body: SeatBotRequest) =>
  post(`/api/projects/${enc(slug)}/${enc(tableId)}/seat-bot`, body);

export const replaceWithBot = (slug: string, tableId: string, body: SeatBotRequest) =>
  post(`/api/projects/${enc(slug)}/${enc(tableId)}/replace-with-bot`, body);
