// The tab's icon, and the same icon with a dot in its corner while it is the viewer's turn (issue 37
// point 8): seen in a row of tabs, or a pinned tab, where the title is cut off. Drawn as an SVG data
// URL (the page's CSP allows data: images), so it costs no request and no canvas.

/** The icon the page is served with (index.html). */
export const FAVICON_HREF = "/favicon.svg";

/**
 * The drawing of public/favicon.svg (a test keeps the two the same): an SVG in an <img> or a data URL
 * cannot load another file, so the badged icon carries the drawing itself.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <title>Tabletop Lab</title>
  <rect x="2" y="2" width="28" height="28" rx="7" fill="#2e5d4b" />
  <circle cx="11" cy="11" r="3" fill="#f4efe4" />
  <circle cx="21" cy="21" r="3" fill="#f4efe4" />
  <circle cx="21" cy="11" r="3" fill="#b7791f" />
</svg>`;

/** The badge: a red dot with a white ring, so it reads on a dark tab bar and on the icon's green. */
const BADGE = '<circle cx="25" cy="7" r="6.5" fill="#d32f2f" stroke="#ffffff" stroke-width="1.5" />';

/** The icon with the badge drawn over its top right corner, as a data URL for a <link rel="icon">. */
export function badgedFavicon(svg: string = FAVICON_SVG): string {
  const badged = svg.replace(/<\/svg>\s*$/, `${BADGE}</svg>`);
  return `data:image/svg+xml,${encodeURIComponent(badged)}`;
}
