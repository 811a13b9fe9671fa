// The mean-wait ratio table and the theory tables `hsim theory` prints.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIXES, waitRatioRow, waitRatioTable } from './wait-ratio-table.ts';
import { erlangCRow, formatTheoryTables, theoryTables } from './theory-tables.ts';

describe('the mean-wait ratio table', () => {
  it('matches a hand-computed row', () => {
    // Hand-computed: ρ 0.5, p 0.5, r 10: λ = 1/11, W0 = 101/22, W_s = 101/21, W_l = 202/21, W_FIFO = 101/11,
    // so short 11/21, long 22/21, all (½·101/21 + ½·202/21)/(101/11) = 11/14, long/short 2.
    const r = waitRatioRow(0.5, { shortShare: 0.5, longShortRatio: 10 });
    expect(r.short).toBeCloseTo(11 / 21, 14);
    expect(r.long).toBeCloseTo(22 / 21, 14);
    expect(r.all).toBeCloseTo(11 / 14, 14);
    expect(r.longOverShort).toBeCloseTo(2, 14);
  });

  it('covers every default mix at every default load; priority helps short and hurts long', () => {
    const rows = waitRatioTable();
    expect(rows).toHaveLength(DEFAULT_MIXES.length * 5);
    for (const r of rows) {
      expect(r.short).toBeLessThan(1);
      expect(r.long).toBeGreaterThan(1);
    }
  });

  it('refuses loads and shares outside (0, 1)', () => {
    expect(() => waitRatioRow(1, { shortShare: 0.5, longShortRatio: 10 })).toThrow(RangeError);
    expect(() => waitRatioRow(0.5, { shortShare: 1, longShortRatio: 10 })).toThrow(RangeError);
  });
});

describe('theory tables', () => {
  it('builds an Erlang C line in units of the mean service time', () => {
    // c = 1 at ρ 0.8: P(wait) 0.8, Wq/E[S] = 0.8/0.2 = 4.
    expect(erlangCRow(1, 0.8)).toEqual({ c: 1, rho: 0.8, probabilityOfWaiting: expect.closeTo(0.8, 14), meanWaitOverService: expect.closeTo(4, 12) });
    expect(() => erlangCRow(4, 1.2)).toThrow(RangeError);
  });

  it('formats every row', () => {
    const t = theoryTables([8], [0.9]);
    const text = formatTheoryTables(t);
    expect(t.erlangC).toHaveLength(1);
    expect(text.split('\n').length).toBeGreaterThan(t.waitRatios.length + 4);
    expect(text).toContain('0.701533');
  });
});
