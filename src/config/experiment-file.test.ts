// parseExperiment: experiment files and their overrides, every issue with its JSON path.
import { describe, expect, it } from 'vitest';
import { parseExperiment, traceName } from './experiment-file.ts';
import { applyOverrides, armKey, checkOverride, overridesText } from './overrides.ts';

const SHA = 'a'.repeat(64);
const good = {
  id: 'demo',
  traces: [{ path: 'traces/t1.csv.gz', sha256: SHA }],
  loads: [0.5, 0.8],
  arms: ['fifo', 'oracle+weights+pausing'],
  overrides: [{}, { 'predictor.minSamples': 5 }, { levels: 2, aging: 'off' }],
  out: 'out/demo',
};

describe('parseExperiment', () => {
  it('accepts a valid file with defaults filled in', () => {
    const r = parseExperiment(good, 'x.json');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.loads).toEqual(['0.5', '0.8']);
    expect(r.value.traces[0]!.name).toBe('t1');
    expect(r.value).toMatchObject({ split: 'time', windows: 7, windowBy: 'time', workers: 64, levels: 3, seed: 1, repeats: 1 });
  });

  it('takes "latency_cdf": true as a switch, leaves it out when false, and refuses any other value', () => {
    const on = parseExperiment({ ...good, latency_cdf: true }, 'x.json');
    expect(on.ok && on.value.latencyCdf).toBe(true);
    const off = parseExperiment({ ...good, latency_cdf: false }, 'x.json');
    expect(off.ok && 'latencyCdf' in off.value).toBe(false);
    const bad = parseExperiment({ ...good, latency_cdf: 'yes' }, 'x.json');
    expect(bad.ok ? [] : bad.issues).toEqual(['x.json → latency_cdf: "yes"; expected true or false (true stores each cell\'s latency CDF)']);
  });

  it('takes a generated trace: named by its kind (or "name"), its sha256 the hash of the spec', () => {
    const r = parseExperiment({ ...good, traces: [{ generate: { kind: 'serverless', n: 100 } }, { generate: { kind: 'serverless', n: 200 }, name: 'big' }] }, 'x.json');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.traces.map((t) => [t.name, t.path])).toEqual([['serverless', 'generate:serverless'], ['big', 'generate:serverless']]);
    expect(r.value.traces[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.value.traces[0]!.sha256).not.toBe(r.value.traces[1]!.sha256);
    const clash = parseExperiment({ ...good, traces: [{ generate: { kind: 'mmc' } }, { generate: { kind: 'mmc', n: 5 }, path: 'x.csv' }, { generate: { kind: 'mmc', rho: 0.5 } }] }, 'x.json');
    expect(clash.ok).toBe(false);
    if (clash.ok) return;
    expect(clash.issues.join('\n')).toContain('x.json → traces[1].path: an unknown field');
    expect(clash.issues.join('\n')).toContain('x.json → traces[2].name: trace name "mmc", also used by traces[0]');
  });

  it('accepts "as-is" as the load list', () => {
    const r = parseExperiment({ ...good, loads: 'as-is' }, 'x.json');
    expect(r.ok && r.value.loads).toEqual(['as-is']);
  });

  it('reports every problem at once, each with its JSON path', () => {
    const r = parseExperiment({
      ...good,
      traces: [{ path: 'a.csv', sha256: 'xyz' }, { path: 'b/a.csv.gz', sha256: SHA }],
      loads: [0.5, -1, 0.5],
      arms: ['fifo', 'fifo', 'oracle@aging=3'],
      overrides: [{}, { 'predictor.noSuchThing': 1 }, { bogus: 2 }, { 'predictor.decay': 1.5 }, {}],
      windowz: 3,
    }, 'x.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.issues.join('\n');
    expect(text).toContain('x.json → traces[0].sha256: "xyz"');
    expect(text).toContain('x.json → traces[1].path: trace name "a", also used by traces[0]');
    expect(text).toContain('x.json → loads[1]: -1; expected a number from 0.000001 to 1000 or "as-is"');
    expect(text).toContain('x.json → loads[2]: load 0.5 given twice');
    expect(text).toContain('x.json → arms[1]: arm "fifo" given twice');
    expect(text).toContain('x.json → arms[2]: "oracle@aging=3"');
    expect(text).toContain("x.json → overrides[1].predictor.noSuchThing: an unknown predictor parameter 'noSuchThing'");
    expect(text).toContain('x.json → overrides[2].bogus: an unknown parameter "bogus"; expected predictor.<name>, aging, weights, agingInterval, levels, workers');
    expect(text).toContain('x.json → overrides[3].predictor.decay: 1.5; expected a number in (0, 1]');
    expect(text).toContain('x.json → overrides[4]: the same overrides as overrides[0]');
    expect(text).toContain('x.json → windowz: an unknown field "windowz"');
    expect(r.issues).toHaveLength(11);
  });

  it('refuses numbers past their documented range, with the JSON path (src/input-ranges.ts)', () => {
    const r = parseExperiment({ ...good, repeats: 1e5, windows: 1e8, workers: 1e12, loads: [1e-320], overrides: [{ workers: 1e6 }] }, 'x.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      'x.json → loads[0]: 1e-320; expected a number from 0.000001 to 1000 or "as-is"',
      'x.json → windows: 100000000; expected an integer from 1 to 10000',
      'x.json → workers: 1000000000000; expected an integer from 1 to 100000',
      'x.json → overrides[0].workers: 1000000; expected an integer from 1 to 100000',
      'x.json → repeats: 100000; expected an integer from 1 to 1000',
    ]);
  });

  it('refuses a non-object', () => {
    const r = parseExperiment([1], 'x.json');
    expect(r.ok).toBe(false);
  });
});

describe('overrides', () => {
  it('names arms with sorted parameters and splits simulate options from arm parameters', () => {
    const o = { weights: [4, 2, 1], 'predictor.minSamples': 5, levels: 2 };
    expect(overridesText(o)).toBe('levels=2,predictor.minSamples=5,weights=4,2,1');
    expect(armKey('predictive+weights', o)).toBe('predictive+weights@levels=2,predictor.minSamples=5,weights=4,2,1');
    expect(applyOverrides('predictive+weights', o)).toEqual({ armText: 'predictive+weights@predictor.minSamples=5,weights=4,2,1', levels: 2, workers: null });
    expect(applyOverrides('fifo', {})).toEqual({ armText: 'fifo', levels: null, workers: null });
    expect(armKey('fifo', {})).toBe('fifo');
  });

  it('checks values per parameter', () => {
    expect(checkOverride('aging', 'off')).toBeNull();
    expect(checkOverride('aging', 0)).not.toBeNull();
    expect(checkOverride('weights', '8,3,1')).toBeNull();
    expect(checkOverride('weights', [8, -1])).not.toBeNull();
    expect(checkOverride('levels', 1)).not.toBeNull();
    expect(checkOverride('predictor.staleAfterMs', 'off')).toBeNull();
    expect(checkOverride('predictor.minSamples', 2.5)).not.toBeNull();
  });

  it('names traces by file name without .csv and .gz', () => {
    expect(traceName('../x/azure-2021.csv.gz')).toBe('azure-2021');
    expect(traceName('t.csv')).toBe('t');
    expect(traceName('dir/.csv.gz')).toBe('trace');
    expect(traceName('!!!.csv')).toBe('!!!');
  });
});
