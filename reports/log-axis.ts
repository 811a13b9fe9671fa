// Log-scale axes that read evenly: a domain snapped to whole decades (or 1-2-5 steps) around the data, ticks on them.
export interface LogAxis {
  /** The scale domain: the largest tick value at or below the data, the smallest at or above it. */
  readonly domain: readonly [number, number];
  /** Tick values, ascending: every decade, or 1-2-5 steps when the data spans two decades or less. */
  readonly values: readonly number[];
}

const STEPS_125 = [1, 2, 5] as const;

/**
 * The domain and ticks of a log axis over the positive finite `values` (others are ignored): decade ticks
 * (0.01, 0.1, 1, 10, …) spanning the data, 1-2-5 ticks when it spans two decades or less, every other decade past
 * eight. The domain ends on ticks, so the labels always reach beyond the data. Returns null when no value is
 * positive and finite (nothing to draw on a log axis).
 */
export function logAxis(values: Iterable<number>): LogAxis | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v) || v <= 0) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === Infinity) return null;
  const lo = Math.floor(Math.log10(min) + 1e-9);
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(max) - 1e-9));
  if (hi - lo <= 2) {
    const ticks: number[] = [];
    for (let e = lo; e <= hi; e++) for (const s of STEPS_125) ticks.push(tidy(s * 10 ** e));
    const first = ticks.filter((t) => t <= min * (1 + 1e-9)).pop() ?? ticks[0]!;
    // One value alone still gets an axis with two ticks: it and the next step up.
    const last = ticks.find((t) => t >= max * (1 - 1e-9) && t > first) ?? ticks[ticks.length - 1]!;
    return { domain: [first, last], values: ticks.filter((t) => t >= first && t <= last) };
  }
  const every = hi - lo > 8 ? 2 : 1;
  const decades: number[] = [];
  for (let e = lo; e <= hi; e += every) decades.push(tidy(10 ** e));
  if (decades[decades.length - 1]! < max) decades.push(tidy(10 ** (lo + Math.ceil((hi - lo) / every) * every)));
  return { domain: [decades[0]!, decades[decades.length - 1]!], values: decades };
}

/** 10 ** e computed in floating point can be 0.30000000000000004: round to 12 significant digits. */
function tidy(x: number): number {
  return Number(x.toPrecision(12));
}

/**
 * The `scale` and `axis` of a Vega-Lite log channel over `values` (see `logAxis`): snapped domain, `nice` off so it
 * stays on the ticks, labels like 0.01, 1, 1,000 (an explicit precision: Vega would otherwise round labels to the tick step). `padding` (px) keeps marks that sit on the domain's ends clear of
 * the axes (dots at a minimum would be cut by the axis line otherwise). Without positive values, a plain log scale.
 */
export function logChannel(values: Iterable<number>, padding = 0): { scale: Record<string, unknown>; axis: Record<string, unknown> } {
  const axis = logAxis(values);
  if (axis === null) return { scale: { type: 'log' }, axis: {} };
  return {
    scale: { type: 'log', domain: [...axis.domain], nice: false, ...(padding > 0 ? { padding } : {}) },
    axis: { values: [...axis.values], format: ',.6~g', grid: true },
  };
}
