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
  colours: string[];
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
}

/** Read-only view mode of game-table.md section 4; sandbox and debug tables are covered by anySeat. */
export function isViewMode(
  tableMode: string,
  status: string,
  role: string,
  queryColour: string | null,
): boolean {
  if (queryColour !== null) return false;
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
  if (ctx.anySeat) return [...ctx.colours, SPECTATOR, ALWAYS_ACTIVE];
  if (ctx.viewMode && ctx.secret !== true) return [...ctx.colours, SPECTATOR];
  return [ctx.yourSeat ?? SPECTATOR];
}

/** In view mode a colour other than your own is for looking only: turns go out as your own seat. */
export function actsAs(ctx: SeatContext, seat: string): boolean {
  return ctx.anySeat || seat === (ctx.yourSeat ?? SPECTATOR);
}

export function defaultSeat(ctx: SeatContext, queryColour: string | null): string {
  const choices = seatChoices(ctx);
  if (queryColour !== null && choices.includes(queryColour)) return queryColour;
  if (ctx.yourSeat !== null) return ctx.yourSeat;
  return ctx.anySeat ? ALWAYS_ACTIVE : SPECTATOR;
}

/** The seat to use: a remembered valid choice, else the default. */
export function initialSeat(
  ctx: SeatContext,
  store: KeyValueStore,
  tableId: string,
  queryColour: string | null,
): string {
  const choices = seatChoices(ctx);
  if (queryColour !== null && choices.includes(queryColour)) return queryColour;
  const stored = store.getItem(playAsKey(tableId));
  if (stored !== null && choices.includes(stored) && (ctx.anySeat || ctx.viewMode)) return stored;
  return defaultSeat(ctx, null);
}
