// Rendering a Vega-Lite spec: compiled to Vega, drawn headless to SVG, rasterised to PNG with resvg (no file I/O).
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** A logger for vega-lite and vega that collects warnings and errors instead of printing them (methods are unbound). */
function collectingLogger(): { logger: unknown; warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  const text = (args: readonly unknown[]): string => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
  const logger = {
    level(l?: number): unknown {
      return l === undefined ? 1 : logger;
    },
    warn: (...args: unknown[]): unknown => (warnings.push(text(args)), logger),
    error: (...args: unknown[]): unknown => (errors.push(text(args)), logger),
    info: (): unknown => logger,
    debug: (): unknown => logger,
  };
  return { logger, warnings, errors };
}

/**
 * Renders a spec to SVG text (inline data only: the loader refuses any URL, so nothing is fetched). Returns the SVG
 * and the compiler's warnings. Throws when the spec does not compile or render.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<{ svg: string; warnings: string[] }> {
  const { logger, warnings, errors } = collectingLogger();
  const compiled = compile(spec, { logger: logger as never }).spec;
  const loader = vega.loader();
  loader.load = (uri: string): Promise<string> => {
    // Vega only warns when data fails to load; a chart drawn without its data must fail instead.
    errors.push(`report charts carry their data inline; refused to load ${uri}`);
    return Promise.reject(new Error(errors[errors.length - 1]));
  };
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', loader, logger: logger as never, logLevel: vega.Warn });
  const svg = await view.toSVG();
  view.finalize();
  if (errors.length > 0) throw new Error(errors.join('; '));
  return { svg, warnings };
}

/** Rasterises SVG text to PNG bytes at `scale` (2 = twice the CSS size, for legibility), with system fonts. */
export function svgToPng(svg: string, scale = 2): Uint8Array {
  const resvg = new Resvg(svg, { fitTo: { mode: 'zoom', value: scale }, background: 'white', font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}

/**
 * Makes the element ids of an SVG unique within a page (`clip1` → `<prefix>-clip1`, with every `url(#…)` and
 * `href="#…"` reference), so several inline charts cannot capture each other's clip paths or gradients.
 */
export function prefixSvgIds(svg: string, prefix: string): string {
  const ids = new Set<string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) ids.add(m[1]!);
  if (ids.size === 0) return svg;
  return svg
    .replace(/\sid="([^"]+)"/g, (_, id: string) => ` id="${prefix}-${id}"`)
    .replace(/url\(#([^)]+)\)/g, (whole, id: string) => (ids.has(id) ? `url(#${prefix}-${id})` : whole))
    .replace(/href="#([^"]+)"/g, (whole, id: string) => (ids.has(id) ? `href="#${prefix}-${id}"` : whole));
}
