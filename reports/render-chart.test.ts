// Rendering: SVG from a spec, inline data only, unique ids per chart, PNG bytes.
import { describe, expect, it } from 'vitest';
import { VEGA_LITE_SCHEMA } from './chart-theme.ts';
import { prefixSvgIds, renderSvg, svgToPng } from './render-chart.ts';

describe('renderSvg and svgToPng', () => {
  it('renders one symbol per data point and rasterises it', async () => {
    const { svg } = await renderSvg({ $schema: VEGA_LITE_SCHEMA, data: { values: [{ a: 1 }, { a: 2 }, { a: 3 }] }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } });
    expect(svg.match(/<g class="mark-symbol role-mark[^>]*>(.*?)<\/g>/)![1]!.match(/<path/g)!.length).toBe(3);
    const png = svgToPng(svg, 1);
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
  });
  it('refuses data that would be fetched from a URL', async () => {
    await expect(renderSvg({ $schema: VEGA_LITE_SCHEMA, data: { url: 'https://example.org/x.json' }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' } } })).rejects.toThrow(/refused to load/);
  });
});

describe('prefixSvgIds', () => {
  it('renames ids and their references, and leaves other references alone', () => {
    const svg = '<svg><clipPath id="clip1"><rect/></clipPath><g clip-path="url(#clip1)" fill="url(#other)"><use href="#clip1"/></g></svg>';
    expect(prefixSvgIds(svg, 'forest')).toBe('<svg><clipPath id="forest-clip1"><rect/></clipPath><g clip-path="url(#forest-clip1)" fill="url(#other)"><use href="#forest-clip1"/></g></svg>');
  });
  it('returns an SVG without ids unchanged', () => {
    expect(prefixSvgIds('<svg><g/></svg>', 'x')).toBe('<svg><g/></svg>');
  });
});
