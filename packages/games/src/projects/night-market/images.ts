// Art drawn for Night Market as compact SVG text: lantern-lit stalls, five goods, a bell and moths.

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`;

export const GOODS = {
  silk: { name: "Silk", color: "#c0392b" },
  spice: { name: "Spice", color: "#d35400" },
  tea: { name: "Tea", color: "#27ae60" },
  jade: { name: "Jade", color: "#16a085" },
  incense: { name: "Incense", color: "#8e44ad" },
} as const;
export type Good = keyof typeof GOODS;

const icon: Record<Good, string> = {
  silk: `<path d="M-26-14C-10-26 10-2 26-14V14C10 26-10 2-26 14Z"/>`,
  spice: `<path d="M-24 16H24L16-4H-16Z"/><circle cy="-12" r="10"/>`,
  tea: `<path d="M-20-10H16V8C16 20-20 20-20 8ZM16-4C30-4 30 10 16 10" fill-opacity="0.9"/><path d="M-8-24C-12-18-4-16-8-12" stroke-width="3" fill="none"/>`,
  jade: `<path d="M0-26L22 0L0 26L-22 0Z"/><path d="M0-14L10 0L0 14L-10 0Z" fill="#fff" opacity="0.4"/>`,
  incense: `<path d="M-3 24V-4H3V24Z"/><path d="M0-8C-10-16 10-20 0-28" stroke-width="3" fill="none"/>`,
};

function frame(color: string, body: string): string {
  return svg(
    140,
    200,
    `<rect x="3" y="3" width="134" height="194" rx="14" fill="#1b1734" stroke="${color}" stroke-width="5"/>
<circle cx="70" cy="92" r="46" fill="${color}" opacity="0.22"/>${body}`,
  );
}

export function goodCard(good: Good): string {
  const { name, color } = GOODS[good];
  return frame(
    color,
    `<g transform="translate(70 92) scale(1.3)" fill="${color}" stroke="${color}">${icon[good]}</g>
<text x="70" y="176" text-anchor="middle" font-family="serif" font-size="24" fill="#f5e6c4">${name}</text>`,
  );
}

export const bellCard = frame(
  "#f1c40f",
  `<g transform="translate(70 90)" fill="#f1c40f"><path d="M-26 20C-22 0-22-24 0-28C22-24 22 0 26 20Z"/><circle cy="26" r="7"/></g>
<text x="70" y="170" text-anchor="middle" font-family="serif" font-size="19" fill="#f5e6c4">Closing Bell</text>`,
);

export const mothCard = frame(
  "#95a5a6",
  `<g transform="translate(70 92)" fill="#bdc3c7"><path d="M0-4C-30-34-44 6-6 8C-34 26-10 40 0 10C10 40 34 26 6 8C44 6 30-34 0-4Z"/></g>
<text x="70" y="176" text-anchor="middle" font-family="serif" font-size="24" fill="#f5e6c4">Moth</text>`,
);

export const cardBack = svg(
  140,
  200,
  `<rect x="3" y="3" width="134" height="194" rx="14" fill="#241a4a" stroke="#e67e22" stroke-width="5"/>
<g transform="translate(70 100)"><path d="M-10-44H10M0-44V-32" stroke="#e67e22" stroke-width="4"/>
<path d="M-22-32H22C30-10 30 14 22 32H-22C-30 14-30-10-22-32Z" fill="#e67e22"/><path d="M-12-20H12V22H-12Z" fill="#f9e79f"/></g>`,
);

export const lantern = svg(
  60,
  80,
  `<path d="M24 4H36M30 4V14" stroke="#5d4037" stroke-width="4"/><path d="M14 14H46C54 34 54 54 46 74H14C6 54 6 34 14 14Z" fill="#e74c3c" stroke="#922b21" stroke-width="3"/>
<path d="M22 26H38V62H22Z" fill="#f9e79f"/>`,
);

/** A price plaque for a good: the price a card of it sells for. */
export function pricePlaque(good: Good, price: number): string {
  const { color } = GOODS[good];
  return svg(
    80,
    80,
    `<circle cx="40" cy="40" r="36" fill="#1b1734" stroke="${color}" stroke-width="6"/><text x="40" y="52" text-anchor="middle" font-family="serif" font-size="34" font-weight="bold" fill="#f5e6c4">${price}</text>`,
  );
}

export const marketBoard = svg(
  1100,
  620,
  `<rect width="1100" height="620" rx="30" fill="#150f2e"/>
<path d="M40 70Q550 10 1060 70" stroke="#5d4037" stroke-width="5" fill="none"/>
${[120, 300, 480, 660, 840, 1000].map((x) => `<circle cx="${x}" cy="${58 - Math.round(Math.sin((x / 1100) * Math.PI) * 30)}" r="14" fill="#e67e22"/>`).join("")}
${[0, 1, 2, 3].map((i) => `<rect x="${210 + i * 170}" y="110" width="150" height="210" rx="14" fill="none" stroke="#e67e22" stroke-dasharray="10 8" stroke-width="3"/><text x="${285 + i * 170}" y="345" text-anchor="middle" font-family="serif" font-size="22" fill="#f5e6c4">${i} coin${i === 1 ? "" : "s"}</text>`).join("")}
<rect x="210" y="380" width="660" height="210" rx="14" fill="#1f1842"/><text x="540" y="606" text-anchor="middle" font-family="serif" font-size="20" fill="#a58fd1">the lantern-lit stall</text>
<text x="980" y="130" text-anchor="middle" font-family="serif" font-size="20" fill="#f1c40f">bell</text>`,
);

export const stallArea = svg(
  520,
  240,
  `<rect x="3" y="3" width="514" height="234" rx="20" fill="#241a4a" stroke="#e67e22" stroke-width="4"/>
<path d="M3 40H517" stroke="#e67e22" stroke-width="3" stroke-dasharray="16 10"/>`,
);

export const bankImage = svg(
  120,
  120,
  `<rect x="4" y="4" width="112" height="112" rx="24" fill="#3b2a14" stroke="#e67e22" stroke-width="4"/>`,
);

/** The coin counter's icon (its customIcon). */
export const coinIcon = svg(
  40,
  40,
  `<circle cx="20" cy="20" r="17" fill="#f1c40f" stroke="#b7950b" stroke-width="3"/><circle cx="20" cy="20" r="10" fill="none" stroke="#b7950b" stroke-width="2"/>`,
);

export const boxImage = svg(
  300,
  300,
  `<rect width="300" height="300" rx="18" fill="#150f2e"/>
<path d="M10 70Q150 20 290 70" stroke="#8d6e63" stroke-width="4" fill="none"/>
${[50, 110, 170, 230].map((x, i) => `<g transform="translate(${x - 14} ${52 - (i === 1 || i === 2 ? 14 : 4)})"><path d="M6 6H22C28 18 28 30 22 42H6C0 30 0 18 6 6Z" fill="${["#e74c3c", "#e67e22", "#f1c40f", "#e74c3c"][i]}"/></g>`).join("")}
<text x="150" y="190" text-anchor="middle" font-family="serif" font-size="50" font-weight="bold" fill="#f5e6c4">Night</text>
<text x="150" y="245" text-anchor="middle" font-family="serif" font-size="50" font-weight="bold" fill="#e67e22">Market</text>`,
);

/** A night sky the size of a screen: the page covers the window with it, so small stars stay small. */
export const backgroundImage = svg(
  1600,
  1000,
  `<rect width="1600" height="1000" fill="#0e0a22"/>${Array.from({ length: 90 }, (_, i) => {
    // A fixed scatter (no randomness: the image is part of the shipped content and must not change).
    const x = (i * 397) % 1600;
    const y = (i * 233 + (i % 7) * 61) % 1000;
    return `<circle cx="${x}" cy="${y}" r="${1 + (i % 3) * 0.5}" fill="#f5e6c4"/>`;
  }).join("")}`,
);

export const overviewCard = svg(
  420,
  330,
  `<rect width="420" height="330" rx="16" fill="#241a4a" stroke="#e67e22" stroke-width="4"/>
<g font-family="serif" fill="#f5e6c4"><text x="20" y="38" font-size="24" font-weight="bold">Night Market: on your turn, one of</text>
<text x="20" y="76" font-size="17">BUY: click a row card; pay 0 to 3 coins by its place.</text>
<text x="20" y="108" font-size="17">SELL: click a hand card: sell all of that good at its</text>
<text x="40" y="130" font-size="17">price. That price drops to 1, the others rise by 1.</text>
<text x="40" y="152" font-size="17">3 or more: take a lantern (5 points).</text>
<text x="20" y="188" font-size="17">FORAGE: flip cards into the stall; stop to keep them.</text>
<text x="40" y="210" font-size="17">A moth or a repeated good: bust (or burn 1 oil).</text>
<text x="20" y="246" font-size="17">The Closing Bell: everyone has one last turn.</text>
<text x="20" y="282" font-size="17">Score: coins + 5 per lantern + 1 per oil.</text></g>`,
);
