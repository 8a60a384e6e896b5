// Images drawn for this template, as compact SVG text. A copied project replaces them with its own
// art; every file here is served at /game-assets/{slug}/{file} and named in components.ts.

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** Player colours of the platform (game-table.md section 3). */
export const PLAYER_HEX: { [color: string]: string } = {
  red: "#ff4038",
  blue: "#2799d8",
  green: "#57a141",
  yellow: "#ecce46",
  cyan: "#00a9a9",
  orange: "#ee6401",
  cerise: "#d8358c",
  lime: "#b3cc00",
  purple: "#825a9d",
  white: "#b1b1b1",
};

export const CELL = 100;

/** A square board of size x size cells, one image per supported size. */
export function boardImage(size: number): string {
  const side = size * CELL + 40;
  const lines: string[] = [];
  for (let i = 0; i <= size; i++) {
    const p = 20 + i * CELL;
    lines.push(`M${p} 20V${side - 20}M20 ${p}H${side - 20}`);
  }
  return svg(
    side,
    side,
    `<rect width="${side}" height="${side}" rx="24" fill="#e9d8a6"/><path d="${lines.join("")}" stroke="#94714a" stroke-width="4"/>`,
  );
}

export const stone = (hex: string) =>
  svg(
    80,
    80,
    `<circle cx="40" cy="40" r="34" fill="${hex}" stroke="#333" stroke-width="4"/><circle cx="30" cy="30" r="9" fill="#fff" opacity="0.4"/>`,
  );

export const trayImage = svg(
  420,
  140,
  `<rect x="3" y="3" width="414" height="134" rx="20" fill="#f7f0dc" stroke="#94714a" stroke-width="4"/>`,
);

export const boxImage = svg(
  300,
  300,
  `<rect width="300" height="300" rx="18" fill="#005f73"/>
<g transform="translate(60 50)"><rect width="180" height="180" rx="10" fill="#e9d8a6"/>
<path d="M60 0V180M120 0V180M0 60H180M0 120H180" stroke="#94714a" stroke-width="4"/>
<circle cx="30" cy="30" r="22" fill="#ff4038"/><circle cx="90" cy="90" r="22" fill="#2799d8"/><circle cx="150" cy="90" r="22" fill="#2799d8"/></g>
<text x="150" y="275" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="bold" fill="#e9d8a6">TEMPLATE: BOARD</text>`,
);

export const backgroundImage = svg(
  120,
  120,
  `<rect width="120" height="120" fill="#0a4d5c"/><circle cx="60" cy="60" r="4" fill="#0f5e6f"/>`,
);

export const overviewCard = svg(
  400,
  260,
  `<rect width="400" height="260" rx="16" fill="#f7f0dc" stroke="#94714a" stroke-width="4"/>
<g font-family="sans-serif" fill="#333"><text x="20" y="40" font-size="24" font-weight="bold">Your turn</text>
<text x="20" y="80" font-size="17">1. Click one of your stones, then an empty cell.</text>
<text x="20" y="112" font-size="17">2. Press Score: 1 point, +1 per own stone</text>
<text x="40" y="136" font-size="17">next to it (up, down, left, right).</text>
<text x="20" y="176" font-size="17">First to the target wins; otherwise the</text>
<text x="20" y="200" font-size="17">game ends when stones run out.</text></g>`,
);
