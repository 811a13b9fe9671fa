// The shared look of every report chart: fonts, sizes and the Vega-Lite schema URL (legible in PNG and inline SVG).
import type { Config } from 'vega-lite';
import { labelExpression } from './arm-abbreviations.ts';

/** The Vega-Lite schema every chart declares (a URL only as an identifier: nothing is fetched). */
export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

/** The font every chart uses: installed with Debian's fonts-dejavu and used by resvg for the PNGs. */
export const CHART_FONT = 'DejaVu Sans, Verdana, sans-serif';

/** Chart-wide configuration: white background, readable label and title sizes. */
export const CHART_CONFIG: Config = {
  background: 'white',
  font: CHART_FONT,
  padding: 8,
  view: { stroke: '#bbbbbb' },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 320 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 320, titleLimit: 320 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 400 },
  title: { fontSize: 15, subtitleFontSize: 11, anchor: 'start', subtitleColor: '#444444' },
};

/** The colour of each arm: `domain[i]` is drawn in `range[i]`; `short` maps long arm names to their abbreviation. */
export interface ArmPalette {
  readonly domain: readonly string[];
  readonly range: readonly string[];
  readonly short?: ReadonlyMap<string, string>;
}

const ARM_PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#bcbd22'];

/** Colours of the arms: FIFO is always grey, other arms take the category palette in order. */
export function armColors(arms: readonly string[]): { domain: string[]; range: string[] } {
  const domain = [...arms];
  let next = 0;
  const range = domain.map((a) => (a === 'fifo' ? '#7f7f7f' : ARM_PALETTE[next++ % ARM_PALETTE.length]!));
  return { domain, range };
}

/**
 * The colour scale of one chart's arms taken from a report-wide palette, so an arm keeps its colour in every chart;
 * without a palette (or for an arm the palette lacks) the chart's own arms are coloured in order (`armColors`).
 */
export function armScale(arms: readonly string[], palette?: ArmPalette): { domain: string[]; range: string[] } {
  if (palette === undefined || arms.some((a) => !palette.domain.includes(a))) return armColors(arms);
  return { domain: [...arms], range: arms.map((a) => palette.range[palette.domain.indexOf(a)]!) };
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
