import type { GameRow } from "./report";

/**
 * One line per game, for a spreadsheet. Seats are named by position (seat_1 plays first), so runs at
 * several player counts share the columns; games people played also name their table. Text cells that a spreadsheet would read as a formula
 * (= + - @ at the start: option values are the designer's text) are prefixed with a quote.
 */

function cell(value: string | number): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function rowsToCsv(rows: readonly GameRow[]): string {
  const seats = Math.max(0, ...rows.map((r) => r.seats.length));
  // Games people played name their table; self-played games have none.
  const played = rows.some((r) => r.table !== undefined);
  const header = [
    "game",
    ...(played ? ["table"] : []),
    "seed",
    "players",
    "stop",
    "turns",
    "player_turns",
    "rounds",
    "refused",
    "winners",
    "options",
  ];
  for (let i = 1; i <= seats; i++)
    header.push(`seat_${i}_colour`, `seat_${i}_bot`, `seat_${i}_score`, `seat_${i}_won`);
  const lines = [header.join(",")];
  for (const r of rows) {
    const line: (string | number)[] = [
      r.game,
      ...(played ? [r.table ?? ""] : []),
      r.seed,
      r.seats.length,
      r.stop,
      r.turns,
      r.playerTurns,
      r.rounds,
      r.refused,
      r.winners.join(" "),
      JSON.stringify(r.options),
    ];
    for (let i = 0; i < seats; i++) {
      const color = r.seats[i];
      if (color === undefined) line.push("", "", "", "");
      else line.push(color, r.bots[color] ?? "", r.scores[color] ?? "", r.winners.includes(color) ? 1 : 0);
    }
    lines.push(line.map(cell).join(","));
  }
  return `${lines.join("\n")}\n`;
}
