// Test support: .psd files in the colour modes and depths ag-psd cannot write (CMYK, 16 and 32 bits
// per channel, Bitmap), written byte by byte after Adobe's file format description: header, empty
// colour mode data and image resources, one layer record per layer with raw (uncompressed) channels,
// then the raw composite. Only what the parser's tests need; not a general writer.

export type PsdMode = "bitmap" | "gray" | "rgb" | "cmyk";

/** A layer's channel values at a pixel, 0-255 each: gray [v, a], rgb [r, g, b, a], cmyk ink [c, m, y, k, a]. */
export type Paint = (x: number, y: number) => number[];

export interface RawLayer {
  name: string;
  left: number;
  top: number;
  width: number;
  height: number;
  paint: Paint;
}

export interface RawPsd {
  mode: PsdMode;
  depth: 1 | 8 | 16 | 32;
  width: number;
  height: number;
  layers?: RawLayer[];
  /** The composite's colour channels (no alpha) at a pixel; bitmap: [1] is black. */
  composite: Paint;
}

const MODE_NUMBER: Record<PsdMode, number> = { bitmap: 0, gray: 1, rgb: 3, cmyk: 4 };
const COLOR_CHANNELS: Record<PsdMode, number> = { bitmap: 1, gray: 1, rgb: 3, cmyk: 4 };

class Bytes {
  private parts: Buffer[] = [];
  u8(v: number) {
    this.parts.push(Buffer.from([v & 0xff]));
  }
  u16(v: number) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v & 0xffff);
    this.parts.push(b);
  }
  i16(v: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    this.parts.push(b);
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v >>> 0);
    this.parts.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    this.parts.push(b);
  }
  text(s: string) {
    this.parts.push(Buffer.from(s, "latin1"));
  }
  bytes(b: Buffer) {
    this.parts.push(b);
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** One channel's samples, big-endian, at the file's depth. CMYK ink is stored inverted (255 = none). */
function plane(psd: RawPsd, width: number, height: number, value: (x: number, y: number) => number): Buffer {
  const size = psd.depth === 32 ? 4 : psd.depth === 16 ? 2 : 1;
  const out = Buffer.alloc(width * height * size);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.min(255, Math.max(0, value(x, y)));
      const at = (y * width + x) * size;
      if (psd.depth === 16) out.writeUInt16BE(Math.round(v * 257), at);
      else if (psd.depth === 32) out.writeFloatBE(v / 255, at);
      else out[at] = Math.round(v);
    }
  }
  return out;
}

/** 32-bit files hold linear light; the paint is in sRGB, as a designer picks colours. */
function linear(v: number): number {
  const c = v / 255;
  return 255 * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
}

function channelsOf(psd: RawPsd, layer: RawLayer): { id: number; data: Buffer }[] {
  const colors = COLOR_CHANNELS[psd.mode];
  const at = (i: number) => (x: number, y: number) => {
    const v = layer.paint(x, y)[i] ?? 0;
    if (i === colors) return v; // alpha
    if (psd.mode === "cmyk") return 255 - v;
    return psd.depth === 32 ? linear(v) : v;
  };
  const ids = [-1, ...Array.from({ length: colors }, (_, i) => i)];
  return ids.map((id) => ({
    id,
    data: plane(psd, layer.width, layer.height, at(id === -1 ? colors : id)),
  }));
}

function pascalName(name: string): Buffer {
  const text = Buffer.from(name.slice(0, 255), "latin1");
  const total = Math.ceil((text.length + 1) / 4) * 4;
  const out = Buffer.alloc(total);
  out[0] = text.length;
  text.copy(out, 1);
  return out;
}

function layerInfo(psd: RawPsd): Buffer {
  const layers = psd.layers ?? [];
  if (layers.length === 0) return Buffer.alloc(0);
  const records = new Bytes();
  const data = new Bytes();
  records.i16(layers.length);
  for (const layer of layers) {
    const channels = channelsOf(psd, layer);
    records.i32(layer.top);
    records.i32(layer.left);
    records.i32(layer.top + layer.height);
    records.i32(layer.left + layer.width);
    records.u16(channels.length);
    for (const c of channels) {
      records.i16(c.id);
      records.u32(2 + c.data.length);
    }
    records.text("8BIMnorm");
    records.u8(255); // opacity
    records.u8(0); // clipping
    records.u8(0); // flags: visible
    records.u8(0);
    const name = pascalName(layer.name);
    records.u32(4 + 4 + name.length);
    records.u32(0); // no mask
    records.u32(0); // no blending ranges
    records.bytes(name);
    for (const c of channels) {
      data.u16(0); // raw
      data.bytes(c.data);
    }
  }
  let info = Buffer.concat([records.done(), data.done()]);
  if (info.length % 2 === 1) info = Buffer.concat([info, Buffer.alloc(1)]);
  return info;
}

function composite(psd: RawPsd): Buffer {
  const out = new Bytes();
  out.u16(0); // raw
  if (psd.mode === "bitmap") {
    const row = Math.ceil(psd.width / 8);
    const bits = Buffer.alloc(row * psd.height);
    for (let y = 0; y < psd.height; y++) {
      for (let x = 0; x < psd.width; x++) {
        if (psd.composite(x, y)[0]) bits[y * row + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    out.bytes(bits);
    return out.done();
  }
  for (let i = 0; i < COLOR_CHANNELS[psd.mode]; i++) {
    out.bytes(
      plane(psd, psd.width, psd.height, (x, y) => {
        const v = psd.composite(x, y)[i] ?? 0;
        if (psd.mode === "cmyk") return 255 - v;
        return psd.depth === 32 ? linear(v) : v;
      }),
    );
  }
  return out.done();
}

export function rawPsd(psd: RawPsd): Buffer {
  const out = new Bytes();
  out.text("8BPS");
  out.u16(1);
  out.bytes(Buffer.alloc(6));
  out.u16(COLOR_CHANNELS[psd.mode]);
  out.u32(psd.height);
  out.u32(psd.width);
  out.u16(psd.depth);
  out.u16(MODE_NUMBER[psd.mode]);
  out.u32(0); // colour mode data
  out.u32(0); // image resources
  const info = layerInfo(psd);
  if (info.length === 0) {
    out.u32(0);
  } else {
    out.u32(4 + info.length + 4);
    out.u32(info.length);
    out.bytes(info);
    out.u32(0); // global layer mask info
  }
  out.bytes(composite(psd));
  return out.done();
}
