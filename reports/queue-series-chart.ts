// The queues over time (from `series`): waiting per level, busy workers and promoted share, the paper's Figure 7 (a), (c).
import type { TopLevelSpec } from 'vega-lite';
import { pickTimeUnit } from '../src/format/number-format.ts';
import { labelExpression } from './arm-abbreviations.ts';
import { bottomLegend, CHART_CONFIG, CHART_MAX_WIDTH, PANEL_SPACING, VEGA_LITE_SCHEMA, type ArmPalette } from './chart-theme.ts';
import { sortedArms, sortedLoads, type TraceResults } from './trace-results.ts';

/** The three panels of a column, top to bottom. */
export const SERIES_METRICS = ['messages waiting', 'busy workers', 'promoted share of waiting'] as const;

/** One sample of one series line: an arm's level (or `all` for busy workers) at one instant. */
export interface QueueSeriesRow {
  readonly arm: string;
  readonly metric: (typeof SERIES_METRICS)[number];
  readonly level: string;
  readonly t_ms: number;
  readonly value: number;
}

/** The rows of the highest load whose arms have `series` (the busiest queues), or null when none has it. */
export function queueSeriesRows(trace: TraceResults): { load: string; rows: QueueSeriesRow[] } | null {
  for (const load of sortedLoads(trace).reverse()) {
    const arms = trace.extras.get(load);
    if (arms === undefined) continue;
    const rows: QueueSeriesRow[] = [];
    for (const arm of sortedArms(arms.keys())) {
      const s = arms.get(arm)!.series;
      if (s === null) continue;
      s.atMs.forEach((t, k) => {
        s.waiting.forEach((w, l) => rows.push({ arm, metric: SERIES_METRICS[0], level: `level ${l}`, t_ms: t, value: w[k]! }));
        rows.push({ arm, metric: SERIES_METRICS[1], level: 'all', t_ms: t, value: s.busy[k]! });
        s.promotedShare.forEach((p, l) => rows.push({ arm, metric: SERIES_METRICS[2], level: `level ${l}`, t_ms: t, value: p[k]! }));
      });
    }
    if (rows.length > 0) return { load, rows };
  }
  return null;
}

type FacetColumn = Extract<TopLevelSpec, { hconcat: unknown }>['hconcat'][number];

/** Colours of the levels (navy = the highest priority) and of `all` (grey): this chart colours levels, not arms. */
const LEVEL_COLOURS = ['#08306b', '#d95f02', '#7570b3', '#66a61e', '#999999'];

/**
 * One column per metric (waiting, busy workers, promoted share), one row per arm, one line per level over simulated
 * time in the unit that fits the span. Each metric's y scale is shared by every arm (the rows compare like with
 * like: the same count or share under another policy), and the three columns together fit the page, however many
 * arms there are. A per-key or ideal-order arm has one level (its total). `palette` abbreviates long arm names.
 */
export function queueSeriesChart(trace: string, load: string, rows: readonly QueueSeriesRow[], palette?: ArmPalette): TopLevelSpec {
  const arms = sortedArms(new Set(rows.map((r) => r.arm)));
  const unit = pickTimeUnit(rows.map((r) => r.t_ms));
  const levels = [...new Set(rows.map((r) => r.level))].sort();
  const levelColours = levels.map((l, i) => (l === 'all' ? '#555555' : LEVEL_COLOURS[Math.min(i, LEVEL_COLOURS.length - 1)]!));
  const labelExpr = palette?.short === undefined ? null : labelExpression(palette.short);
  // Each panel is headed by its arm (above it, so the three columns stay aligned row by row); measured on rendered
  // charts, the three y axes, gaps and padding take about 180 px beside the panels.
  const width = Math.floor((CHART_MAX_WIDTH - 180 - 2 * PANEL_SPACING) / 3);
  const column = (metric: (typeof SERIES_METRICS)[number]): FacetColumn => ({
    title: { text: metric, anchor: 'middle', fontSize: 12, fontWeight: 'bold' },
    transform: [{ filter: { field: 'metric', equal: metric } }],
    // Rows are laid out by their panels alone (not by what their axes draw), so the columns stay aligned; the gap
    // between rows holds each panel's arm header.
    bounds: 'flush',
    spacing: { row: 36 },
    facet: {
      row: {
        field: 'arm',
        type: 'nominal',
        title: null,
        sort: arms,
        header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelBaseline: 'bottom', labelPadding: -10, labelFontWeight: 'bold', labelLimit: width, ...(labelExpr === null ? {} : { labelExpr }) },
      },
    },
    spec: {
      width,
      height: 110,
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
      encoding: {
        x: { field: 't', type: 'quantitative', title: `simulated time (${unit.name})`, scale: { nice: false } },
        y: { field: 'value', type: 'quantitative', title: null, ...(metric === SERIES_METRICS[2] ? { axis: { format: '.0%' }, scale: { domain: [0, 1] } } : { scale: { zero: true } }) },
        color: { field: 'level', type: 'nominal', title: 'level', sort: levels, scale: { domain: levels, range: levelColours } },
        tooltip: [{ field: 'arm', type: 'nominal' }, { field: 'level', type: 'nominal' }, { field: 't', type: 'quantitative', title: `t (${unit.name})` }, { field: 'value', type: 'quantitative', format: ',.4~g' }],
      },
    },
  });
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Queues over time: ${trace}, load ${load}`, subtitle: 'sampled in the simulation (simulate --series N); one row per arm, each column on one y scale for every arm' },
    config: { ...CHART_CONFIG, legend: bottomLegend(6) },
    data: { values: rows.map((r) => ({ ...r, t: Number((r.t_ms / unit.ms).toPrecision(6)) })) },
    hconcat: SERIES_METRICS.map(column),
    resolve: { scale: { y: 'independent', color: 'shared' } },
  };
}
