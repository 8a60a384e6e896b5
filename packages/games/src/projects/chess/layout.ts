import type { ComponentSpec, JsonObject, SetupPlayer } from "@tt/engine";
import type { StartLayout } from "../../content";
import { type Color, INITIAL_FEN, type Role } from "./rules";

/**
 * Start positions and the start layout. The option values name positions (options are checkbox or
 * select only, so a FEN cannot be typed in): a few famous test positions, plus a hidden debugging
 * position only privileged users see.
 */

export interface NamedPosition {
  displayName: string;
  fen: string;
  hidden?: boolean;
  hiddenDisplay?: string;
}

export const POSITIONS: { [key: string]: NamedPosition } = {
  kiwipete: {
    displayName: "Kiwipete (castling, pins, en passant)",
    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  },
  "rook-endgame": { displayName: "Rook endgame", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" },
  "promotion-tangle": {
    displayName: "Promotion tangle",
    fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  },
  "pawn-race": { displayName: "Pawn race", fen: "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1" },
  "promotion-puzzle": {
    displayName: "Promotion puzzle (mate in one)",
    fen: "6k1/4P2p/5K2/8/8/8/8/8 w - - 0 1",
  },
  "after-e4": {
    displayName: "After 1. e4 (Black to move)",
    fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
  },
  "debug-bare-kings": {
    displayName: "Practice position",
    hidden: true,
    hiddenDisplay: "Debug: Kxd2 draws by insufficient material",
    fen: "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
  },
};

/** The FEN a table starts from: the named position when 'startPosition' is 'fen', else the standard one. */
export function fenFor(options: JsonObject): string {
  if (options.startPosition !== "fen") return INITIAL_FEN;
  return POSITIONS[String(options.fen)]?.fen ?? INITIAL_FEN;
}

export interface Placed {
  color: Color;
  role: Role;
}

const ROLE_OF: { [letter: string]: Role } = {
  p: "pawn",
  n: "knight",
  b: "bishop",
  r: "rook",
  q: "queen",
  k: "king",
};

/** Square name -> piece, from a FEN's placement field. */
export function placement(fen: string): Map<string, Placed> {
  const out = new Map<string, Placed>();
  const rows = (fen.split(" ")[0] ?? "").split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "8") file += Number(ch);
      else {
        const role = ROLE_OF[ch.toLowerCase()];
        if (role)
          out.set(`${"abcdefgh"[file]}${8 - i}`, {
            role,
            color: ch === ch.toLowerCase() ? "black" : "white",
          });
        file++;
      }
    }
  });
  return out;
}

/** Names of the board's positions: the squares (slot = square name) and a tray per captured colour. */
export const SQUARES = "squares";
export const BOARD_ID = "board";
export const trayOf = (color: Color): string => `captured-${color}`;

/** Centre of a square on the board image (a1 bottom left, 100 units a square). */
export function squareCoord(square: string): { x: number; y: number } {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  return { x: file * 100 + 50, y: (7 - rank) * 100 + 50 };
}

export const ALL_SQUARES: readonly string[] = Array.from(
  { length: 64 },
  (_, i) => `${"abcdefgh"[i % 8]}${Math.floor(i / 8) + 1}`,
);

/**
 * The chessmen on their squares. Ids name the piece and its start square ('white-knight-g1') so
 * logs, tests and replays can follow one piece for the whole game.
 */
export function layout(options: JsonObject, _players: SetupPlayer[]): StartLayout {
  const squares: { [slot: string]: ComponentSpec } = {};
  for (const [square, piece] of placement(fenFor(options))) {
    squares[square] = {
      id: `${piece.color}-${piece.role}-${square}`,
      name: piece.role,
      type: "token",
      options: { colour: piece.color },
    };
  }
  const board: ComponentSpec = {
    id: BOARD_ID,
    name: "board",
    type: "board",
    children: { [SQUARES]: squares, [trayOf("white")]: [], [trayOf("black")]: [] },
  };
  return { root: { name: "root", type: "board", children: { table: [board] } } };
}
