import { pieceSvg } from "./pieces";

/**
 * Board, box, background and help card images. The board is 1000 x 800 units: the 8 x 8 squares
 * (100 units each, a1 bottom left) and, on the right, the trays where captured pieces go.
 */

const LIGHT = "#eedcb3";
const DARK = "#a8764a";
const FILES = "abcdefgh";
/**
 * Coordinates: one near-black for every label, readable on both squares (contrast 13:1 on the light
 * squares, 4.7:1 on the dark), 24 units high: 12 px and more wherever the board is drawn 500 px wide
 * or wider.
 */
export const LABEL_COLOR = "#1f1408";
export const LABEL_SIZE = 24;

/**
 * The files along the bottom rank and the ranks down the left file, in the board's own units. Turned
 * (`turned`), the board is drawn half round for Black: the labels then stand where Black's bottom and
 * left edges fall (the image's top and the board's right edge), each turned half round itself, so
 * after the board's turn they read upright again, h to a and 1 to 8.
 */
function labels(turned: boolean): string {
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (!turned) {
      out += `<text x="${i * 100 + 94}" y="793" text-anchor="end">${FILES[i]}</text>`;
      out += `<text x="5" y="${i * 100 + 24}">${8 - i}</text>`;
      continue;
    }
    // File i's square on the top row; its screen bottom-right corner is this point, turned.
    const fx = i * 100 + 6;
    out += `<text x="${fx}" y="7" text-anchor="end" transform="rotate(180 ${fx} 7)">${FILES[i]}</text>`;
    // Rank i + 1 along the h-file; its screen top-left corner is this point, turned.
    const ry = 800 - i * 100 - 24;
    out += `<text x="795" y="${ry}" transform="rotate(180 795 ${ry})">${i + 1}</text>`;
  }
  return out;
}

function board(turned: boolean): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800">` +
    `<defs><pattern id="sq" width="200" height="200" patternUnits="userSpaceOnUse">` +
    `<rect width="200" height="200" fill="${LIGHT}"/>` +
    `<path d="M100 0h100v100H100zM0 100h100v100H0z" fill="${DARK}"/></pattern></defs>` +
    `<rect width="800" height="800" fill="url(#sq)"/>` +
    `<rect x="820" width="180" height="800" rx="16" fill="#5b4632"/>` +
    `<path d="M830 400h160" stroke="#8c7356" stroke-width="4"/>` +
    `<g font-family="sans-serif" font-size="${LABEL_SIZE}" font-weight="bold" fill="${LABEL_COLOR}">` +
    `${labels(turned)}</g></svg>`
  );
}

/** The board as White sees it (a1 bottom left) and as it is drawn turned for Black. */
export const boardSvg = board(false);
export const boardTurnedSvg = board(true);

export const backgroundSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80">` +
  `<rect width="80" height="80" fill="#3d3128"/>` +
  `<path d="M0 0h40v40H0zM40 40h40v40H40z" fill="#43362c"/></svg>`;

/** Strips the outer svg tag so a piece can be nested in another image. */
const inner = (svg: string): string => svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");

export const boxSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">` +
  `<defs><pattern id="b" width="100" height="100" patternUnits="userSpaceOnUse">` +
  `<rect width="100" height="100" fill="${LIGHT}"/><path d="M50 0h50v50H50zM0 50h50v50H0z" fill="${DARK}"/>` +
  `</pattern></defs><rect width="400" height="300" fill="url(#b)"/>` +
  `<rect y="200" width="400" height="100" fill="#2b2118" opacity=".85"/>` +
  `<svg x="40" y="30" width="160" height="160" viewBox="0 0 100 100">${inner(pieceSvg("knight", "white"))}</svg>` +
  `<svg x="200" y="30" width="160" height="160" viewBox="0 0 100 100">${inner(pieceSvg("king", "black"))}</svg>` +
  `<text x="200" y="268" text-anchor="middle" font-family="serif" font-size="56" fill="#f7f1e3">Chess</text></svg>`;

const HELP = [
  "How to play chess here",
  "• The first seat plays White; Black sees the board turned.",
  "• Click one of your pieces: its legal squares light up.",
  "• Click a lit square (or an enemy piece) to move there.",
  "• Click the piece again to drop it; click another to switch.",
  "• A pawn on the last rank: press Queen, Rook, Bishop or Knight.",
  "• Offer draw (any time): your opponent answers on their turn.",
  "• Resign (any time) ends the game at once.",
  "• Mate, stalemate, threefold repetition, the fifty-move rule",
  "  and insufficient material end the game automatically.",
];

export const overviewSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400">` +
  `<rect width="600" height="400" rx="20" fill="#f7f1e3" stroke="#5b4632" stroke-width="6"/>` +
  `<g font-family="sans-serif" font-size="19" fill="#2b2118">` +
  HELP.map(
    (line, i) =>
      `<text x="${i === 0 ? 300 : 30}" y="${i === 0 ? 50 : 70 + i * 32}"` +
      `${i === 0 ? ' text-anchor="middle" font-size="28" font-weight="bold"' : ""}>${line}</text>`,
  ).join("") +
  `</g></svg>`;
