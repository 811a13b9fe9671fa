// `traces diagnose` beside the key's predictability: the per-key median with the size bin in the key, when the trace has sizes.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/rng/seeded.ts';
import { generateProdflow } from '../../traces/generators/prodflow.ts';
import { parseArm } from '../arms/index.ts';
import { diagnoseTrace } from './trace-diagnosis.ts';
import { predictabilityLines } from './diagnosis-text.ts';
import type { EstimateRun } from './predictor-estimates.ts';

const run: EstimateRun = { arm: parseArm('predictive', 3), load: 0.8, workers: 4, levels: 3, defaultLevel: 1, split: 'count', fraction: 0.5 };

describe('size-bin predictability', () => {
  it('is reported for a trace with sizes, and the size bins predict better where costs follow sizes', () => {
    // prodflow --sizes with noise 0.1: half of the job mix's spread (invoices, refunds, webhooks, reports) is explained
    // by size, so keying by ⌊log2 size⌋ as well lowers the median |log2 error| of the per-key median.
    const d = diagnoseTrace(generateProdflow({ workers: 4, sizes: { noise: 0.1 } }, createRng(2)), run);
    const bins = d.predictability.per_size_bin_median!;
    expect(bins.n).toBe(d.predictability.per_key_median.n);
    expect(bins.median_abs_log2_error!).toBeLessThan(d.predictability.per_key_median.median_abs_log2_error!);
    expect(predictabilityLines(d).some((l) => l.startsWith('per-key+size-bin median'))).toBe(true);
  });

  it('is absent without a size column (the JSON and the table keep their rows)', () => {
    const d = diagnoseTrace(generateProdflow({ workers: 4 }, createRng(2)), run);
    expect('per_size_bin_median' in d.predictability).toBe(false);
    expect(predictabilityLines(d).some((l) => l.includes('size-bin'))).toBe(false);
  });
});
