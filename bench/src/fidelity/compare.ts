import { initializeCanvas, readPsd } from "ag-psd";
import { PNG } from "pngjs";

// Pixels in, figures out: the .psd's own composite against a screenshot of our card, both composited
// onto white. Pure but for decoding.

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A channel off by more than this counts the pixel as wrong. */
export const OFF_THRESHOLD = 32;

export interface Difference {
  /** Mean absolute difference over R, G and B of every compared pixel, 0-255. */
  mean: number;
  /** Share of compared pixels with any channel off by more than OFF_THRESHOLD, 0-1. */
  offShare: number;
  off: number;
  compared: number;
  /** Each pixel's largest channel difference, amplified, as a grey image (white: equal). */
  map: Rgba;
}

let canvasReady = false;

/** ag-psd asks a canvas hook for every bitmap; plain RGBA buffers do here, as on the server. */
function prepareAgPsd(): void {
  if (canvasReady) return;
  initializeCanvas(
    () => {
      throw new Error("no canvas in the bench");
    },
    (width, height) => ({
      width,
      height,
      data: new Uint8ClampedArray(width * height * 4),
      colorSpace: "srgb",
    }),
  );
  canvasReady = true;
}

/** The composite image Photoshop (or makeFixtures.ts) stored in the file, as 8-bit RGBA. */
export function psdComposite(bytes: Buffer): Rgba {
  prepareAgPsd();
  const psd = readPsd(bytes, { useImageData: true, skipLayerImageData: true, skipThumbnail: true });
  if (!psd.imageData) throw new Error("the .psd has no composite image");
  const { width, height, data } = psd.imageData;
  if (!(data instanceof Uint8ClampedArray || data instanceof Uint8Array)) {
    throw new Error("the .psd's composite is not 8 bits per channel");
  }
  return { width, height, data };
}

export function decodePng(bytes: Buffer): Rgba {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: png.data };
}

export function encodePng(image: Rgba): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data.set(image.data);
  return PNG.sync.write(png);
}

/** Alpha composited onto white: every pixel opaque. */
export function onWhite(image: Rgba): Rgba {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = image.data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(image.data[i + c]! * a + 255 * (1 - a));
    data[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}

/** Compares the top-left area both images cover (the caller reports a size mismatch). */
export function difference(expected: Rgba, actual: Rgba, threshold = OFF_THRESHOLD): Difference {
  const a = onWhite(expected);
  const b = onWhite(actual);
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const map = new Uint8ClampedArray(width * height * 4);
  let sum = 0;
  let off = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.width + x) * 4;
      const j = (y * b.width + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(a.data[i + c]! - b.data[j + c]!);
        sum += d;
        worst = Math.max(worst, d);
      }
      if (worst > threshold) off++;
      const shade = 255 - Math.min(255, worst * 2);
      map.set([shade, shade, shade, 255], (y * width + x) * 4);
    }
  }
  const compared = width * height;
  return {
    mean: compared === 0 ? 0 : sum / (3 * compared),
    offShare: compared === 0 ? 0 : off / compared,
    off,
    compared,
    map: { width, height, data: map },
  };
}
