import { type Layer, type PixelData, writePsdBuffer } from "ag-psd";

// Test support: a small card template written with ag-psd's own writer (plain image data, no canvas),
// for the parser's tests and for route and browser tests that upload a .psd.

export const FIXTURE_CARD = { w: 250, h: 350 };

type Paint = (x: number, y: number) => [number, number, number, number];

function pixels(width: number, height: number, paint: Paint): PixelData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  }
  return { width, height, data };
}

const parchment: Paint = () => [240, 230, 210, 255];
const art: Paint = (x, y) => [(x * 255) / 200, (y * 255) / 150, 128, 255];
// Stand-in for rendered glyphs: Photoshop stores text layers' pixels too, and their box is the layer's.
const ink: Paint = (x) => (x % 4 < 2 ? [20, 20, 60, 255] : [0, 0, 0, 0]);

/**
 * A 250x350 card template, bottom to top: 'background' (the whole card), 'art' (200x150 at 25,40),
 * 'title' (point text 'Card title', ArialMT 24 px, centred, #202060) and 'text' (paragraph text in a
 * 200x100 frame at 25,220, Georgia 14 px scaled 1.5 = 21 px, black, two lines).
 */
export function buildPsd(): Buffer {
  const layers: Layer[] = [
    { name: "background", left: 0, top: 0, imageData: pixels(250, 350, parchment) },
    { name: "art", left: 25, top: 40, imageData: pixels(200, 150, art) },
    {
      name: "title",
      left: 60,
      top: 8,
      imageData: pixels(130, 24, ink),
      text: {
        text: "Card title",
        transform: [1, 0, 0, 1, 125, 30],
        style: { font: { name: "ArialMT" }, fontSize: 24, fillColor: { r: 32, g: 32, b: 96 } },
        paragraphStyle: { justification: "center" },
      },
    },
    {
      name: "text",
      left: 25,
      top: 222,
      imageData: pixels(150, 40, ink),
      text: {
        text: "Card text\rsecond line",
        transform: [1.5, 0, 0, 1.5, 25, 220],
        shapeType: "box",
        boxBounds: [0, 0, 200 / 1.5, 100 / 1.5],
        style: { font: { name: "Georgia" }, fontSize: 14, fillColor: { r: 0, g: 0, b: 0 } },
        paragraphStyle: { justification: "left" },
      },
    },
  ];
  return writePsdBuffer({
    width: FIXTURE_CARD.w,
    height: FIXTURE_CARD.h,
    imageData: pixels(250, 350, parchment),
    children: layers,
  });
}
