import type { Color, Role } from "../rules";

/**
 * The twelve piece images: one silhouette per role, filled light or dark. Each silhouette is a
 * single path on a 100 x 100 grid so the SVGs stay a few hundred bytes and scale cleanly.
 */

const BASE = "M26 80h48a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H26a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3Z";

const SHAPES: Record<Role, string> = {
  pawn: "M50 16a12 12 0 0 1 7 22l-2 2h5v5h-6l6 35H40l6-35h-6v-5h5l-2-2a12 12 0 0 1 7-22Z",
  rook: "M28 16h9v8h8v-8h10v8h8v-8h9v20l-8 6v30l6 8H30l6-8V42l-8-6Z",
  knight: "M36 80c0-14 6-22 14-30-8 4-16 6-22 2-4-4-2-10 4-16l12-12 2-9 6 7c14 2 24 14 24 32v26Z",
  bishop: "M50 10a5 5 0 0 1 3 9c9 7 15 17 12 29l-6 6 5 26H36l5-26-6-6c-3-12 3-22 12-29a5 5 0 0 1 3-9Z",
  queen: "M22 26l12 30 6-34 10 32 10-32 6 34 12-30-6 54H28Z",
  king: "M47 6h6v7h7v6h-7v8c12 1 20 7 20 15 0 6-4 12-8 16l2 22H31l2-22c-4-4-8-10-8-16 0-8 8-14 20-15v-8h-7v-6h7Z",
};

const FILL: Record<Color, { body: string; line: string }> = {
  white: { body: "#f7f1e3", line: "#2b2118" },
  black: { body: "#2b2118", line: "#e9dcc3" },
};

/** The knight's eye and the bishop's mitre slit: details that make the silhouettes readable. */
const DETAILS: Partial<Record<Role, string>> = {
  knight: '<circle cx="52" cy="30" r="3"/>',
  bishop: '<path d="M54 26l-8 12" fill="none" stroke-width="3"/>',
};

export function pieceSvg(role: Role, color: Color): string {
  const { body, line } = FILL[color];
  const detail = (DETAILS[role] ?? "").replace("<circle", `<circle fill="${line}"`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<g fill="${body}" stroke="${line}" stroke-width="3" stroke-linejoin="round">` +
    `<path d="${SHAPES[role]}"/><path d="${BASE}"/>${detail}</g></svg>`
  );
}

export const ROLES: readonly Role[] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
export const COLORS: readonly Color[] = ["white", "black"];

/** File name of a piece image, e.g. 'white-knight.svg'. */
export const pieceImage = (color: Color, role: Role): string => `${color}-${role}.svg`;

export function pieceImages(): { [file: string]: string } {
  const out: { [file: string]: string } = {};
  for (const color of COLORS) for (const role of ROLES) out[pieceImage(color, role)] = pieceSvg(role, color);
  return out;
}
