// The seats of a table that has not started, as its pre-start page lists them (issue 37 point 7):
// every colour it can seat, with who holds it. Pure, so it is tested without a page.
import type { SeatInfo } from "@tt/protocol";

export interface SeatLine {
  color: string;
  /** A person, a bot, a dummy (a chosen seat nobody took: Dummy-{colour}) or nobody yet. */
  holder: "player" | "bot" | "dummy" | "free";
  /** What the line says after the colour: the user name, the bot's label, 'Dummy-red' or 'free'. */
  label: string;
  /** The creator may seat a bot here: nobody and no bot holds it (the server's rule, tables/bots.ts). */
  botMayTake: boolean;
}

export function seatLines(possibleColors: readonly string[], seats: readonly SeatInfo[]): SeatLine[] {
  return possibleColors.map((color): SeatLine => {
    const seat = seats.find((s) => s.color === color);
    if (seat?.bot !== undefined) return { color, holder: "bot", label: seat.bot, botMayTake: false };
    if (seat?.userInfo && !seat.nonuser)
      return { color, holder: "player", label: seat.userInfo.username, botMayTake: false };
    if (seat?.nonuser) return { color, holder: "dummy", label: `Dummy-${color}`, botMayTake: true };
    return { color, holder: "free", label: "free", botMayTake: true };
  });
}
