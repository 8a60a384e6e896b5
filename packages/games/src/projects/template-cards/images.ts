// Images drawn for this template as compact SVG text. A copied project replaces them with its own
// art; files are served at /game-assets/{slug}/{file} and named in components.ts.

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`;

export const SUITS = { cup: "#c0392b", key: "#2471a3", leaf: "#1e8449", star: "#b7950b" } as const;
export type Suit = keyof typeof SUITS;
export const VALUES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

const marks: Record<Suit, string> = {
  cup: `<path d="M-18-16H18L12 8H-12ZM-4 8V18H-12V22H12V18H4V8"/>`,
  key: `<circle cx="-10" r="10"/><path d="M0-3H22V3H18V10H13V3H0Z"/>`,
  leaf: `<path d="M0 22C-22 2-14-18 0-24C14-18 22 2 0 22Z"/>`,
  star: `<path d="M0-24L7-8L24-7L11 4L15 22L0 12L-15 22L-11 4L-24-7L-7-8Z"/>`,
};

/** The face template: one function draws every card from its suit and value. */
function faceBody(suit: Suit, value: number): string {
  const c = SUITS[suit];
  return `<rect x="3" y="3" width="134" height="194" rx="12" fill="#fffdf6" stroke="${c}" stroke-width="5"/>
<g font-family="serif" font-size="30" font-weight="bold" fill="${c}"><text x="14" y="38">${value}</text><text x="126" y="184" text-anchor="end">${value}</text></g>
<g transform="translate(70 102) scale(1.4)" fill="${c}">${marks[suit]}</g>`;
}

export const cardFace = (suit: Suit, value: number) => svg(140, 200, faceBody(suit, value));

export const cardBack = svg(
  140,
  200,
  `<rect x="3" y="3" width="134" height="194" rx="12" fill="#4a235a" stroke="#d4ac0d" stroke-width="5"/>
<circle cx="70" cy="100" r="36" fill="none" stroke="#d4ac0d" stroke-width="6"/><circle cx="70" cy="100" r="12" fill="#d4ac0d"/>`,
);

export const coinImage = svg(
  60,
  60,
  `<circle cx="30" cy="30" r="26" fill="#f4d03f" stroke="#9a7d0a" stroke-width="4"/><text x="30" y="39" text-anchor="middle" font-family="serif" font-size="24" font-weight="bold" fill="#9a7d0a">1</text>`,
);

export const bankImage = svg(
  120,
  120,
  `<rect x="4" y="4" width="112" height="112" rx="24" fill="#145a32" stroke="#f4d03f" stroke-width="4"/><text x="60" y="70" text-anchor="middle" font-family="sans-serif" font-size="20" fill="#f4d03f">BANK</text>`,
);

export const tableImage = svg(
  1000,
  500,
  `<rect width="1000" height="500" rx="30" fill="#1d6a45"/><rect x="300" y="120" width="400" height="260" rx="20" fill="none" stroke="#27ae60" stroke-width="4" stroke-dasharray="14 10"/>`,
);

export const handImage = svg(
  600,
  240,
  `<rect x="3" y="3" width="594" height="234" rx="20" fill="#f9f3e3" stroke="#4a235a" stroke-width="4"/>`,
);

export const boxImage = svg(
  300,
  300,
  `<rect width="300" height="300" rx="18" fill="#4a235a"/>
<g transform="translate(150 140) rotate(-14) translate(-110 -100)">${faceBody("cup", 3)}</g>
<g transform="translate(150 140) rotate(12) translate(-30 -100)">${faceBody("star", 7)}</g>
<text x="150" y="280" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="bold" fill="#f4d03f">TEMPLATE: CARDS</text>`,
);

export const backgroundImage = svg(
  100,
  100,
  `<rect width="100" height="100" fill="#154f34"/><path d="M0 50L50 0L100 50L50 100Z" fill="#185a3b"/>`,
);

export const overviewCard = svg(
  400,
  260,
  `<rect width="400" height="260" rx="16" fill="#f9f3e3" stroke="#4a235a" stroke-width="4"/>
<g font-family="sans-serif" fill="#333"><text x="20" y="40" font-size="24" font-weight="bold">Your turn: one of</text>
<text x="20" y="80" font-size="17">Play a card matching the top of the discard</text>
<text x="20" y="104" font-size="17">pile (suit or value): take a coin from the bank.</text>
<text x="20" y="140" font-size="17">Or press Draw: take the top card of the deck.</text>
<text x="20" y="180" font-size="17">Ends when a hand is empty or the bank is.</text>
<text x="20" y="216" font-size="17">Score: coins minus cards left in hand.</text></g>`,
);
