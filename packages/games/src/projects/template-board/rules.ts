import { childrenAt, findComponent, type Situation } from "@tt/engine";

// Pure helpers of the rules: no moves here, only questions about a situation. Keeping them apart
// from the hooks makes them easy to test and to reuse in tooltips or highlights.

export const BOARD_ID = "board";
export const GRID = "grid";
export const SUPPLY = "supply";

/** Cell names: a column letter and a row number, 'a1' at the top left. */
export function cellNames(size: number): string[] {
  const names: string[] = [];
  for (let row = 1; row <= size; row++) {
    for (let col = 0; col < size; col++) names.push(`${String.fromCharCode(97 + col)}${row}`);
  }
  return names;
}

/** The orthogonal neighbours of a cell that exist on a board of this size. */
export function neighbours(cell: string, size: number): string[] {
  const col = cell.charCodeAt(0) - 97;
  const row = Number(cell.slice(1));
  const out: string[] = [];
  for (const [dc, dr] of [
    [0, -1],
    [0, 1],
    [-1, 0],
    [1, 0],
  ] as const) {
    const c = col + dc;
    const r = row + dr;
    if (c >= 0 && c < size && r >= 1 && r <= size) out.push(`${String.fromCharCode(97 + c)}${r}`);
  }
  return out;
}

/** Which colour's stone stands on each occupied cell (stones are named 'stone-{colour}'). */
export function occupied(situation: Situation): { [cell: string]: string } {
  const board = findComponent(situation.root, BOARD_ID);
  const grid = board?.children[GRID];
  const out: { [cell: string]: string } = {};
  if (grid === undefined || Array.isArray(grid)) return out;
  for (const [cell, stone] of Object.entries(grid)) out[cell] = stone.name.replace("stone-", "");
  return out;
}

export function boardSize(situation: Situation): number {
  return Number(findComponent(situation.root, BOARD_ID)?.options.size ?? 5);
}

/** The scoring rule: 1 for the stone, +1 for each of the owner's stones next to it. */
export function pointsFor(situation: Situation, cell: string, color: string): number {
  const cells = occupied(situation);
  return 1 + neighbours(cell, boardSize(situation)).filter((n) => cells[n] === color).length;
}

/** Stones still in a player's supply tray. */
export function supplyOf(situation: Situation, color: string): string[] {
  const player = situation.players.find((p) => p.color === color);
  const area = player === undefined ? undefined : findComponent(situation.root, player.area);
  return area === undefined ? [] : childrenAt(area, SUPPLY).map((c) => c.id);
}

/** The player after `color` in seating order. */
export function nextPlayer(situation: Situation, color: string): string {
  const i = situation.players.findIndex((p) => p.color === color);
  return situation.players[(i + 1) % situation.players.length]?.color ?? color;
}

export function score(situation: Situation, color: string): number {
  const player = situation.players.find((p) => p.color === color);
  return player?.counters.find((c) => c.name === "score")?.value ?? 0;
}
