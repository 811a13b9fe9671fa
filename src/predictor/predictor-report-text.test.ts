// Tests of the text of `predictor show`: header, one aligned line per key with its gate, and the "more keys" line.
import { describe, expect, it } from 'vitest';
import { Predictor } from './predictor.ts';
import { predictorReport } from './predictor-report.ts';
import { formatPredictorReport } from './predictor-report-text.ts';

describe('formatPredictorReport', () => {
  it('prints the boundaries and each shown key with its gate and reason', () => {
    const p = new Predictor();
    for (let i = 0; i < 100; i++) p.observe('a', 10 + (i % 5));
    for (let i = 0; i < 3; i++) p.observe('b', 500);
    const rep = predictorReport(p);
    const text = formatPredictorReport('w.snap', rep, rep.keys.slice(0, 1));
    expect(text).toMatch(/^boundaries {3}\[[\d.]+, [\d.]+\] ms$/m);
    expect(text).toMatch(/^a +100 .* predicted: passes every gate: median [\d.]+ ms → tier \d$/m);
    expect(text).toContain('… 1 other keys not shown (--top N, --key K, --json)\n');
  });
  it('says when there are no boundaries yet', () => {
    const rep = predictorReport(new Predictor());
    expect(formatPredictorReport('w.snap', rep, [])).toContain('boundaries   none yet\n');
  });
});
