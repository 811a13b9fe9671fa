// The shared look of every report chart: fonts, sizes and the Vega-Lite schema URL (legible in PNG and inline SVG).
import type { Config } from 'vega-lite';
import { labelExpression } from './arm-abbreviations.ts';

/** The Vega-Lite schema every chart declares (a URL only as an identifier: nothing is fetched). */
export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/** The font every chart uses: installed with Debian's fonts-dejavu and used by resvg for the PNGs. */
export const CHART_FONT = 'DejaVu Sans, Verdana, sans-serif';

/** The padding around every chart (px). */
const CHART_PADDING = 8;

/** The gap between the panels of a faceted or concatenated chart (px). */
export const PANEL_SPACING = 12;

/** Chart-wide configuration: white background, readable label and title sizes. */
export const CHART_CONFIG: Config = {
  background: 'white',
  font: CHART_FONT,
  padding: CHART_PADDING,
  view: { stroke: '#bbbbbb' },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 320 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 320, titleLimit: 320, symbolOpacity: 1 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 400 },
  facet: { spacing: PANEL_SPACING },
  concat: { spacing: PANEL_SPACING },
  title: { fontSize: 15, subtitleFontSize: 11, anchor: 'start', subtitleColor: '#444444' },
};

/**
 * The widest a chart is drawn (px): index.html's column, so at a 1400 px window no chart is scaled down (a scaled
 * chart shrinks its text with it).
 */
export const CHART_MAX_WIDTH = 1320;

/**
 * The width (px) of each panel of a chart laid out in `columns` columns so the whole chart fits CHART_MAX_WIDTH:
 * `reserved` px go to the y axis (or axes), labels and headers beside the panels. At most 560 px (one or two
 * panels need not span the page); three columns with one shared y axis get 402 px each.
 */
export function panelWidth(columns: number, reserved = 72): number {
  const n = Math.max(1, columns);
  return Math.min(560, Math.floor((CHART_MAX_WIDTH - 2 * CHART_PADDING - reserved - (n - 1) * PANEL_SPACING) / n));
}

/**
 * The facet field of a chart with one panel per load: headed `load 0.8` (the value says what it is, so no separate
 * "load" title sits above the headers), in the given order.
 */
// The parentheses matter: Vega-Lite replaces datum.label with a conditional expression, which `+` would swallow.
export function loadFacet(loads: readonly string[]): { field: 'load'; type: 'ordinal'; sort: string[]; title: null; header: Record<string, unknown> } {
  return { field: 'load', type: 'ordinal', sort: [...loads], title: null, header: { labelExpr: "'load ' + (datum.label)", labelFontWeight: 'bold' } };
}

/**
 * The row facet field of a chart with one panel row per load: each row headed `load 0.8` above its panel, written
 * across (a rotated header beside the y axis title would stack two titles).
 */
export function loadRowFacet(loads: readonly string[]): { field: 'load'; type: 'ordinal'; sort: string[]; title: null; header: Record<string, unknown> } {
  const f = loadFacet(loads);
  return { ...f, header: { ...f.header, labelAngle: 0, labelOrient: 'top', labelAnchor: 'start' } };
}

/** The colour of each arm: `domain[i]` is drawn in `range[i]`; `short` maps long arm names to their abbreviation. */
export interface ArmPalette {
  readonly domain: readonly string[];
  readonly range: readonly string[];
  readonly short?: ReadonlyMap<string, string>;
}

/**
 * The arm colours, in the order arms take them: Tableau 10 without its grey (FIFO's; its pale yellow last), then seven
 * colours chosen to stay distinct from those nine and from each other, so a report of up to 16 arms besides FIFO
 * repeats no colour.
 */
export const ARM_COLOURS: readonly string[] = [
  '#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#b07aa1', '#ff9da7', '#9c755f', '#edc948',
  '#6a3d9a', '#1b9e77', '#c51b7d', '#003f5c', '#bcbd22', '#17becf', '#8b0000',
];

/** FIFO's colour in every chart: the baseline, grey. */
export const FIFO_COLOUR = '#7f7f7f';

/**
 * Colours of the arms: FIFO grey, the other arms the colours of ARM_COLOURS in the order given (callers pass the
 * report's arms sorted, so the assignment is deterministic); past 16 arms the list starts again.
 */
export function armColors(arms: readonly string[]): { domain: string[]; range: string[] } {
  const domain = [...new Set(arms)];
  let next = 0;
  const range = domain.map((a) => (a === 'fifo' ? FIFO_COLOUR : ARM_COLOURS[next++ % ARM_COLOURS.length]!));
  return { domain, range };
}

/**
 * The colour scale of one chart's arms taken from a report-wide palette, so an arm keeps its colour in every chart.
 * An arm the palette lacks takes the first colour no arm of the palette has (never one already in use); without a
 * palette the chart's own arms are coloured in order (`armColors`).
 */
export function armScale(arms: readonly string[], palette?: ArmPalette): { domain: string[]; range: string[] } {
  if (palette === undefined) return armColors(arms);
  const used = new Set(palette.range);
  const spare = [...ARM_COLOURS.filter((c) => !used.has(c)), ...ARM_COLOURS];
  const domain = [...new Set(arms)];
  const range = domain.map((a) => {
    const i = palette.domain.indexOf(a);
    if (i >= 0) return palette.range[i]!;
    return a === 'fifo' ? FIFO_COLOUR : spare.shift()!;
  });
  return { domain, range };
}

/** The legend placed under the chart, wrapping into `columns` columns (keeps wide faceted charts inside the page). */
export function bottomLegend(columns: number): NonNullable<Config['legend']> {
  return { ...CHART_CONFIG.legend, orient: 'bottom', direction: 'vertical', columns };
}

/**
 * The `legend` of an arm colour channel: labels of long arm names abbreviated as the report's key says
 * (`palette.short`); nothing when no arm is abbreviated, so the legend shows the names as they are.
 */
export function armLegend(palette?: ArmPalette): { legend?: { labelExpr: string } } {
  const expr = palette?.short === undefined ? null : labelExpression(palette.short);
  return expr === null ? {} : { legend: { labelExpr: expr } };
}
