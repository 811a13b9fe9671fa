// sweep.json written and read in one place: the record hsim sweep writes parses back, and its table reads right.
import { describe, expect, it } from 'vitest';
import { formatSweepTable, looksLikeSweepFile, parseSweepFile, type SweepOutputRecord } from './sweep-output.ts';

const written: SweepOutputRecord = {
  sweep: 'sens',
  gate: 'g.json',
  gate_frozen: false,
  mode: 'one-at-a-time',
  variants: [{ id: 'base', overrides: {} }, { id: 'predictor.decay=0.9', overrides: { 'predictor.decay': 0.9 } }],
  verdicts: [
    { trace: 't', trace_sha256: 'ab', load: '0.8', variant: 'base', passed: true, flipped: false, criteria: { c1: { point: 0.1234, low: 0.1, high: 0.2, status: 'pass' } } },
    { trace: 't', trace_sha256: 'ab', load: '0.8', variant: 'predictor.decay=0.9', passed: false, flipped: true, criteria: { c1: { point: null, low: null, high: null, status: 'unevaluable' } } },
  ],
};

describe('parseSweepFile', () => {
  it('reads back what hsim sweep writes', () => {
    const input = JSON.parse(JSON.stringify(written)) as unknown;
    expect(looksLikeSweepFile(input)).toBe(true);
    const parsed = parseSweepFile(input, 'sweep.json');
    if (!parsed.ok) throw new Error(parsed.issues.join('\n'));
    expect(parsed.value.variants).toEqual([{ id: 'base', overrides: '' }, { id: 'predictor.decay=0.9', overrides: 'predictor.decay=0.9' }]);
    expect(parsed.value.verdicts[1]).toEqual({ trace: 't', traceSha256: 'ab', load: '0.8', variant: 'predictor.decay=0.9', passed: false, flipped: true, criteria: { c1: 'unevaluable' }, estimates: {} });
  });

  it('names the field of a verdict that is not a boolean', () => {
    const parsed = parseSweepFile({ ...written, verdicts: [{ ...written.verdicts[0], passed: 'yes' }] }, 'sweep.json');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues).toEqual(['sweep.json → verdicts[0].passed: found "yes"; expected true or false']);
  });
});

describe('formatSweepTable', () => {
  it('shows each verdict, the flip and the criterion interval to 3 decimals', () => {
    expect(formatSweepTable(written.gate, written.gate_frozen, written.verdicts)).toBe(
      'gate g.json (NOT frozen: evaluated unfrozen)\n' +
      'trace  load  variant              verdict  flipped  c1\n' +
      't      0.8   base                 PASS              0.123 [0.100, 0.200] pass\n' +
      't      0.8   predictor.decay=0.9  FAIL     FLIPPED  — [—, —] unevaluable\n',
    );
  });

  it('says when the gate was frozen and leaves a criterion a verdict lacks empty', () => {
    const v = [{ ...written.verdicts[0]!, criteria: {} }, written.verdicts[1]!];
    expect(formatSweepTable('g.json', true, v).split('\n').slice(0, 3)).toEqual([
      'gate g.json (frozen)',
      'trace  load  variant              verdict  flipped  c1',
      't      0.8   base                 PASS',
    ]);
  });
});
