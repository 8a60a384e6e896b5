// Which seat this tab acts as (game-table.md section 4, 'Player colour'): the user's own colour, a
// remembered play-as choice in sandbox tables, otherwise a spectator (alwaysactive in sandboxes).

import type { KeyValueStore } from "../../lib/storage";

export const SPECTATOR = "spectator";
export const ALWAYS_ACTIVE = "alwaysactive";

export function playAsKey(tableId: string): string {
  return `play-as-color-${tableId}`;
}

export interface SeatContext {
  yourSeat: string | null;
  anySeat: boolean;
  colors: string[];
  /**
   * Read-only view (section 4): an ended table, a demo-invite table or a superadmin may look through
   * any colour's eyes without acting as it. False when playAsColor in the address fixes the colour.
   */
  viewMode?: boolean;
  /**
   * The table holds its secrets from this user (running, not a sandbox: the server sends only this
   * user's view). Looking through another colour's eyes is then offered only for one's own seat.
   */
  secret?: boolean;
  /**
   * Whose turn it is when the page loads (the active state's activePlayer): a sandbox's play-as
   * choice starts there (section 4: 'the active player is chosen by default').
   */
  activePlayer?: string | readonly string[];
}

/** Read-only view mode of game-table.md section 4; sandbox and debug tables are covered by anySeat. */
export function isViewMode(
  tableMode: string,
  status: string,
  role: string,
  queryColor: string | null,
): boolean {
  if (queryColor !== null) return false;
  return (
    tableMode.includes("sandbox") ||
    tableMode === "debug" ||
    tableMode === "demo-invite" ||
    status === "ended" ||
    role.includes("superadmin")
  );
}

/** The seats this user may pick from; a single entry means the colour is fixed. */
export function seatChoices(ctx: SeatContext): string[] {
  if (ctx.anySeat) return [...ctx.colors, SPECTATOR, ALWAYS_ACTIVE];
  if (ctx.viewMode && ctx.secret !== true) return [...ctx.colors, SPECTATOR];
  return [ctx.yourSeat ?? SPECTATOR];
}

/** In view mode a colour other than your own is for looking only: turns go out as your own seat. */
export function actsAs(ctx: SeatContext, seat: string): boolean {
  return ctx.anySeat || seat === (ctx.yourSeat ?? SPECTATOR);
}

/**
 * The seat a tab starts as: the colour in the address, else the user's own, else in a sandbox the
 * active player when it is one colour of the table (alwaysactive when everyone, or several, may act),
 * else a spectator.
 */
export function defaultSeat(ctx: SeatContext, queryColor: string | null): string {
  const choices = seatChoices(ctx);
  if (queryColor !== null && choices.includes(queryColor)) return queryColor;
  if (ctx.yourSeat !== null) return ctx.yourSeat;
  if (!ctx.anySeat) return SPECTATOR;
  const active = ctx.activePlayer;
  const single = typeof active === "string" ? active : active?.length === 1 ? active[0] : undefined;
  return single !== undefined && ctx.colors.includes(single) ? single : ALWAYS_ACTIVE;
}

/** The seat to use: a remembered valid choice, else the default. */
export function initialSeat(
  ctx: SeatContext,
  store: KeyValueStore,
  tableId: string,
  queryColor: string | null,
): string {
  const choices = seatChoices(ctx);
  if (queryColor !== null && choices.includes(queryColor)) return queryColor;
  const stored = store.getItem(playAsKey(tableId));
  if (stored !== null && choices.includes(stored) && (ctx.anySeat || ctx.viewMode)) return stored;
  return defaultSeat(ctx, null);
}
