// Images drawn for the sandbox, as compact SVG text (served at /game-assets/sandbox/{file}).

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** The home tile: a box lid with three fanned cards and a pawn. */
export const boxImage = svg(
  300,
  300,
  `<rect width="300" height="300" rx="18" fill="#2f4858"/>
<rect x="12" y="12" width="276" height="276" rx="12" fill="none" stroke="#f6ae2d" stroke-width="4"/>
<g transform="translate(150 150)">
<rect x="-45" y="-70" width="90" height="130" rx="10" fill="#f26419" transform="rotate(-18) translate(-30 0)"/>
<rect x="-45" y="-70" width="90" height="130" rx="10" fill="#f6ae2d"/>
<rect x="-45" y="-70" width="90" height="130" rx="10" fill="#86bbd8" transform="rotate(18) translate(30 0)"/>
<circle cx="0" cy="-18" r="14" fill="#2f4858"/>
<path d="M-22 40 Q0 -10 22 40 Z" fill="#2f4858"/>
</g>
<text x="150" y="270" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="bold" fill="#f6ae2d">SANDBOX</text>`,
);

export const backgroundImage = svg(
  200,
  200,
  `<rect width="200" height="200" fill="#33505f"/><path d="M0 100H200M100 0V200" stroke="#3b5b6b" stroke-width="2"/>
<circle cx="100" cy="100" r="6" fill="#3f6272"/>`,
);

/** The felt the table is played on, with a marked deck spot and dice tray. */
export const tableImage = svg(
  1400,
  900,
  `<rect width="1400" height="900" rx="30" fill="#3d6b4f"/>
<rect x="20" y="20" width="1360" height="860" rx="24" fill="none" stroke="#2d5a3f" stroke-width="8"/>
<rect x="60" y="60" width="180" height="250" rx="16" fill="none" stroke="#a8d5ba" stroke-dasharray="12 8" stroke-width="4"/>
<rect x="1100" y="60" width="240" height="120" rx="16" fill="#2d5a3f"/>
<text x="700" y="470" text-anchor="middle" font-family="sans-serif" font-size="44" fill="#4f8463">free play</text>`,
);

export const SUITS = { sun: "#f6ae2d", moon: "#86bbd8", star: "#f26419", leaf: "#57a141" } as const;
export type Suit = keyof typeof SUITS;

const suitMark: Record<Suit, string> = {
  sun: `<circle r="16"/><path d="M0-28V-20M0 28V20M-28 0H-20M28 0H20" stroke-width="5"/>`,
  moon: `<path d="M6-22A22 22 0 1 0 6 22A16 16 0 1 1 6-22Z"/>`,
  star: `<path d="M0-24L7-8L24-7L11 4L15 22L0 12L-15 22L-11 4L-24-7L-7-8Z"/>`,
  leaf: `<path d="M0 24C-22 4-14-18 0-24C14-18 22 4 0 24ZM0 24V-18" stroke-width="3"/>`,
};

/** A card face: the suit mark in the middle and the value in two corners. */
export function cardFace(suit: Suit | "joker", value: number): string {
  if (suit === "joker") {
    return svg(
      140,
      200,
      `<rect x="2" y="2" width="136" height="196" rx="12" fill="#fff" stroke="#2f4858" stroke-width="4"/>
<text x="70" y="115" text-anchor="middle" font-family="sans-serif" font-size="34" font-weight="bold" fill="#d8358c">JOKER</text>`,
    );
  }
  const color = SUITS[suit];
  return svg(
    140,
    200,
    `<rect x="2" y="2" width="136" height="196" rx="12" fill="#fff" stroke="${color}" stroke-width="4"/>
<g font-family="sans-serif" font-size="28" font-weight="bold" fill="${color}"><text x="12" y="34">${value}</text>
<text x="128" y="186" text-anchor="end">${value}</text></g>
<g transform="translate(70 100)" fill="${color}" stroke="${color}">${suitMark[suit]}</g>`,
  );
}

export const cardBack = svg(
  140,
  200,
  `<rect x="2" y="2" width="136" height="196" rx="12" fill="#2f4858" stroke="#f6ae2d" stroke-width="4"/>
<path d="M70 40L110 100L70 160L30 100Z" fill="none" stroke="#f6ae2d" stroke-width="6"/>`,
);

export const TOKEN_COLORS = {
  red: "#ff4038",
  blue: "#2799d8",
  green: "#57a141",
  yellow: "#ecce46",
} as const;
export type TokenColor = keyof typeof TOKEN_COLORS;

export const token = (color: TokenColor) =>
  svg(
    60,
    60,
    `<circle cx="30" cy="30" r="26" fill="${TOKEN_COLORS[color]}" stroke="#222" stroke-width="3"/>`,
  );

export const bankImage = svg(
  120,
  120,
  `<rect x="4" y="4" width="112" height="112" rx="20" fill="#2d5a3f" stroke="#a8d5ba" stroke-width="4"/>`,
);

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 26],
    [72, 26],
    [28, 50],
    [72, 50],
    [28, 74],
    [72, 74],
  ],
};

export const dieFace = (face: number) =>
  svg(
    100,
    100,
    `<rect x="4" y="4" width="92" height="92" rx="16" fill="#fdfdf5" stroke="#2f4858" stroke-width="4"/>${(
      PIPS[face] ?? []
    )
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="#2f4858"/>`)
      .join("")}`,
  );

export const seatImage = svg(
  500,
  220,
  `<rect x="3" y="3" width="494" height="214" rx="18" fill="#f4efe1" stroke="#2f4858" stroke-width="4" opacity="0.9"/>`,
);

/** The help card shown at the table. */
export const overviewCard = svg(
  400,
  280,
  `<rect width="400" height="280" rx="16" fill="#f4efe1" stroke="#2f4858" stroke-width="4"/>
<g font-family="sans-serif" fill="#2f4858"><text x="20" y="42" font-size="26" font-weight="bold">Sandbox</text>
<text x="20" y="84" font-size="17">Turn on edit mode: move anything anywhere.</text>
<text x="20" y="116" font-size="17">Deck: open it, click where the card goes.</text>
<text x="20" y="148" font-size="17">Tokens: take them from the coloured banks.</text>
<text x="20" y="180" font-size="17">Dice: 'Roll the dice' or each die's button.</text>
<text x="20" y="212" font-size="17">Counters: +/- on your seat.</text>
<text x="20" y="252" font-size="15" font-style="italic">No rules: agree on them at the table.</text></g>`,
);
