import type { BalanceReport } from "./report";
import { compareProportions, type Difference, type Proportion } from "./stats";

/**
 * Two reports side by side (option A against B, version 1.0 against 1.1): per player count and seat,
 * the win rates, their difference (b - a) and whether a pooled two-proportion z-test finds it
 * significant at 0.05. A seat only one report has is compared with an empty proportion (p = 1).
 */

export interface SeatComparison extends Difference {
  players: number;
  seat: number;
  a: Proportion;
  b: Proportion;
}

export interface ReportComparison {
  seats: SeatComparison[];
  /** Mean rounds per player count in each report (NaN-free: 0 when a report has no such games). */
  rounds: { players: number; a: number; b: number }[];
}

const EMPTY: Proportion = { wins: 0, games: 0, rate: 0, low: 0, high: 1 };

/** The proportion alone (a seat's rate carries its seat number too). */
const only = ({ wins, games, rate, low, high }: Proportion): Proportion => ({ wins, games, rate, low, high });

export function compareReports(a: BalanceReport, b: BalanceReport): ReportComparison {
  const counts = [...new Set([...a.byPlayerCount, ...b.byPlayerCount].map((g) => g.players))].sort(
    (x, y) => x - y,
  );
  const seats: SeatComparison[] = [];
  const rounds: ReportComparison["rounds"] = [];
  for (const players of counts) {
    const ga = a.byPlayerCount.find((g) => g.players === players);
    const gb = b.byPlayerCount.find((g) => g.players === players);
    for (let seat = 1; seat <= players; seat++) {
      const ra = only(ga?.seats.find((s) => s.seat === seat) ?? EMPTY);
      const rb = only(gb?.seats.find((s) => s.seat === seat) ?? EMPTY);
      seats.push({ players, seat, a: ra, b: rb, ...compareProportions(ra, rb) });
    }
    rounds.push({ players, a: ga?.rounds.mean ?? 0, b: gb?.rounds.mean ?? 0 });
  }
  return { seats, rounds };
}
