// formatSimulationTable on hand-made results: units per column, no e-notation, no -0.0 %, the sign note once.
import { describe, expect, it } from 'vitest';
import type { SimulationOutput } from '../sim/simulate.ts';
import { formatSimulationTable } from './simulation-table.ts';

function out(arms: Record<string, [number, number, number, number]>): SimulationOutput {
  const a: Record<string, unknown> = {};
  for (const [arm, [mean, p50, p99, wait]] of Object.entries(arms)) a[arm] = { all: { mean_latency_ms: mean, p50_latency_ms: p50, p99_latency_ms: p99, long_max_wait_ms: wait } };
  return { results: { '0.8': { arms: a } } } as unknown as SimulationOutput;
}

describe('formatSimulationTable', () => {
  it('writes each column in its unit, the change in % with one decimal, and the sign convention', () => {
    const text = formatSimulationTable(out({ fifo: [12_000, 250, 3_600_000, 5e7], 'oracle+weights': [6_000, 120, 7_200_000, 9e7], shadow: [11_999.99, 250, 3_600_000, 5e7] }));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^load\s+arm\s+mean \(s\)\s+p50 \(ms\)\s+p99 \(h\)\s+long max wait \(h\)\s+mean vs fifo$/);
    // 6000 ms = 6.00 s; 7 200 000 ms = 2.00 h; (6000 − 12000) / 12000 = −50 %; 5e7 ms = 13.9 h (no e-notation).
    expect(lines[2]).toMatch(/^0\.8\s+oracle\+weights\s+6\.00\s+120\s+2\.00\s+25\.0\s+-50\.0 %$/);
    expect(lines[1]).toContain('13.9');
    expect(text).not.toMatch(/\de[+-]\d|-0\.0 %/);
    expect(lines[3]).toMatch(/\s0\.0 %$/);
    expect(lines[4]).toBe('mean vs fifo: change of the mean latency against fifo at the same load; negative = faster than fifo.');
  });
  it('has no change column entries and no note without fifo', () => {
    const text = formatSimulationTable(out({ predictive: [10, 5, 50, 0] }));
    expect(text.trimEnd().split('\n')).toHaveLength(2);
  });
  it('folds an arm\'s replications into one row: means over seeds, the change vs fifo of the same seed with its t-interval', () => {
    const text = formatSimulationTable(out({
      'fifo#s1': [100, 50, 400, 10], 'fifo#s2': [100, 50, 400, 10], 'fifo#s3': [100, 50, 400, 10],
      'a#s1': [70, 40, 300, 20], 'a#s2': [80, 40, 300, 20], 'a#s3': [90, 40, 300, 20],
    }));
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^0\.8\s+fifo \(3 seeds\)\s+100\s+50\.0\s+400\s+10\.0\s*$/);
    // Per-seed changes −30, −20, −10 %: mean −20 %, s = 10 %, t(0.975, 2 df) = 4.302653 (Student's t table),
    // half-width 4.302653 · 10 / √3 = 24.8 points; the means over seeds: 80 ms.
    expect(lines[2]).toMatch(/^0\.8\s+a \(3 seeds\)\s+80\.0\s+40\.0\s+300\s+20\.0\s+-20\.0 % \[-44\.8 %, 4\.8 %\]$/);
    expect(lines[4]).toContain('arm (N seeds): means over the seeds');
  });
});
