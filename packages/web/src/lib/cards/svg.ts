/**
 * The SVG that turns a card's markup into an image: its XHTML inside a <foreignObject> of the
 * card's pixel size. The markup must be well-formed XML (serialise it with XMLSerializer) and its
 * images inlined as data: URLs, because an SVG drawn as an image loads nothing from outside.
 */
export function svgDocument(xhtml: string, width: number, height: number): string {
  const w = dimension(width);
  const h = dimension(height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<foreignObject x="0" y="0" width="${w}" height="${h}">${xhtml}</foreignObject></svg>`
  );
}

/** The SVG as a URL an <img> can load: percent-encoded, so any character is safe. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function dimension(n: number): number {
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`bad svg dimension ${n}`);
  return Math.round(n * 1000) / 1000;
}
