// Golden test: every chart builder's spec on the fixture equals the committed reports/golden/<name>.vl.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../src/json/stable-json.ts';
import { goldenSpecs } from './golden-specs.ts';
import { renderSvg } from './render-chart.ts';
import { GOLDEN_DIR } from './write-goldens-io.ts';

const specs = goldenSpecs();

describe('golden chart specs (regenerate with `make goldens`, review the diff)', () => {
  it('covers every chart with a golden spec', () => {
    expect(Object.keys(specs).sort()).toEqual(['forest', 'forest-replications', 'labels', 'latency-cdf', 'load-curve', 'outcomes', 'sensitivity', 'sensitivity-effects', 'tiers', 'wait-ratio', 'window-series']);
  });
  for (const [name, spec] of Object.entries(specs)) {
    it(`${name} matches reports/golden/${name}.vl.json`, () => {
      const path = join(GOLDEN_DIR, `${name}.vl.json`);
      expect(existsSync(path), `${path} is missing: run make goldens`).toBe(true);
      expect(stableStringify(spec)).toBe(readFileSync(path, 'utf8'));
    });
    it(`${name} renders to SVG without compiler warnings`, async () => {
      const { svg, warnings } = await renderSvg(spec);
      expect(warnings).toEqual([]);
      expect(svg).toMatch(/^<svg /);
      expect(svg).toContain('role-mark');
    });
  }
});
