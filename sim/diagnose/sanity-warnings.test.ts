// Tests of the sanity warnings of simulate/run/sweep: each fires once for its cause and not without it.
import { describe, expect, it } from 'vitest';
import { traceFromRows } from '../../src/trace/trace.ts';
import { parseArm } from '../arms/index.ts';
import type { Load } from '../split.ts';
import { sanityWarnings, type SanityConfig } from './sanity-warnings.ts';

// 40 rows, keys k0..k3 in turn, one every 1000 ms, durations 10..400 ms (history 20 rows, evaluation 20).
const trace = traceFromRows(Array.from({ length: 40 }, (_, i) => ({ arrival_ms: i * 1000, duration_ms: 10 * (i + 1), key: `k${i % 4}` })));

function cfg(loads: Load[], arms: string[], windows = 2): SanityConfig {
  return { loads, arms: arms.map((a) => parseArm(a, 3)), workers: 1, levels: 3, defaultLevel: 1, split: 'count', fraction: 0.5, windows };
}

describe('sanityWarnings', () => {
  it('warns about overload, a percentage typo and too few rows per window, naming the option', () => {
    const ws = sanityWarnings(trace, cfg([0.5, 1, 80], ['fifo'], 7));
    expect(ws.map((w) => w.parameter)).toEqual(['--load', '--load', '--windows']);
    expect(ws[0]!.text).toMatch(/^load 1 ≥ 1 requests overload/);
    expect(ws[1]!.text).toMatch(/^load 80 is more than 10 times/);
    expect(ws[2]!.text).toMatch(/^20 evaluation rows in 7 windows: fewer than 10 per window/);
  });
  it('warns about an as-is load that suggests wrong units', () => {
    // Evaluation work 210 + … + 400 = 6100 ms over a span of 19000 ms on 1 worker: 0.32, fine; on 1000 workers 3.2e-4.
    expect(sanityWarnings(trace, cfg(['as-is'], ['fifo']))).toEqual([]);
    const ws = sanityWarnings(trace, { ...cfg(['as-is'], ['fifo']), workers: 1000 });
    expect(ws).toEqual([{ parameter: '--load as-is', text: expect.stringContaining('offers a load of 0.000321 to 1000 workers as-is') as unknown as string }]);
  });
  it('gives the stale-key warning only to predictive arms, once per load', () => {
    // Each key recurs every 4000 ms; at load 0.01 on 1 worker the compress factor is 0.01·19000/6100 ≈ 0.031, so gaps
    // become ≈ 128 s: stale with predictor.staleAfterMs = 60000.
    const stale = 'predictive@predictor.staleAfterMs=60000';
    expect(sanityWarnings(trace, cfg([0.01], ['fifo']))).toEqual([]);
    const ws = sanityWarnings(trace, cfg([0.01], [stale, 'predictive+weights@predictor.staleAfterMs=60000']));
    expect(ws.filter((w) => w.parameter === 'predictor.staleAfterMs')).toHaveLength(1);
    expect(ws.find((w) => w.parameter === 'predictor.staleAfterMs')!.text).toMatch(/^100 % of evaluation jobs arrive more than 1 min after their key's previous job \(load 0\.01\)/);
  });

  it('describes the order of tied rows as the run uses it: the file, --ties shuffle:N, or --jitter', () => {
    // Rows in pairs sharing an arrival: every row is tied.
    const tied = traceFromRows(Array.from({ length: 40 }, (_, i) => ({ arrival_ms: Math.floor(i / 2) * 1000, duration_ms: 10, key: 'k' })));
    const tieText = (c: SanityConfig): string | undefined => sanityWarnings(tied, c).find((w) => w.parameter === 'trace arrival_ms')?.text;
    expect(tieText(cfg([0.5], ['fifo']))).toBe('100 % of rows share their arrival time with another row: their order is the file order, and arrival-time resolution may hide the real order');
    expect(tieText({ ...cfg([0.5], ['fifo']), perturb: { ties: { seed: 3 }, jitter: null } })).toContain('their order is a seeded shuffle within each tie group (--ties shuffle:3), and');
    expect(tieText({ ...cfg([0.5], ['fifo']), perturb: { ties: { seed: 3 }, jitter: { ms: 500, seed: 1 } } })).toContain('their order is set by --jitter 500:1, which moves each arrival within ±500 ms');
    expect(tieText({ ...cfg([0.5], ['fifo']), perturb: { ties: null, jitter: null } })).toContain('their order is the file order');
  });
  it('warns when the CPU demand at a load exceeds --cores, with the numbers, and not below it', () => {
    // Evaluation mean duration 6100/20 = 305 ms; on 4 workers at load 0.8 the demand is 3.2 cores.
    const four = { ...cfg([0.4, 0.8], ['fifo']), workers: 4, cores: 2 };
    const ws = sanityWarnings(trace, four).filter((w) => w.parameter === '--cores');
    expect(ws.map((w) => w.text)).toEqual(['at load 0.8 the 4 workers offer 3.2 cores of CPU demand (load × workers) to --cores 2: the cores are overloaded 1.6×, so handlers run slower than their durations and queues grow for as long as the trace lasts (lower the load, or give more cores)']);
    // An overhead of 305 ms per message doubles the demand: 0.4 · 4 · 2 = 3.2 cores.
    const over = sanityWarnings(trace, { ...four, overheadMs: 305 }).filter((w) => w.parameter === '--cores');
    expect(over.map((w) => w.text)).toEqual([expect.stringContaining('at load 0.4 the 4 workers offer 3.2 cores of CPU demand (load × workers, plus --overhead per message)'), expect.stringContaining('at load 0.8 the 4 workers offer 6.4 cores')]);
    expect(sanityWarnings(trace, { ...four, cores: 4 }).filter((w) => w.parameter === '--cores')).toEqual([]);
  });

  it('warns when durations look like the wrong unit (median above the arrival span), naming the convert flag', () => {
    // 20 rows 1 s apart (span 19 s), each 60 s: ms declared as s would look like this.
    const long = traceFromRows(Array.from({ length: 20 }, (_, i) => ({ arrival_ms: i * 1000, duration_ms: 60_000, key: 'k' })));
    const ws = sanityWarnings(long, cfg([0.5], ['fifo'], 1)).filter((w) => w.parameter === '--duration-unit of hsim convert');
    expect(ws.map((w) => w.text)).toEqual([expect.stringMatching(/^durations look far too long for their arrivals \(median duration 1 min against an arrival span of 19 s; .*\): are they in ms but declared as s\? If so, convert the source again with the right --duration-unit/)]);
    expect(sanityWarnings(trace, cfg([0.5], ['fifo'], 1)).map((w) => w.parameter)).not.toContain('--duration-unit of hsim convert');
  });
});
