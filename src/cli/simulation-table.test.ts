// formatSimulationTable on hand-made results: units per column, no e-notation, no -0.0 %, the sign note once.
import { describe, expect, it } from 'vitest';
import type { SimulationOutput } from '../../sim/simulate.ts';
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
});
