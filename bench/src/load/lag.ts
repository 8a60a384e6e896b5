import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";

// Event-loop delay as Node measures it: a timer every `resolution` ms records the time between its
// runs, so an idle loop reads `resolution`, not 0. The figures here are what lies beyond that.

export const LAG_RESOLUTION_MS = 2;

export interface LagFigures {
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export function lagMonitor(): IntervalHistogram {
  const h = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  h.enable();
  return h;
}

export function lagFigures(h: IntervalHistogram): LagFigures {
  const beyond = (ns: number) =>
    Number.isFinite(ns) && h.count > 0
      ? Math.max(0, Math.round((ns / 1e6 - LAG_RESOLUTION_MS) * 100) / 100)
      : 0;
  return {
    mean: beyond(h.mean),
    p50: beyond(h.percentile(50)),
    p99: beyond(h.percentile(99)),
    max: beyond(h.max),
  };
}
