// Drawn for this project: a box lid with three fanned cards and a pawn.
export const boxImage = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300">
<rect width="300" height="300" rx="18" fill="#2f4858"/>
<rect x="12" y="12" width="276" height="276" rx="12" fill="none" stroke="#f6ae2d" stroke-width="4"/>
<g transform="translate(150 150)">
<rect x="-45" y="-70" width="90" height="130" rx="10" fill="#f26419" transform="rotate(-18) translate(-30 0)"/>
<rect x="-45" y="-70" width="90" height="130" rx="10" fill="#f6ae2d" transform="rotate(0)"/>
<rect x="-45" y="-70" width="90" height="130" rx="10" fill="#86bbd8" transform="rotate(18) translate(30 0)"/>
<circle cx="0" cy="-18" r="14" fill="#2f4858"/>
<path d="M-22 40 Q0 -10 22 40 Z" fill="#2f4858"/>
</g>
<text x="150" y="270" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="bold" fill="#f6ae2d">SANDBOX</text>
</svg>`;
