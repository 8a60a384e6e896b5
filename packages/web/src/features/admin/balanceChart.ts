// The geometry of a win-rate bar chart with 95% interval whiskers: pure numbers, drawn by
// BalanceReportView as SVG. The vertical axis runs from 0 to 100% whatever the rates are, so two
// charts side by side read on one scale.

export interface Bar {
  label: string;
  rate: number;
  low: number;
  high: number;
}

export interface PlacedBar extends Bar {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The bar's centre line, where its whisker stands. */
  cx: number;
  whiskerTop: number;
  whiskerBottom: number;
}

export interface Chart {
  width: number;
  height: number;
  left: number;
  /** The y of 0%. */
  baseline: number;
  bars: PlacedBar[];
}

const BAR = 48;
const GAP = 16;
const PLOT = 120;
const TOP = 8;
const LABELS = 20;

const clamp = (x: number) => Math.min(1, Math.max(0, x));

export function barChart(bars: readonly Bar[]): Chart {
  const baseline = TOP + PLOT;
  const y = (rate: number) => baseline - PLOT * clamp(rate);
  return {
    width: GAP + bars.length * (BAR + GAP),
    height: baseline + LABELS,
    left: 0,
    baseline,
    bars: bars.map((b, i) => {
      const x = GAP + i * (BAR + GAP);
      return {
        ...b,
        x,
        y: y(b.rate),
        w: BAR,
        h: PLOT * clamp(b.rate),
        cx: x + BAR / 2,
        whiskerTop: y(b.high),
        whiskerBottom: y(b.low),
      };
    }),
  };
}
