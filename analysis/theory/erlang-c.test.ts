// Erlang C: the probability of waiting and the mean wait in M/M/c, against the textbook sum and M/M/1.
import { describe, expect, it } from 'vitest';
import { erlangB, erlangC, mm1MeanWait, mmcMeanWait } from './erlang-c.ts';

/** Erlang C from its textbook sum, C = (a^c/c!)(c/(c−a)) / (Σ_{k<c} a^k/k! + (a^c/c!)(c/(c−a))), in log space. */
function erlangCBySum(c: number, a: number): number {
  const logTerm = (k: number): number => k * Math.log(a) - Array.from({ length: k }, (_, i) => Math.log(i + 1)).reduce((s, v) => s + v, 0);
  const top = Math.exp(logTerm(c)) * (c / (c - a));
  let sum = 0;
  for (let k = 0; k < c; k++) sum += Math.exp(logTerm(k));
  return top / (sum + top);
}

describe('Erlang C', () => {
  it('agrees with the textbook sum for several c and loads', () => {
    for (const c of [1, 2, 8, 64]) {
      for (const rho of [0.3, 0.8, 0.95]) expect(erlangC(c, c * rho)).toBeCloseTo(erlangCBySum(c, c * rho), 12);
    }
  });

  it('is ρ for one server, so M/M/c with c = 1 is M/M/1: Wq = ρ/(μ − λ)', () => {
    expect(erlangC(1, 0.7)).toBeCloseTo(0.7, 15);
    expect(mmcMeanWait(0.7, 1, 1)).toBeCloseTo(mm1MeanWait(0.7, 1), 14);
    // Hand-computed: λ 0.8, μ 1: Wq = 0.8/0.2 = 4.
    expect(mm1MeanWait(0.8, 1)).toBeCloseTo(4, 14);
    // Hand-computed: c = 2, a = 1: B = 1/5, C = (1/5)/(1 − ½·⅘) = 1/3; Wq = (1/3)/(2 − 1) = 1/3.
    expect(erlangB(2, 1)).toBeCloseTo(0.2, 15);
    expect(mmcMeanWait(1, 1, 2)).toBeCloseTo(1 / 3, 15);
  });

  it('refuses unstable or invalid parameters', () => {
    expect(() => erlangC(4, 4)).toThrow(RangeError);
    expect(() => erlangB(0, 1)).toThrow(RangeError);
    expect(() => mm1MeanWait(1, 1)).toThrow(RangeError);
    expect(() => mmcMeanWait(-1, 1, 2)).toThrow(RangeError);
  });
});
